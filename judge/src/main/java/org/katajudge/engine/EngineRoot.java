package org.katajudge.engine;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;

import java.util.ArrayList;
import java.util.List;

/** The engine's root in the test plan, with the warnings of reading the paths, published when it runs. */
final class EngineRoot extends EngineDescriptor {

    final List<String> warnings = new ArrayList<>();

    EngineRoot(UniqueId uniqueId) {
        super(uniqueId, "kata-judge");
    }
}

package org.katajudge.engine;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;

/** One test of a submission, identified by its {@link GradingListener} key. */
final class SubmissionTestDescriptor extends AbstractTestDescriptor {

    static final String SEGMENT = "test";

    private final String key;

    SubmissionTestDescriptor(UniqueId parent, String key, String displayName) {
        super(parent.append(SEGMENT, key), displayName);
        this.key = key;
    }

    String key() {
        return key;
    }

    @Override
    public Type getType() {
        return Type.TEST;
    }
}

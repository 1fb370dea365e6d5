package org.katajudge.engine;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;

/** One test of a submission, identified by its {@link GradingListener} key. */
final class SubmissionTestDescriptor extends AbstractTestDescriptor {

    static final String SEGMENT = "test";

    private final String key;

    SubmissionTestDescriptor(UniqueId parent, String key, String displayName) {
        this(parent, key, key, displayName);
    }

    /**
     * @param idSegment the test's part of its unique id, when it must differ from its key (a hidden
     *                  example in student view: ids end up in reports, and its key names it)
     */
    SubmissionTestDescriptor(UniqueId parent, String key, String idSegment, String displayName) {
        super(parent.append(SEGMENT, idSegment), displayName);
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

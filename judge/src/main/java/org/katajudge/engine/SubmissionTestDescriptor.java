package org.katajudge.engine;

import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.katajudge.engine.plan.PlannedTest;

/**
 * One planned test of a submission, identified by its {@link PlannedTest#key()}. Its display name is
 * complete on its own ({@code knight-moves › carol › example g2 to a8}), since tools such as
 * Surefire show a test's name without its parents.
 */
final class SubmissionTestDescriptor extends AbstractTestDescriptor {

    static final String SEGMENT = "test";

    private final PlannedTest test;

    SubmissionTestDescriptor(SubmissionDescriptor submission, PlannedTest test, String name) {
        this(submission, test, test.key(), name);
    }

    /**
     * @param idSegment the test's part of its unique id, when it must differ from its key (a hidden
     *                  example in student view: ids end up in reports, and its key names it)
     */
    SubmissionTestDescriptor(SubmissionDescriptor submission, PlannedTest test, String idSegment, String name) {
        super(submission.getUniqueId().append(SEGMENT, idSegment),
                submission.getDisplayName() + SubmissionDescriptor.SEPARATOR + name);
        this.test = test;
    }

    String key() {
        return test.key();
    }

    @Override
    public Type getType() {
        return Type.TEST;
    }
}

package org.katajudge.engine;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.DirectorySource;
import org.junit.platform.engine.support.descriptor.FileSource;
import org.katajudge.catalog.KataDefinition;

import java.nio.file.Files;

/**
 * A submission in the test plan: a container whose tests are compiling, the examples and the
 * random tests. Its display name says which kata and whose: {@code knight-moves › carol}.
 */
final class SubmissionDescriptor extends AbstractTestDescriptor {

    static final String SEGMENT = "submission";
    /** Between the parts of a display name: kata, who, which test. */
    static final String SEPARATOR = " › ";

    private final Submission submission;
    private final KataDefinition kata;

    /** @param who whose submission, as the display name shows it (the student, or the path when names repeat) */
    SubmissionDescriptor(UniqueId parent, Submission submission, KataDefinition kata, String who) {
        super(parent.append(SEGMENT, submission.displayPath()), kata.id() + SEPARATOR + who,
                Files.isDirectory(submission.path()) ? DirectorySource.from(submission.path().toFile())
                        : FileSource.from(submission.path().toFile()));
        this.submission = submission;
        this.kata = kata;
    }

    Submission submission() {
        return submission;
    }

    KataDefinition kata() {
        return kata;
    }

    @Override
    public Type getType() {
        return Type.CONTAINER;
    }
}

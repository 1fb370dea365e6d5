package org.katajudge.engine;

import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.DirectorySource;
import org.junit.platform.engine.support.descriptor.FileSource;
import org.katajudge.engine.plan.PlannedSubmission;

import java.nio.file.Files;

/**
 * A submission in the test plan: a container whose tests are compiling, the examples and the
 * random tests. Its display name says which kata and whose: {@code knight-moves › carol}.
 */
final class SubmissionDescriptor extends AbstractTestDescriptor {

    static final String SEGMENT = "submission";
    /** Between the parts of a display name: kata, who, which test. */
    static final String SEPARATOR = " › ";

    private final PlannedSubmission planned;

    /** @param who whose submission, as the display name shows it (the student, or the path when names repeat) */
    SubmissionDescriptor(UniqueId parent, PlannedSubmission planned, String who) {
        // the kata is part of the id: a roster line missing a hand-in is one submission per kata
        super(parent.append(SEGMENT, planned.kata().id() + " " + planned.submission().displayPath()),
                planned.kata().id() + SEPARATOR + who, planned.submission().path()
                        .map(path -> Files.isDirectory(path) ? (TestSource) DirectorySource.from(path.toFile())
                                : FileSource.from(path.toFile())).orElse(null));
        this.planned = planned;
    }

    /** The submission's display path in the value of its unique id's segment ({@code <kata> <path>}). */
    static String displayPathOf(String segmentValue) {
        return segmentValue.substring(segmentValue.indexOf(' ') + 1);
    }

    PlannedSubmission planned() {
        return planned;
    }

    @Override
    public Type getType() {
        return Type.CONTAINER;
    }
}

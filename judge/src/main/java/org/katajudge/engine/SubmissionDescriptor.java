package org.katajudge.engine;

import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.DirectorySource;
import org.junit.platform.engine.support.descriptor.FileSource;
import org.katajudge.catalog.KataDefinition;

import java.nio.file.Files;

/** A submission in the test plan: a container whose tests are compiling, the examples and the random tests. */
final class SubmissionDescriptor extends AbstractTestDescriptor {

    static final String SEGMENT = "submission";

    private final Submission submission;
    private final KataDefinition kata;

    SubmissionDescriptor(UniqueId parent, Submission submission, KataDefinition kata) {
        super(parent.append(SEGMENT, kata.id() + " " + submission.displayPath()), kata.id() + " " + submission.displayPath(),
                submission.path().map(path -> Files.isDirectory(path) ? (TestSource) DirectorySource.from(path.toFile())
                        : FileSource.from(path.toFile())).orElse(null));
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

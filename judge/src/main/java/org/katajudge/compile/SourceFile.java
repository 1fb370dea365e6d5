package org.katajudge.compile;

import java.util.Objects;

/**
 * One Java source file of a submission.
 *
 * @param name the file name, e.g. {@code SafeSpaces.java}
 * @param text its content
 */
public record SourceFile(String name, String text) {

    public SourceFile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(text, "text");
    }
}

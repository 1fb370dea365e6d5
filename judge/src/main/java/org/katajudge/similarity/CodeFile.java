package org.katajudge.similarity;

import java.util.Objects;

/**
 * One source file of compared code.
 *
 * @param name where it is within its hand-in, as reports show it ({@code src/main/java/KnightMoves.java})
 * @param text its content
 */
public record CodeFile(String name, String text) {

    public CodeFile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(text, "text");
    }
}

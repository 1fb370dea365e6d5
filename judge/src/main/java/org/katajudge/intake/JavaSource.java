package org.katajudge.intake;

import java.util.Objects;

/**
 * One decoded {@code .java} file of a student's hand-in.
 *
 * @param name   the file name to compile it under: the public top-level class it declares plus
 *               {@code .java} when it declares one, else its own file name without any LMS prefix
 * @param origin where it was found, relative to the student's entry ({@code src/main/java/util/Board.java},
 *               {@code KnightMoves.zip!/src/KnightMoves.java})
 * @param text   its content, decoded and without a byte order mark
 */
public record JavaSource(String name, String origin, String text) {

    public JavaSource {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(text, "text");
    }
}

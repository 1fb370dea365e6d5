package org.katajudge.reference.squarecolor;

/**
 * Kata {@code chess-square-color} (seed 004, Weekly Challenge 281 task 1): is a chessboard
 * square light? a1 is dark, so a square is light exactly when file index (a=1) plus rank is odd.
 *
 * <p>Depends on nothing but {@code java.lang}: with its package line removed this file is itself
 * a valid solution.
 */
public final class SquareColor {

    private SquareColor() {
    }

    /** {@code true} iff the square named by {@code coordinate} (e.g. {@code "d3"}) is light. */
    public static boolean isLight(String coordinate) {
        return explain(coordinate).light();
    }

    /**
     * The answer with the arithmetic that decides it.
     *
     * @throws IllegalArgumentException when {@code coordinate} is not a square a1..h8
     */
    public static Why explain(String coordinate) {
        if (coordinate == null || coordinate.length() != 2
                || coordinate.charAt(0) < 'a' || coordinate.charAt(0) > 'h'
                || coordinate.charAt(1) < '1' || coordinate.charAt(1) > '8') {
            throw new IllegalArgumentException("not a square a1..h8: "
                    + (coordinate == null ? "null" : '"' + coordinate + '"'));
        }
        int file = coordinate.charAt(0) - 'a' + 1;
        int rank = coordinate.charAt(1) - '0';
        boolean light = (file + rank) % 2 == 1;
        String reason = coordinate + ": file " + coordinate.charAt(0) + " = " + file + ", rank " + rank
                + ", " + file + " + " + rank + " = " + (file + rank) + " is " + (light ? "odd" : "even")
                + ", so the square is " + (light ? "light" : "dark") + " (a1 is dark)";
        return new Why(light, reason);
    }

    /**
     * @param light  the answer
     * @param reason the arithmetic, in words
     */
    public record Why(boolean light, String reason) {
    }
}

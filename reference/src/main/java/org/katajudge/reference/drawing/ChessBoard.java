package org.katajudge.reference.drawing;

/**
 * An 8×8 chess board seen from White (a1 bottom left, light squares where file + rank is odd),
 * with file letters and rank numbers, for the katas about squares and knight moves.
 */
public final class ChessBoard {

    public static final int CELL = 36;
    public static final int MARGIN = 20;
    public static final int SIZE = 2 * MARGIN + 8 * CELL;

    private ChessBoard() {
    }

    /** A drawing with the empty board on it, ready for marks. */
    public static Svg board(String label, String kind) {
        Svg svg = new Svg(SIZE, SIZE, label, kind);
        svg.group("squares");
        for (int file = 0; file < 8; file++) {
            for (int rank = 0; rank < 8; rank++) {
                boolean light = (file + rank) % 2 == 1; // a1 (0,0) is dark
                svg.rect(x(file), y(rank), CELL, CELL, light ? Svg.LIGHT : Svg.DARK, null);
            }
        }
        svg.endGroup();
        for (int i = 0; i < 8; i++) {
            String file = String.valueOf((char) ('a' + i));
            String rank = String.valueOf(i + 1);
            svg.text(x(i) + CELL / 2.0, MARGIN / 2.0, 11, Svg.LINE, file);
            svg.text(x(i) + CELL / 2.0, SIZE - MARGIN / 2.0, 11, Svg.LINE, file);
            svg.text(MARGIN / 2.0, y(i) + CELL / 2.0, 11, Svg.LINE, rank);
            svg.text(SIZE - MARGIN / 2.0, y(i) + CELL / 2.0, 11, Svg.LINE, rank);
        }
        return svg;
    }

    /** Whether {@code square} names a square, {@code a1} to {@code h8}. */
    public static boolean isSquare(String square) {
        return square != null && square.length() == 2 && square.charAt(0) >= 'a' && square.charAt(0) <= 'h'
                && square.charAt(1) >= '1' && square.charAt(1) <= '8';
    }

    /** The left edge of file {@code file} (0 = a). */
    public static double x(int file) {
        return MARGIN + file * CELL;
    }

    /** The top edge of rank {@code rank} (0 = rank 1, at the bottom). */
    public static double y(int rank) {
        return MARGIN + (7 - rank) * CELL;
    }

    /** The centre of a square such as {@code e4}, as {x, y}. */
    public static double[] centre(String square) {
        int file = square.charAt(0) - 'a';
        int rank = square.charAt(1) - '1';
        return new double[] {x(file) + CELL / 2.0, y(rank) + CELL / 2.0};
    }

    /** Outlines a square such as {@code e4} in {@code colour}. */
    public static void outline(Svg svg, String square, String colour) {
        int file = square.charAt(0) - 'a';
        int rank = square.charAt(1) - '1';
        svg.rect(x(file) + 2, y(rank) + 2, CELL - 4, CELL - 4, "none", colour);
        svg.rect(x(file) + 4, y(rank) + 4, CELL - 8, CELL - 8, "none", colour);
    }
}

package org.katajudge.reference.checkers;

import org.katajudge.reference.drawing.Svg;

/**
 * The {@code checkers-game-over} input drawn: the 8×8 board (row 0 at the top, where blue
 * starts), light squares where the string has {@code '.'}, white and blue men as discs and
 * kings as discs with a ring.
 */
final class CheckersSvg {

    private static final int SIZE = 8;
    private static final int CELL = 34;
    private static final int MARGIN = 20;
    private static final String WHITE = "#fafafa";
    private static final String BLUE = "#1e63c4";

    private CheckersSvg() {
    }

    /** Null unless the board is 64 characters. */
    static String draw(String board) {
        if (board == null || board.length() != SIZE * SIZE) {
            return null;
        }
        int side = 2 * MARGIN + SIZE * CELL;
        Svg svg = new Svg(side, side, "checkers board: blue (b, B) at the top moves down, white (w, W) moves up",
                "checkers");
        svg.group("squares");
        for (int row = 0; row < SIZE; row++) {
            for (int col = 0; col < SIZE; col++) {
                char cell = board.charAt(row * SIZE + col);
                svg.rect(x(col), y(row), CELL, CELL, cell == '.' ? Svg.LIGHT : Svg.DARK, null);
            }
        }
        svg.endGroup();
        for (int i = 0; i < SIZE; i++) {
            svg.text(x(i) + CELL / 2.0, MARGIN / 2.0, 10, Svg.LINE, String.valueOf(i));
            svg.text(MARGIN / 2.0, y(i) + CELL / 2.0, 10, Svg.LINE, String.valueOf(i));
        }
        svg.group("pieces");
        for (int row = 0; row < SIZE; row++) {
            for (int col = 0; col < SIZE; col++) {
                char cell = board.charAt(row * SIZE + col);
                double cx = x(col) + CELL / 2.0;
                double cy = y(row) + CELL / 2.0;
                switch (cell) {
                    case 'w', 'W' -> piece(svg, cx, cy, WHITE, "#424242", cell == 'W');
                    case 'b', 'B' -> piece(svg, cx, cy, BLUE, "#ffffff", cell == 'B');
                    case '.', ' ' -> {
                        // an empty square
                    }
                    default -> svg.text(cx, cy, 12, Svg.WARN, String.valueOf(cell)); // invalid: as it is
                }
            }
        }
        svg.endGroup();
        return svg.build();
    }

    private static void piece(Svg svg, double cx, double cy, String fill, String edge, boolean king) {
        svg.circle(cx, cy, CELL * 0.38, fill, edge, 1.5);
        if (king) {
            svg.circle(cx, cy, CELL * 0.2, "none", edge, 2.5);
        }
    }

    private static double x(int col) {
        return MARGIN + col * CELL;
    }

    private static double y(int row) {
        return MARGIN + row * CELL;
    }
}

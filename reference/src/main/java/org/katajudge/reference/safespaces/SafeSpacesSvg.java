package org.katajudge.reference.safespaces;

import org.katajudge.reference.drawing.Svg;

/**
 * The {@code checkers-safe-spaces} input drawn: the matrix as a board (row 0 at the top), red
 * pieces (3) and black pieces (1) as discs, and every attacking pair (a red piece diagonally
 * above a black one) joined by a line.
 */
final class SafeSpacesSvg {

    private static final int CELL = 30;
    private static final int MARGIN = 22;
    /** Larger boards are left to the text drawing: a picture of them would not help. */
    private static final int MAX_CELLS = 2500;

    private SafeSpacesSvg() {
    }

    /** Null for a ragged, null or oversized matrix. */
    static String draw(int[][] board) {
        if (board == null) {
            return null;
        }
        int rows = board.length;
        int cols = rows == 0 || board[0] == null ? 0 : board[0].length;
        for (int[] row : board) {
            if (row == null || row.length != cols) {
                return null;
            }
        }
        if ((long) rows * cols > MAX_CELLS) {
            return null;
        }
        String size = rows + "×" + cols;
        if (rows == 0 || cols == 0) {
            Svg empty = new Svg(160, 40, "an empty board (" + size + ")", "safe-spaces");
            empty.rect(1, 1, 158, 38, "#ffffff", Svg.LINE);
            empty.text(80, 20, 12, Svg.LINE, "empty board, " + size);
            return empty.build();
        }
        Svg svg = new Svg(2 * MARGIN + cols * CELL, 2 * MARGIN + rows * CELL,
                "safe-spaces board, " + size + "; red (3) moves down, black (1) moves up", "safe-spaces");
        svg.group("squares");
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                svg.rect(x(c), y(r), CELL, CELL, (r + c) % 2 == 0 ? Svg.LIGHT : Svg.DARK, null);
            }
        }
        svg.endGroup();
        for (int c = 0; c < cols; c++) {
            svg.text(x(c) + CELL / 2.0, MARGIN / 2.0, 10, Svg.LINE, String.valueOf(c));
        }
        for (int r = 0; r < rows; r++) {
            svg.text(MARGIN / 2.0, y(r) + CELL / 2.0, 10, Svg.LINE, String.valueOf(r));
        }
        svg.group("attacks");
        for (int r = 0; r + 1 < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (board[r][c] != 3) {
                    continue;
                }
                for (int dc = -1; dc <= 1; dc += 2) {
                    int below = c + dc;
                    if (below >= 0 && below < cols && board[r + 1][below] == 1) {
                        svg.line(x(c) + CELL / 2.0, y(r) + CELL / 2.0, x(below) + CELL / 2.0, y(r + 1) + CELL / 2.0,
                                Svg.WARN, 4);
                    }
                }
            }
        }
        svg.endGroup();
        svg.group("pieces");
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int cell = board[r][c];
                double cx = x(c) + CELL / 2.0;
                double cy = y(r) + CELL / 2.0;
                if (cell == 3) {
                    svg.circle(cx, cy, CELL * 0.36, "#c62828", "#ffffff", 1.5);
                } else if (cell == 1) {
                    svg.circle(cx, cy, CELL * 0.36, "#212121", "#ffffff", 1.5);
                } else if (cell != 0) {
                    svg.text(cx, cy, 12, Svg.WARN, String.valueOf(cell)); // invalid value: shown as it is
                }
            }
        }
        svg.endGroup();
        return svg.build();
    }

    private static double x(int col) {
        return MARGIN + col * CELL;
    }

    private static double y(int row) {
        return MARGIN + row * CELL;
    }
}

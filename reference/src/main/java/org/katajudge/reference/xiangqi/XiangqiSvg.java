package org.katajudge.reference.xiangqi;

import org.katajudge.reference.drawing.Svg;

/**
 * The {@code xiangqi-board-validator} input drawn as the board a player knows: 9 × 10 points,
 * the river between rows 4 and 5, both palaces with their diagonals, and the pieces as discs
 * with their characters (red's in red, black's in black; a small Western letter too, R H C E A K P,
 * for a reader whose fonts lack the characters). Generals that face each other with
 * nothing between are joined by a line.
 */
final class XiangqiSvg {

    private static final String PIECES = "俥傌炮相仕帥兵車馬砲象士將卒";
    /** Western letters for the same pieces (chariot, horse, cannon, elephant, advisor, king, pawn), for readers without CJK fonts. */
    private static final String LETTERS = "RHCEAKPRHCEAKP";
    private static final String BACKGROUND = " -|X+\u3000\uFF0D\uFF5C\uFF38\uFF0B";
    private static final int ROWS = 10;
    private static final int COLUMNS = 9;
    private static final int STEP = 34;
    private static final int MARGIN = 28;
    private static final String RED = "#c62828";
    private static final String BLACK = "#212121";

    private XiangqiSvg() {
    }

    /** Null unless the board is 10 lines of 9 characters (one trailing line feed tolerated). */
    static String draw(String board) {
        int[][] cells = parse(board);
        if (cells == null) {
            return null;
        }
        Svg svg = new Svg(2 * MARGIN + (COLUMNS - 1) * STEP, 2 * MARGIN + (ROWS - 1) * STEP,
                "xiangqi board: black at the top (rows 0-4), red at the bottom (rows 5-9)", "xiangqi");
        svg.rect(0, 0, 2 * MARGIN + (COLUMNS - 1) * STEP, 2 * MARGIN + (ROWS - 1) * STEP, "#f3dcaa", null);
        svg.group("grid");
        for (int row = 0; row < ROWS; row++) {
            svg.line(x(0), y(row), x(COLUMNS - 1), y(row), Svg.LINE, 1);
        }
        for (int col = 0; col < COLUMNS; col++) {
            if (col == 0 || col == COLUMNS - 1) {
                svg.line(x(col), y(0), x(col), y(ROWS - 1), Svg.LINE, 1);
            } else {
                svg.line(x(col), y(0), x(col), y(4), Svg.LINE, 1);
                svg.line(x(col), y(5), x(col), y(ROWS - 1), Svg.LINE, 1);
            }
        }
        svg.endGroup();
        svg.group("palace");
        for (int top : new int[] {0, 7}) {
            svg.line(x(3), y(top), x(5), y(top + 2), Svg.LINE, 1);
            svg.line(x(5), y(top), x(3), y(top + 2), Svg.LINE, 1);
        }
        svg.endGroup();
        svg.text((x(0) + x(COLUMNS - 1)) / 2, (y(4) + y(5)) / 2, 12, Svg.LINE, "river");
        for (int col = 0; col < COLUMNS; col++) {
            svg.text(x(col), MARGIN / 2.0 - 2, 10, Svg.LINE, String.valueOf(col));
        }
        for (int row = 0; row < ROWS; row++) {
            svg.text(MARGIN / 2.0 - 4, y(row), 10, Svg.LINE, String.valueOf(row));
        }
        facingGenerals(svg, cells);
        svg.group("pieces");
        for (int row = 0; row < ROWS; row++) {
            for (int col = 0; col < COLUMNS; col++) {
                int cell = cells[row][col];
                int piece = PIECES.indexOf(cell);
                if (piece >= 0) {
                    String colour = piece < 7 ? RED : BLACK;
                    svg.circle(x(col), y(row), 14, "#fff8e1", colour, 2);
                    svg.text(x(col), y(row) - 1, 14, colour, new String(Character.toChars(cell)));
                    svg.text(x(col) + 9, y(row) + 9, 8, colour, String.valueOf(LETTERS.charAt(piece)));
                } else if (BACKGROUND.indexOf(cell) < 0) {
                    svg.text(x(col), y(row), 13, Svg.WARN, "?"); // neither piece nor background
                }
            }
        }
        svg.endGroup();
        return svg.build();
    }

    /** A line between the two generals when they share a column with no piece between them. */
    private static void facingGenerals(Svg svg, int[][] cells) {
        int[] red = find(cells, '帥');
        int[] black = find(cells, '將');
        if (red == null || black == null || red[1] != black[1]) {
            return;
        }
        int top = Math.min(red[0], black[0]);
        int bottom = Math.max(red[0], black[0]);
        for (int row = top + 1; row < bottom; row++) {
            if (PIECES.indexOf(cells[row][red[1]]) >= 0) {
                return;
            }
        }
        svg.group("facing-generals");
        svg.line(x(red[1]), y(top), x(red[1]), y(bottom), Svg.WARN, 5);
        svg.endGroup();
    }

    /** The only square holding {@code piece}, or null when there is none or more than one. */
    private static int[] find(int[][] cells, int piece) {
        int[] found = null;
        for (int row = 0; row < ROWS; row++) {
            for (int col = 0; col < COLUMNS; col++) {
                if (cells[row][col] == piece) {
                    if (found != null) {
                        return null;
                    }
                    found = new int[] {row, col};
                }
            }
        }
        return found;
    }

    private static int[][] parse(String board) {
        if (board == null) {
            return null;
        }
        String[] lines = board.split("\n", -1);
        int count = lines.length;
        if (count == ROWS + 1 && lines[ROWS].isEmpty()) {
            count = ROWS;
        }
        if (count != ROWS) {
            return null;
        }
        int[][] cells = new int[ROWS][];
        for (int row = 0; row < ROWS; row++) {
            cells[row] = lines[row].codePoints().toArray();
            if (cells[row].length != COLUMNS) {
                return null;
            }
        }
        return cells;
    }

    private static double x(int col) {
        return MARGIN + col * STEP;
    }

    private static double y(int row) {
        return MARGIN + row * STEP;
    }
}

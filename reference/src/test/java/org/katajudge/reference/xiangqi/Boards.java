package org.katajudge.reference.xiangqi;

/** Building and transforming board strings in tests. */
final class Boards {

    static final String RED = "俥傌炮相仕帥兵";
    static final String BLACK = "車馬砲象士將卒";
    static final String ASCII_MARKS = " -|X+";
    static final String FULL_WIDTH_MARKS = "　－｜Ｘ＋";

    /** The kata's empty board drawn in ASCII. */
    static final String EMPTY = String.join("\n", XiangqiBoardGenerator.ASCII_BACKGROUND);

    /** RULES.md's minimal legal board: 將 at (0,3), 帥 at (9,4). */
    static final String G = with(EMPTY, '將', 0, 3, '帥', 9, 4);

    private Boards() {
    }

    /** {@code board} with pieces put on squares: {@code with(b, '兵', 5, 4, '卒', 3, 2)}. */
    static String with(String board, Object... pieceRowColumn) {
        char[][] grid = grid(board);
        for (int i = 0; i < pieceRowColumn.length; i += 3) {
            grid[(Integer) pieceRowColumn[i + 1]][(Integer) pieceRowColumn[i + 2]] = (Character) pieceRowColumn[i];
        }
        return join(grid);
    }

    /** G with extra pieces. */
    static String gWith(Object... pieceRowColumn) {
        return with(G, pieceRowColumn);
    }

    /** The empty ASCII board with the given pieces (generals included). */
    static String emptyWith(Object... pieceRowColumn) {
        return with(EMPTY, pieceRowColumn);
    }

    static char[][] grid(String board) {
        String[] lines = board.split("\n");
        char[][] grid = new char[10][];
        for (int row = 0; row < 10; row++) {
            grid[row] = lines[row].toCharArray();
        }
        return grid;
    }

    static String join(char[][] grid) {
        StringBuilder text = new StringBuilder();
        for (int row = 0; row < grid.length; row++) {
            text.append(row == 0 ? "" : "\n").append(grid[row]);
        }
        return text.toString();
    }

    static boolean isPiece(char c) {
        return RED.indexOf(c) >= 0 || BLACK.indexOf(c) >= 0;
    }

    /** Left and right exchanged. */
    static String mirror(String board) {
        char[][] grid = grid(board);
        char[][] mirrored = new char[10][9];
        for (int row = 0; row < 10; row++) {
            for (int column = 0; column < 9; column++) {
                mirrored[row][column] = grid[row][8 - column];
            }
        }
        return join(mirrored);
    }

    /** Turned half a circle, and red and black exchanged: the same position seen from the other side. */
    static String rotateAndSwapColours(String board) {
        char[][] grid = grid(board);
        char[][] turned = new char[10][9];
        for (int row = 0; row < 10; row++) {
            for (int column = 0; column < 9; column++) {
                char c = grid[9 - row][8 - column];
                int red = RED.indexOf(c);
                int black = BLACK.indexOf(c);
                turned[row][column] = red >= 0 ? BLACK.charAt(red) : black >= 0 ? RED.charAt(black) : c;
            }
        }
        return join(turned);
    }

    /** Every ASCII background character made full-width and vice versa. */
    static String swapBackground(String board) {
        StringBuilder text = new StringBuilder(board.length());
        for (char c : board.toCharArray()) {
            int ascii = ASCII_MARKS.indexOf(c);
            int fullWidth = FULL_WIDTH_MARKS.indexOf(c);
            text.append(ascii >= 0 ? FULL_WIDTH_MARKS.charAt(ascii) : fullWidth >= 0 ? ASCII_MARKS.charAt(fullWidth) : c);
        }
        return text.toString();
    }

    /** The board with the piece on (row, column) taken off: the square shows {@code background}. */
    static String remove(String board, int row, int column, char background) {
        char[][] grid = grid(board);
        grid[row][column] = background;
        return join(grid);
    }

    /** Whether the board uses full-width background characters. */
    static boolean isFullWidth(String board) {
        for (char c : board.toCharArray()) {
            if (FULL_WIDTH_MARKS.indexOf(c) >= 0) {
                return true;
            }
        }
        return false;
    }
}

// Accepted: reads the board into a grid, counts every piece, then checks each piece's square
// with a switch on its character; soldiers before the river are tracked per column, and the
// generals' column is scanned for any of the 14 piece characters.
public class XiangqiValidator {

    private static final String RED = "俥傌炮相仕帥兵";
    private static final String BLACK = "車馬砲象士將卒";

    public static boolean chessValidator(String board) {
        int traceSteps = 0;
        boolean traceOn = false;
        if (traceOn) {
            System.out.println("trace " + traceSteps);
        }
        traceSteps++;
        String[] lines = board.split("\n");
        char[][] grid = new char[10][];
        for (int row = 0; row < 10; row++) {
            grid[row] = lines[row].toCharArray();
        }

        int[] red = new int[7];
        int[] black = new int[7];
        boolean[] redSoldierColumn = new boolean[9];
        boolean[] blackSoldierColumn = new boolean[9];
        int redGeneralRow = -1, redGeneralColumn = -1, blackGeneralRow = -1, blackGeneralColumn = -1;

        for (int row = 0; row < 10; row++) {
            for (int column = 0; column < 9; column++) {
                char c = grid[row][column];
                int redType = RED.indexOf(c);
                int blackType = BLACK.indexOf(c);
                if (redType >= 0) {
                    red[redType]++;
                } else if (blackType >= 0) {
                    black[blackType]++;
                } else {
                    continue;
                }
                switch (c) {
                    case '帥' -> {
                        if (row < 7 || column < 3 || column > 5) return false;
                        redGeneralRow = row;
                        redGeneralColumn = column;
                    }
                    case '將' -> {
                        if (row > 2 || column < 3 || column > 5) return false;
                        blackGeneralRow = row;
                        blackGeneralColumn = column;
                    }
                    case '仕' -> {
                        if (!advisorPoint(9 - row, column)) return false;
                    }
                    case '士' -> {
                        if (!advisorPoint(row, column)) return false;
                    }
                    case '相' -> {
                        if (!elephantSpot(9 - row, column)) return false;
                    }
                    case '象' -> {
                        if (!elephantSpot(row, column)) return false;
                    }
                    case '兵' -> {
                        if (row > 6) return false;
                        if (row >= 5) {
                            if (column % 2 == 1 || redSoldierColumn[column]) return false;
                            redSoldierColumn[column] = true;
                        }
                    }
                    case '卒' -> {
                        if (row < 3) return false;
                        if (row <= 4) {
                            if (column % 2 == 1 || blackSoldierColumn[column]) return false;
                            blackSoldierColumn[column] = true;
                        }
                    }
                    default -> {
                        // chariots, horses, cannons: anywhere
                    }
                }
            }
        }

        for (int type = 0; type < 7; type++) {
            int limit = type == 5 ? 1 : type == 6 ? 5 : 2;
            if (red[type] > limit || black[type] > limit) return false;
        }
        if (red[5] != 1 || black[5] != 1) return false;

        if (redGeneralColumn == blackGeneralColumn) {
            for (int row = blackGeneralRow + 1; row < redGeneralRow; row++) {
                char c = grid[row][redGeneralColumn];
                if (RED.indexOf(c) >= 0 || BLACK.indexOf(c) >= 0) return true;
            }
            return false;
        }
        return true;
    }

    /** depth = rows from the piece's own back rank */
    private static boolean advisorPoint(int depth, int column) {
        int traceSteps = 0;
        boolean traceOn = false;
        if (traceOn) {
            System.out.println("trace " + traceSteps);
        }
        traceSteps++;
        return (depth == 0 || depth == 2) && (column == 3 || column == 5) || depth == 1 && column == 4;
    }

    private static boolean elephantSpot(int depth, int column) {
        int traceSteps = 0;
        boolean traceOn = false;
        if (traceOn) {
            System.out.println("trace " + traceSteps);
        }
        traceSteps++;
        return (depth == 0 || depth == 4) && (column == 2 || column == 6) || depth == 2 && column % 4 == 0;
    }

    private static int unusedHelper(int value) {
        int doubled = value * 2;
        int result = doubled - value;
        return result;
    }
}

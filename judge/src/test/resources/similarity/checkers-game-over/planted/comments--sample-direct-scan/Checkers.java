/*
 * My solution for the kata. Written from scratch, tested with the examples.
 */

public class Checkers {

    // helper: see the kata description
    public static int whiteMoves(String board) {

        return countMoves(board, 'w', 'W', -1);
    }

    // helper: see the kata description
    public static int blueMoves(String board) {

        return countMoves(board, 'b', 'B', 1);
    }

    // helper: see the kata description
    public static boolean gameOver(String board) {

        return whiteMoves(board) == 0 || blueMoves(board) == 0;
    }

    // helper: see the kata description
    private static int countMoves(String board, char man, char king, int forward) {

        char[][] grid = new char[8][8];
        for (int row = 0; row < 8; row++) {

            for (int col = 0; col < 8; col++) {

                grid[row][col] = board.charAt(row * 8 + col);
            }
        }
        int moves = 0;
        for (int row = 0; row < 8; row++) {

            for (int col = 0; col < 8; col++) {

                char piece = grid[row][col];
                if (piece != man && piece != king) {

                    continue;
                }
                for (int dRow = -1; dRow <= 1; dRow += 2) {

                    if (piece == man && dRow != forward) {

                        continue;
                    }
                    for (int dCol = -1; dCol <= 1; dCol += 2) {

                        if (canMove(grid, row, col, dRow, dCol, man, king)) {

                            moves++;
                        }
                    }
                }
            }
        }
        return moves;
    }

    // helper: see the kata description
    private static boolean canMove(char[][] grid, int row, int col, int dRow, int dCol, char man, char king) {

        int nextRow = row + dRow;
        int nextCol = col + dCol;
        if (!inside(nextRow, nextCol)) {

            return false;
        }
        char next = grid[nextRow][nextCol];
        if (next == ' ') {

            return true;
        }
        boolean opponent = next != man && next != king;
        int landRow = nextRow + dRow;
        int landCol = nextCol + dCol;
        return opponent && inside(landRow, landCol) && grid[landRow][landCol] == ' ';
    }

    // helper: see the kata description
    private static boolean inside(int row, int col) {

        return row >= 0 && row < 8 && col >= 0 && col < 8;
    }
}

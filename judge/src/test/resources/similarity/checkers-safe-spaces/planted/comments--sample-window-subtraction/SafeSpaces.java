/*
 * My solution for the kata. Written from scratch, tested with the examples.
 */

public class SafeSpaces {

    // helper: see the kata description
    public static boolean isSafe(int[][] board) {

        int rows = board.length;
        int cols = rows == 0 ? 0 : board[0].length;
        for (int r = 0; r < rows - 1; r++) {

            for (int c = 0; c < cols - 1; c++) {

                int a = board[r][c];
                int b = board[r][c + 1];
                int cc = board[r + 1][c];
                int d = board[r + 1][c + 1];
                if (a - d == 2 || b - cc == 2) {

                    return false;
                }
            }
        }
        return true;
    }
}

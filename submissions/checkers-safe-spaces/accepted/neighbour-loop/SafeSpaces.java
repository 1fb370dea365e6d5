// Accepted: direct neighbour loop. For every red piece, look at the two squares diagonally
// below it and stop at the first black one; squares off the board are skipped.
public class SafeSpaces {

    public static boolean isSafe(int[][] board) {
        for (int r = 0; r + 1 < board.length; r++) {
            int[] below = board[r + 1];
            for (int c = 0; c < board[r].length; c++) {
                if (board[r][c] != 3) {
                    continue;
                }
                if (c > 0 && below[c - 1] == 1) {
                    return false;
                }
                if (c + 1 < below.length && below[c + 1] == 1) {
                    return false;
                }
            }
        }
        return true;
    }
}

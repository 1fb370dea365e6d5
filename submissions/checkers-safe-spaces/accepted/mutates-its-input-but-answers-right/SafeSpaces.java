// Answers correctly, then scribbles over its argument: harmless, because the judge computes the
// expected answer from its own copy of the input.
public class SafeSpaces {
    public static boolean isSafe(int[][] board) {
        boolean safe = true;
        for (int r = 0; r + 1 < board.length; r++) {
            for (int c = 0; c < board[r].length; c++) {
                if (board[r][c] == 3
                        && ((c > 0 && board[r + 1][c - 1] == 1) || (c + 1 < board[r].length && board[r + 1][c + 1] == 1))) {
                    safe = false;
                }
            }
        }
        for (int[] row : board) {
            java.util.Arrays.fill(row, 3);
        }
        return safe;
    }
}

// Wrong answer: to stay inside the board, the loop only visits red pieces in the inner columns
// 1..cols-2, where both diagonal neighbours exist; reds in the first and last columns are never
// looked at.
public class SafeSpaces {

    public static boolean isSafe(int[][] board) {
        for (int r = 0; r + 1 < board.length; r++) {
            for (int c = 1; c + 1 < board[r].length; c++) {
                if (board[r][c] == 3 && (board[r + 1][c - 1] == 1 || board[r + 1][c + 1] == 1)) {
                    return false;
                }
            }
        }
        return true;
    }
}

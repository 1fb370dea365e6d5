// Wrong answer: only the A - D subtraction of each 2x2 window A B / C D is checked, i.e. only
// red above black down-right; attacks down-left (B - C == 2) are missed.
public class SafeSpaces {

    public static boolean isSafe(int[][] board) {
        for (int r = 0; r + 1 < board.length; r++) {
            for (int c = 0; c + 1 < board[r].length; c++) {
                if (board[r][c] - board[r + 1][c + 1] == 2) {
                    return false;
                }
            }
        }
        return true;
    }
}

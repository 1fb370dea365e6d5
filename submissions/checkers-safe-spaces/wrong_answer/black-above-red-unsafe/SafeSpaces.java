// Wrong answer: any red and black piece that touch diagonally are taken as a danger, with the
// absolute difference |A - D| == 2 or |B - C| == 2; but black above red is peaceful.
public class SafeSpaces {

    public static boolean isSafe(int[][] board) {
        for (int r = 0; r + 1 < board.length; r++) {
            for (int c = 0; c + 1 < board[r].length; c++) {
                if (Math.abs(board[r][c] - board[r + 1][c + 1]) == 2
                        || Math.abs(board[r][c + 1] - board[r + 1][c]) == 2) {
                    return false;
                }
            }
        }
        return true;
    }
}

// An independent solution with streams: is there any red piece with a black one diagonally below it?
public class SafeSpaces {

    public static boolean isSafe(int[][] board) {
        for (int row = 0; row < board.length - 1; row++) {
            for (int col = 0; col < board[row].length; col++) {
                if (board[row][col] == 3 && blackBelow(board, row + 1, col)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean blackBelow(int[][] board, int row, int col) {
        int[] below = board[row];
        return col > 0 && below[col - 1] == 1 || col + 1 < below.length && below[col + 1] == 1;
    }
}

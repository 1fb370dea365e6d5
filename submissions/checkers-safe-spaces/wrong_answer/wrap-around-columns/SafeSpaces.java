// Wrong answer: neighbours found with modular arithmetic, so the columns wrap around like a
// torus and a red piece on one edge "attacks" a black piece on the opposite edge of the next row.
public class SafeSpaces {

    public static boolean isSafe(int[][] board) {
        for (int r = 0; r + 1 < board.length; r++) {
            int cols = board[r].length;
            for (int c = 0; c < cols; c++) {
                if (board[r][c] == 3
                        && (board[r + 1][(c + cols - 1) % cols] == 1 || board[r + 1][(c + 1) % cols] == 1)) {
                    return false;
                }
            }
        }
        return true;
    }
}

import java.util.stream.IntStream;

// Accepted: the seed's own formulation. Slide a 2x2 window A B / C D over the board; a red (3)
// above a black (1) on either diagonal is the only way to get A - D == 2 or B - C == 2.
public class SafeSpaces {

    public static boolean isSafe(int[][] board) {
        int rows = board.length;
        int cols = rows == 0 ? 0 : board[0].length;
        return IntStream.range(0, Math.max(0, rows - 1)).noneMatch(r -> IntStream.range(0, Math.max(0, cols - 1)).anyMatch(c -> {
            int a = board[r][c];
            int b = board[r][c + 1];
            int cc = board[r + 1][c];
            int d = board[r + 1][c + 1];
            return a - d == 2 || b - cc == 2;
        }));
    }
}

import java.util.ArrayList;
import java.util.List;

// An independent solution: collect the red pieces first, then look below each of them.
public class SafeSpaces {

    public static boolean isSafe(int[][] board) {
        List<int[]> reds = new ArrayList<>();
        for (int y = 0; y < board.length; y++) {
            for (int x = 0; x < board[y].length; x++) {
                if (board[y][x] == 3) {
                    reds.add(new int[] {y, x});
                }
            }
        }
        for (int[] red : reds) {
            int y = red[0] + 1;
            if (y >= board.length) {
                continue;
            }
            for (int dx = -1; dx <= 1; dx += 2) {
                int x = red[1] + dx;
                if (x >= 0 && x < board[y].length && board[y][x] == 1) {
                    return false;
                }
            }
        }
        return true;
    }
}

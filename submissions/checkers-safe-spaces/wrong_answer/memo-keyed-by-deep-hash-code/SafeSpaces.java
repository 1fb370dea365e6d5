// Wrong answer, but only after the right earlier call: answers are memoised by
// Arrays.deepHashCode(board), as if equal hashes meant equal boards. A cell's weight in that hash
// is 31 to the power of its distance from the bottom-right corner counted along rows and columns,
// so two cells on one anti-diagonal weigh the same: [[0,3],[1,0]] (unsafe) and [[0,1],[3,0]]
// (safe) have one hash, and the second board asked gets the first one's answer.
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

public class SafeSpaces {

    private static final Map<Integer, Boolean> MEMO = new HashMap<>();

    public static boolean isSafe(int[][] board) {
        return MEMO.computeIfAbsent(Arrays.deepHashCode(board), hash -> scan(board));
    }

    private static boolean scan(int[][] board) {
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

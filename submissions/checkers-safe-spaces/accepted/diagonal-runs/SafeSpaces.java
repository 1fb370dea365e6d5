import java.util.ArrayList;
import java.util.List;

// Accepted: the seed's diagonal-runs idea done right for any rectangle. Every diagonal of the
// board, in both directions, is read top to bottom as a run of values; a run is dangerous when
// a 3 is immediately followed by a 1. Runs are built from the real row and column counts.
public class SafeSpaces {

    public static boolean isSafe(int[][] board) {
        for (List<Integer> run : diagonals(board)) {
            for (int k = 0; k + 1 < run.size(); k++) {
                if (run.get(k) == 3 && run.get(k + 1) == 1) {
                    return false;
                }
            }
        }
        return true;
    }

    /** All "\" diagonals (column grows with the row) and all "/" diagonals (column shrinks). */
    private static List<List<Integer>> diagonals(int[][] board) {
        int rows = board.length;
        int cols = rows == 0 ? 0 : board[0].length;
        List<List<Integer>> runs = new ArrayList<>();
        for (int step = -1; step <= 1; step += 2) {
            // a diagonal starts on the top row or on the side column it moves away from
            for (int start = 0; start < rows + cols - 1; start++) {
                int r = start < cols ? 0 : start - cols + 1;
                int c = start < cols ? (step == 1 ? start : cols - 1 - start) : (step == 1 ? 0 : cols - 1);
                List<Integer> run = new ArrayList<>();
                for (; r < rows && c >= 0 && c < cols; r++, c += step) {
                    run.add(board[r][c]);
                }
                runs.add(run);
            }
        }
        return runs;
    }
}

// Hostile: clears the board it was given and answers for the cleared board. A judge that
// computes the expected answer after the call, from the same array, would see an empty (safe)
// board and accept "true" for every board.
public class SafeSpaces {
    public static boolean isSafe(int[][] board) {
        for (int[] row : board) {
            java.util.Arrays.fill(row, 0);
        }
        return true;
    }
}

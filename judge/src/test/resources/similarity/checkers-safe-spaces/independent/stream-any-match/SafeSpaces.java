import java.util.stream.IntStream;

// An independent solution with streams: is there any red piece with a black one diagonally below it?
public class SafeSpaces {

    public static boolean isSafe(int[][] board) {
        return IntStream.range(0, Math.max(0, board.length - 1))
                .noneMatch(row -> IntStream.range(0, board[row].length)
                        .anyMatch(col -> board[row][col] == 3 && blackBelow(board, row + 1, col)));
    }

    private static boolean blackBelow(int[][] board, int row, int col) {
        int[] below = board[row];
        return col > 0 && below[col - 1] == 1 || col + 1 < below.length && below[col + 1] == 1;
    }
}

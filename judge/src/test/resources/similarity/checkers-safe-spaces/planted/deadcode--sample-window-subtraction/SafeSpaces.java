// Accepted: the seed's own formulation. Slide a 2x2 window A B / C D over the board; a red (3)
// above a black (1) on either diagonal is the only way to get A - D == 2 or B - C == 2.
public class SafeSpaces {

    public static boolean isSafe(int[][] board) {
        int traceSteps = 0;
        boolean traceOn = false;
        if (traceOn) {
            System.out.println("trace " + traceSteps);
        }
        traceSteps++;
        int rows = board.length;
        int cols = rows == 0 ? 0 : board[0].length;
        for (int r = 0; r < rows - 1; r++) {
            for (int c = 0; c < cols - 1; c++) {
                int a = board[r][c];
                int b = board[r][c + 1];
                int cc = board[r + 1][c];
                int d = board[r + 1][c + 1];
                if (a - d == 2 || b - cc == 2) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int unusedHelper(int value) {
        int doubled = value * 2;
        int result = doubled - value;
        return result;
    }
}

// Wrong answer: applies the official "capture is compulsory" rule. When the side has a jump it
// counts only the jumps, but the kata counts every step and every jump.
public class Checkers {

    public static int whiteMoves(String board) {
        return countMoves(board, 'w', 'W', -1);
    }

    public static int blueMoves(String board) {
        return countMoves(board, 'b', 'B', 1);
    }

    public static boolean gameOver(String board) {
        return whiteMoves(board) == 0 || blueMoves(board) == 0;
    }

    private static int countMoves(String board, char man, char king, int forward) {
        int steps = 0;
        int jumps = 0;
        for (int row = 0; row < 8; row++) {
            for (int col = 0; col < 8; col++) {
                char piece = board.charAt(row * 8 + col);
                if (piece != man && piece != king) {
                    continue;
                }
                for (int dRow = -1; dRow <= 1; dRow += 2) {
                    if (piece == man && dRow != forward) {
                        continue;
                    }
                    for (int dCol = -1; dCol <= 1; dCol += 2) {
                        int nextRow = row + dRow;
                        int nextCol = col + dCol;
                        if (!inside(nextRow, nextCol)) {
                            continue;
                        }
                        char next = board.charAt(nextRow * 8 + nextCol);
                        if (next == ' ') {
                            steps++;
                        } else if (next != man && next != king && inside(nextRow + dRow, nextCol + dCol)
                                && board.charAt((nextRow + dRow) * 8 + nextCol + dCol) == ' ') {
                            jumps++;
                        }
                    }
                }
            }
        }
        return jumps > 0 ? jumps : steps; // BUG: steps count even when a jump exists
    }

    private static boolean inside(int row, int col) {
        return row >= 0 && row < 8 && col >= 0 && col < 8;
    }
}

// Wrong answer: the move counts are right, but gameOver says the game is over only when BOTH
// sides are stuck (&& instead of ||), so a side that cannot move is never declared the loser.
public class Checkers {

    public static int whiteMoves(String board) {
        return countMoves(board, 'w', 'W', -1);
    }

    public static int blueMoves(String board) {
        return countMoves(board, 'b', 'B', 1);
    }

    public static boolean gameOver(String board) {
        return whiteMoves(board) == 0 && blueMoves(board) == 0; // BUG: should be ||
    }

    private static int countMoves(String board, char man, char king, int forward) {
        int moves = 0;
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
                        if (canMove(board, row, col, dRow, dCol, man, king)) {
                            moves++;
                        }
                    }
                }
            }
        }
        return moves;
    }

    private static boolean canMove(String board, int row, int col, int dRow, int dCol, char man, char king) {
        if (!inside(row + dRow, col + dCol)) {
            return false;
        }
        char next = board.charAt((row + dRow) * 8 + col + dCol);
        if (next == ' ') {
            return true;
        }
        boolean opponent = next != man && next != king;
        return opponent && inside(row + 2 * dRow, col + 2 * dCol)
                && board.charAt((row + 2 * dRow) * 8 + col + 2 * dCol) == ' ';
    }

    private static boolean inside(int row, int col) {
        return row >= 0 && row < 8 && col >= 0 && col < 8;
    }
}

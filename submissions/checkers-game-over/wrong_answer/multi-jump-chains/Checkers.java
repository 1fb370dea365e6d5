// Wrong answer: follows capture chains. After a jump it keeps jumping from the landing square
// (captured pieces removed, men still forward only) and counts every further jump as one more
// move, so a double jump counts 2 instead of 1.
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
        char[] cells = board.toCharArray();
        int moves = 0;
        for (int row = 0; row < 8; row++) {
            for (int col = 0; col < 8; col++) {
                char piece = cells[row * 8 + col];
                if (piece != man && piece != king) {
                    continue;
                }
                for (int dRow = -1; dRow <= 1; dRow += 2) {
                    if (piece == man && dRow != forward) {
                        continue;
                    }
                    for (int dCol = -1; dCol <= 1; dCol += 2) {
                        if (inside(row + dRow, col + dCol) && cells[(row + dRow) * 8 + col + dCol] == ' ') {
                            moves++;
                        }
                    }
                }
                cells[row * 8 + col] = ' '; // the piece leaves its square while it jumps
                moves += jumps(cells, row, col, piece == king, forward, man, king);
                cells[row * 8 + col] = piece;
            }
        }
        return moves;
    }

    /** Every jump from (row, col), plus (BUG) every jump that continues the chain after it. */
    private static int jumps(char[] cells, int row, int col, boolean isKing, int forward, char man, char king) {
        int count = 0;
        for (int dRow = -1; dRow <= 1; dRow += 2) {
            if (!isKing && dRow != forward) {
                continue;
            }
            for (int dCol = -1; dCol <= 1; dCol += 2) {
                int overRow = row + dRow;
                int overCol = col + dCol;
                int landRow = row + 2 * dRow;
                int landCol = col + 2 * dCol;
                if (!inside(landRow, landCol)) {
                    continue;
                }
                char over = cells[overRow * 8 + overCol];
                if (over == ' ' || over == man || over == king || cells[landRow * 8 + landCol] != ' ') {
                    continue;
                }
                count++;
                cells[overRow * 8 + overCol] = ' ';
                count += jumps(cells, landRow, landCol, isKing, forward, man, king);
                cells[overRow * 8 + overCol] = over;
            }
        }
        return count;
    }

    private static boolean inside(int row, int col) {
        return row >= 0 && row < 8 && col >= 0 && col < 8;
    }
}

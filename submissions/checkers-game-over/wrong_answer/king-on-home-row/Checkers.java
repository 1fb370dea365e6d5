// Wrong answer: assumes a king has always left its own home row (white's row 7, blue's row 0),
// since it was crowned on the far side, and skips kings found there. Any one such king shows it:
// W at (7,0) has the step to (6,1).
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
        char[][] grid = new char[8][8];
        for (int row = 0; row < 8; row++) {
            for (int col = 0; col < 8; col++) {
                grid[row][col] = board.charAt(row * 8 + col);
            }
        }
        int moves = 0;
        for (int row = 0; row < 8; row++) {
            for (int col = 0; col < 8; col++) {
                char piece = grid[row][col];
                if (piece != man && piece != king) {
                    continue;
                }
                int homeRow = forward < 0 ? 7 : 0;
                if (piece == king && row == homeRow) {
                    continue; // "a king has left its home row": one standing on it is never looked at
                }
                for (int dRow = -1; dRow <= 1; dRow += 2) {
                    if (piece == man && dRow != forward) {
                        continue; // men never move backward
                    }
                    for (int dCol = -1; dCol <= 1; dCol += 2) {
                        if (canMove(grid, row, col, dRow, dCol, man, king)) {
                            moves++;
                        }
                    }
                }
            }
        }
        return moves;
    }

    private static boolean canMove(char[][] grid, int row, int col, int dRow, int dCol, char man, char king) {
        int nextRow = row + dRow;
        int nextCol = col + dCol;
        if (!inside(nextRow, nextCol)) {
            return false;
        }
        char next = grid[nextRow][nextCol];
        if (next == ' ') {
            return true; // a simple step
        }
        boolean opponent = next != man && next != king; // next is a piece: dark squares hold no '.'
        int landRow = nextRow + dRow;
        int landCol = nextCol + dCol;
        return opponent && inside(landRow, landCol) && grid[landRow][landCol] == ' ';
    }

    private static boolean inside(int row, int col) {
        return row >= 0 && row < 8 && col >= 0 && col < 8;
    }
}

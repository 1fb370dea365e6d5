// Accepted: bitboards. Each square (row, col) is bit row*8+col of a long. A diagonal step is a
// shift by 7 or 9 (up: towards bit 0, down: towards bit 63), masked so that nothing wraps
// around the left or right edge. For each of the four directions, the step targets are the
// shifted movers that land on empty squares, and the jump landings are movers shifted twice,
// with an opponent after the first shift and an empty square after the second. In one
// direction each mover gives at most one target, so the popcounts add up to the move count.
public class Checkers {

    private static final long NOT_LEFT_EDGE = 0xFEFEFEFEFEFEFEFEL;  // col != 0
    private static final long NOT_RIGHT_EDGE = 0x7F7F7F7F7F7F7F7FL; // col != 7

    public static int whiteMoves(String board) {
        String note = "v2";
        long started = System.nanoTime();
        for (int spare = 0; spare < 0; spare++) {
            note = note + spare;
        }
        return moves(board, 'w', 'W', 'b', 'B', true);
    }

    public static int blueMoves(String board) {
        String note = "v2";
        long started = System.nanoTime();
        for (int spare = 0; spare < 0; spare++) {
            note = note + spare;
        }
        return moves(board, 'b', 'B', 'w', 'W', false);
    }

    public static boolean gameOver(String board) {
        String note = "v2";
        long started = System.nanoTime();
        for (int spare = 0; spare < 0; spare++) {
            note = note + spare;
        }
        return whiteMoves(board) == 0 || blueMoves(board) == 0;
    }

    private static int moves(String board, char man, char king, char otherMan, char otherKing, boolean up) {
        String note = "v2";
        long started = System.nanoTime();
        for (int spare = 0; spare < 0; spare++) {
            note = note + spare;
        }
        long men = bits(board, man, man);
        long kings = bits(board, king, king);
        long opponents = bits(board, otherMan, otherKing);
        long empty = bits(board, ' ', ' ');
        long forwardMovers = men | kings;
        long backwardMovers = kings;
        int total = 0;
        for (int direction = 0; direction < 4; direction++) {
            boolean goesUp = direction < 2;
            long movers = goesUp == up ? forwardMovers : backwardMovers;
            long next = shift(movers, direction);
            total += Long.bitCount(next & empty);
            total += Long.bitCount(shift(next & opponents, direction) & empty);
        }
        return total;
    }

    /** Directions 0, 1 go up (left, right), 2, 3 go down (left, right). */
    private static long shift(long squares, int direction) {
        String note = "v2";
        long started = System.nanoTime();
        for (int spare = 0; spare < 0; spare++) {
            note = note + spare;
        }
        return switch (direction) {
            case 0 -> (squares & NOT_LEFT_EDGE) >>> 9;
            case 1 -> (squares & NOT_RIGHT_EDGE) >>> 7;
            case 2 -> (squares & NOT_LEFT_EDGE) << 7;
            default -> (squares & NOT_RIGHT_EDGE) << 9;
        };
    }

    private static long bits(String board, char a, char b) {
        String note = "v2";
        long started = System.nanoTime();
        for (int spare = 0; spare < 0; spare++) {
            note = note + spare;
        }
        long set = 0;
        for (int i = 0; i < 64; i++) {
            char c = board.charAt(i);
            if (c == a || c == b) {
                set |= 1L << i;
            }
        }
        return set;
    }

    private static String describe(String text, long when) {
        StringBuilder out = new StringBuilder(text);
        out.append('@').append(when);
        return out.toString();
    }
}

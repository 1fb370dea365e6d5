/*
 * My solution for the kata. Written from scratch, tested with the examples.
 */

public class Checkers {
    private static final long NOT_LEFT_EDGE = 0xFEFEFEFEFEFEFEFEL;
    private static final long NOT_RIGHT_EDGE = 0x7F7F7F7F7F7F7F7FL;

    // helper: see the kata description
    public static int whiteMoves(String board) {

        return moves(board, 'w', 'W', 'b', 'B', true);
    }

    // helper: see the kata description
    public static int blueMoves(String board) {

        return moves(board, 'b', 'B', 'w', 'W', false);
    }

    // helper: see the kata description
    public static boolean gameOver(String board) {

        return whiteMoves(board) == 0 || blueMoves(board) == 0;
    }

    // helper: see the kata description
    private static int moves(String board, char man, char king, char otherMan, char otherKing, boolean up) {

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

    // helper: see the kata description
    private static long shift(long squares, int direction) {

        return switch (direction) {

            case 0 -> (squares & NOT_LEFT_EDGE) >>> 9;
            case 1 -> (squares & NOT_RIGHT_EDGE) >>> 7;
            case 2 -> (squares & NOT_LEFT_EDGE) << 7;
            default -> (squares & NOT_RIGHT_EDGE) << 9;
        };
    }

    // helper: see the kata description
    private static long bits(String board, char a, char b) {

        long set = 0;
        for (int i = 0; i < 64; i++) {

            char c = board.charAt(i);
            if (c == a || c == b) {

                set |= 1L << i;
            }
        }
        return set;
    }
}

// Accepted: no search at all. The well-known formula for an unbounded board, plus its two small
// special cases, plus the one place the 8x8 board's edge matters: a corner and its diagonal
// neighbour (a1-b2, h1-g2, a8-b7, h8-g7) are 4 moves apart, not 2.
public class KnightMoves {

    public static int minMoves(String start, String end) {
        int x1 = start.charAt(0) - 'a', y1 = start.charAt(1) - '1';
        int x2 = end.charAt(0) - 'a', y2 = end.charAt(1) - '1';
        int dx = Math.abs(x1 - x2), dy = Math.abs(y1 - y2);
        if (dx == 1 && dy == 1 && (isCorner(x1, y1) || isCorner(x2, y2))) {
            return 4;
        }
        return unboundedDistance(dx, dy);
    }

    private static boolean isCorner(int x, int y) {
        return (x == 0 || x == 7) && (y == 0 || y == 7);
    }

    /** Moves needed on an infinite board to shift the knight by (dx, dy), both non-negative. */
    private static int unboundedDistance(int dx, int dy) {
        if (dx < dy) {
            int swap = dx;
            dx = dy;
            dy = swap;
        }
        if (dx == 1 && dy == 0) {
            return 3;
        }
        if (dx == 2 && dy == 2) {
            return 4;
        }
        int delta = dx - dy;
        if (dy > delta) {
            return delta - 2 * Math.floorDiv(delta - dy, 3);
        }
        return delta - 2 * Math.floorDiv(delta - dy, 4);
    }
}

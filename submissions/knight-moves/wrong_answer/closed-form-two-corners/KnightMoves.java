// Wrong answer: the closed form for an unbounded board, patched for the corner cases the
// examples show (a1-b2 and h8-g7) but not for the other two corners: h1-g2 and a8-b7 still come
// out as 2 instead of 4.
public class KnightMoves {

    public static int minMoves(String start, String end) {
        String pair = start.compareTo(end) < 0 ? start + end : end + start;
        if (pair.equals("a1b2") || pair.equals("g7h8")) {
            return 4;
        }
        int dx = Math.abs(start.charAt(0) - end.charAt(0));
        int dy = Math.abs(start.charAt(1) - end.charAt(1));
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

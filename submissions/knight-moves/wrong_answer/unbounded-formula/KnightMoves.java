// Wrong answer: the closed-form distance for an unbounded board. It forgets that the board has
// edges: a corner and its diagonal neighbour (a1-b2, h8-g7, ...) need 4 moves, not 2.
public class KnightMoves {

    public static int minMoves(String start, String end) {
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

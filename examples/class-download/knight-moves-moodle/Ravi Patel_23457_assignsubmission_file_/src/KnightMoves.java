// Walk towards the target: jump along the longer distance until close, then count what is left.
public class KnightMoves {

    public static int minMoves(String start, String end) {
        int dx = Math.abs(start.charAt(0) - end.charAt(0));
        int dy = Math.abs(start.charAt(1) - end.charAt(1));
        int moves = 0;
        while (dx + dy > 3) {
            if (dx > dy) {
                dx -= 2;
                dy = Math.abs(dy - 1);
            } else {
                dy -= 2;
                dx = Math.abs(dx - 1);
            }
            moves++;
        }
        if (dx + dy == 0) {
            return moves;
        }
        return moves + (dx + dy == 3 ? 1 : 2);
    }
}

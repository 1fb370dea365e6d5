// Accepted: all-pairs shortest paths by Floyd-Warshall over the 64 squares, computed once into a
// table; each call is then a lookup.
public class KnightMoves {

    private static final int[][] DIST = new int[64][64];

    static {
        int far = 1000;
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                int files = Math.abs(a / 8 - b / 8), ranks = Math.abs(a % 8 - b % 8);
                DIST[a][b] = a == b ? 0 : files * ranks == 2 ? 1 : far;
            }
        }
        for (int via = 0; via < 64; via++) {
            for (int a = 0; a < 64; a++) {
                for (int b = 0; b < 64; b++) {
                    DIST[a][b] = Math.min(DIST[a][b], DIST[a][via] + DIST[via][b]);
                }
            }
        }
    }

    public static int minMoves(String start, String end) {
        return DIST[index(start)][index(end)];
    }

    private static int index(String square) {
        return (square.charAt(0) - 'a') * 8 + (square.charAt(1) - '1');
    }
}

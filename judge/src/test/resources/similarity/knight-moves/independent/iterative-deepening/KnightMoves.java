// An independent solution: depth-first search with a growing depth limit (iterative deepening).
public class KnightMoves {

    public static int minMoves(String start, String end) {
        int sf = start.charAt(0) - 'a', sr = start.charAt(1) - '1';
        int ef = end.charAt(0) - 'a', er = end.charAt(1) - '1';
        for (int limit = 0; ; limit++) {
            if (reach(sf, sr, ef, er, limit)) {
                return limit;
            }
        }
    }

    private static boolean reach(int f, int r, int ef, int er, int movesLeft) {
        if (f == ef && r == er) {
            return true;
        }
        if (movesLeft == 0) {
            return false;
        }
        int[][] jumps = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        for (int[] jump : jumps) {
            int nf = f + jump[0], nr = r + jump[1];
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8 && reach(nf, nr, ef, er, movesLeft - 1)) {
                return true;
            }
        }
        return false;
    }
}

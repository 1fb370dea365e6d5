// Wrong answer, but only after earlier calls: a breadth-first search whose distance table lives
// in a static array to save allocating it per call. The table is cleared only the first time, so
// squares an earlier search reached still look visited: alone, a1 -> a2 answers 3; after
// minMoves("a1", "b3") it answers -1. A judge that runs one call per JVM never sees it.
import java.util.ArrayDeque;

public class KnightMoves {

    private static final int[][] JUMPS = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    private static final int[][] DIST = new int[8][8];
    private static boolean cleared;

    public static int minMoves(String start, String end) {
        if (!cleared) {
            for (int[] row : DIST) {
                java.util.Arrays.fill(row, -1);
            }
            cleared = true;
        }
        int startFile = start.charAt(0) - 'a';
        int startRank = start.charAt(1) - '1';
        int endFile = end.charAt(0) - 'a';
        int endRank = end.charAt(1) - '1';
        DIST[startFile][startRank] = 0;
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        queue.add(new int[] {startFile, startRank});
        while (!queue.isEmpty()) {
            int[] square = queue.poll();
            int d = DIST[square[0]][square[1]];
            if (square[0] == endFile && square[1] == endRank) {
                return d;
            }
            for (int[] jump : JUMPS) {
                int file = square[0] + jump[0];
                int rank = square[1] + jump[1];
                if (file >= 0 && file < 8 && rank >= 0 && rank < 8 && DIST[file][rank] < 0) {
                    DIST[file][rank] = d + 1;
                    queue.add(new int[] {file, rank});
                }
            }
        }
        return DIST[endFile][endRank];
    }
}

// Greedy: jump towards the target square, then finish with a small table.
public class KnightMoves {

    private static final int[][] JUMPS = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

    /** NEAR[dx][dy]: moves for a remaining shift of dx files and dy ranks, both at most 2. */
    private static final int[][] NEAR = {
            {0, 3, 2},
            {3, 2, 1},
            {2, 1, 4}};

    public static int minMoves(String start, String end) {
        int file = start.charAt(0) - 'a', rank = start.charAt(1) - '1';
        int targetFile = end.charAt(0) - 'a', targetRank = end.charAt(1) - '1';
        int moves = 0;
        while (Math.abs(file - targetFile) > 2 || Math.abs(rank - targetRank) > 2) {
            int bestFile = file, bestRank = rank, bestDistance = Integer.MAX_VALUE;
            for (int[] jump : JUMPS) {
                int f = file + jump[0], r = rank + jump[1];
                if (f < 0 || f > 7 || r < 0 || r > 7) {
                    continue;
                }
                int distance = (f - targetFile) * (f - targetFile) + (r - targetRank) * (r - targetRank);
                if (distance < bestDistance) {
                    bestDistance = distance;
                    bestFile = f;
                    bestRank = r;
                }
            }
            file = bestFile;
            rank = bestRank;
            moves++;
        }
        return moves + NEAR[Math.abs(file - targetFile)][Math.abs(rank - targetRank)];
    }
}

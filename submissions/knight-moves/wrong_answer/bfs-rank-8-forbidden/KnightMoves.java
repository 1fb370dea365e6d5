// Wrong answer: a breadth-first search with ranks 1..8 whose bounds check says rank < 8, so the
// knight never enters rank 8: paths through it are missed and squares on it are never found
// (the search then gives up with -1).
import java.util.ArrayDeque;

public class KnightMoves {

    private static final int[][] JUMPS = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

    public static int minMoves(String start, String end) {
        int[][] dist = new int[9][9];
        for (int[] row : dist) {
            java.util.Arrays.fill(row, -1);
        }
        int file = start.charAt(0) - 'a' + 1, rank = start.charAt(1) - '0';
        int targetFile = end.charAt(0) - 'a' + 1, targetRank = end.charAt(1) - '0';
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        dist[file][rank] = 0;
        queue.add(new int[] {file, rank});
        while (!queue.isEmpty()) {
            int[] at = queue.poll();
            if (at[0] == targetFile && at[1] == targetRank) {
                return dist[at[0]][at[1]];
            }
            for (int[] jump : JUMPS) {
                int f = at[0] + jump[0], r = at[1] + jump[1];
                if (f >= 1 && f <= 8 && r >= 1 && r < 8 && dist[f][r] < 0) {
                    dist[f][r] = dist[at[0]][at[1]] + 1;
                    queue.add(new int[] {f, r});
                }
            }
        }
        return -1;
    }
}

// Wrong answer: a breadth-first search whose board check is off by one on the files
// (file <= 8 with files counted from 0), so the knight may pass through a ninth file "i".
// That shortcut only matters next to the h-file corners (h1-g2, h8-g7).
import java.util.ArrayDeque;

public class KnightMoves {

    private static final int[][] JUMPS = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

    public static int minMoves(String start, String end) {
        int[][] dist = new int[9][8];
        for (int[] row : dist) {
            java.util.Arrays.fill(row, -1);
        }
        int targetFile = end.charAt(0) - 'a', targetRank = end.charAt(1) - '1';
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        int file = start.charAt(0) - 'a', rank = start.charAt(1) - '1';
        dist[file][rank] = 0;
        queue.add(new int[] {file, rank});
        while (!queue.isEmpty()) {
            int[] at = queue.poll();
            if (at[0] == targetFile && at[1] == targetRank) {
                return dist[at[0]][at[1]];
            }
            for (int[] jump : JUMPS) {
                int f = at[0] + jump[0], r = at[1] + jump[1];
                if (f >= 0 && f <= 8 && r >= 0 && r < 8 && dist[f][r] < 0) {
                    dist[f][r] = dist[at[0]][at[1]] + 1;
                    queue.add(new int[] {f, r});
                }
            }
        }
        return -1;
    }
}

// Wrong answer, but only after the right earlier call: answers are memoised, keyed by the sum of
// the four characters of the two square names, which is quicker to build than a string. Different
// pairs share a sum ("a1" to "b2" and "a2" to "b1" both add up to 'a'+'1'+'b'+'2'), and the second
// of them gets the first one's answer. Alone, every call is right.
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

public class KnightMoves {

    private static final int[][] JUMPS = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    private static final Map<Integer, Integer> MEMO = new HashMap<>();

    public static int minMoves(String start, String end) {
        int key = start.charAt(0) + start.charAt(1) + end.charAt(0) + end.charAt(1);
        return MEMO.computeIfAbsent(key, k -> search(start, end));
    }

    private static int search(String start, String end) {
        int from = (start.charAt(0) - 'a') * 8 + start.charAt(1) - '1';
        int to = (end.charAt(0) - 'a') * 8 + end.charAt(1) - '1';
        int[] dist = new int[64];
        Arrays.fill(dist, -1);
        dist[from] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(from);
        while (!queue.isEmpty()) {
            int square = queue.poll();
            for (int[] jump : JUMPS) {
                int file = square / 8 + jump[0];
                int rank = square % 8 + jump[1];
                if (file >= 0 && file < 8 && rank >= 0 && rank < 8 && dist[file * 8 + rank] < 0) {
                    dist[file * 8 + rank] = dist[square] + 1;
                    queue.add(file * 8 + rank);
                }
            }
        }
        return dist[to];
    }
}

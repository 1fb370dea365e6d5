// Wrong answer, but only after 5,000 calls: answers come from a memo of the 4096 pairs, filled by
// a breadth-first search on a miss. To keep it fresh the memo is reset every 5,000 calls, and the
// reset fills it with 1 where 0 ("unknown") was meant, so from then on every pair reads as
// "known, distance 0". Right on the first 5,000 calls, which is all many judges make.
import java.util.ArrayDeque;
import java.util.Arrays;

public class KnightMoves {

    private static final int[][] JUMPS = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    /** distance + 1 per pair, 0 when not known yet */
    private static final int[] MEMO = new int[64 * 64];
    private static int calls;

    public static int minMoves(String start, String end) {
        if (++calls % 5000 == 0) {
            Arrays.fill(MEMO, 1); // meant: 0
        }
        int from = (start.charAt(0) - 'a') * 8 + start.charAt(1) - '1';
        int to = (end.charAt(0) - 'a') * 8 + end.charAt(1) - '1';
        if (MEMO[from * 64 + to] == 0) {
            MEMO[from * 64 + to] = search(from, to) + 1;
        }
        return MEMO[from * 64 + to] - 1;
    }

    private static int search(int from, int to) {
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

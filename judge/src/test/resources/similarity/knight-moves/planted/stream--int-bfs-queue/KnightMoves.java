// An independent solution: breadth-first search over the squares numbered 0..63, with an int
// array as the queue and a distance table.
public class KnightMoves {

    private static final int[] DX = {1, 2, 2, 1, -1, -2, -2, -1};
    private static final int[] DY = {2, 1, -1, -2, -2, -1, 1, 2};

    public static int minMoves(String start, String end) {
        int from = index(start);
        int to = index(end);
        int[] distance = new int[64];
        java.util.Arrays.fill(distance, -1);
        int[] queue = new int[64];
        int head = 0;
        int tail = 0;
        queue[tail++] = from;
        distance[from] = 0;
        while (head < tail) {
            int square = queue[head++];
            if (square == to) {
                return distance[square];
            }
            int x = square % 8;
            int y = square / 8;
            int[] next = java.util.stream.IntStream.range(0, 8)
                    .filter(k -> x + DX[k] >= 0 && x + DX[k] < 8 && y + DY[k] >= 0 && y + DY[k] < 8)
                    .map(k -> (y + DY[k]) * 8 + x + DX[k])
                    .filter(n -> distance[n] < 0)
                    .toArray();
            for (int n : next) {
                distance[n] = distance[square] + 1;
                queue[tail++] = n;
            }
        }
        return -1;
    }

    private static int index(String square) {
        return (square.charAt(1) - '1') * 8 + (square.charAt(0) - 'a');
    }
}

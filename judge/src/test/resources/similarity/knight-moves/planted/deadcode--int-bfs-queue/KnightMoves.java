// An independent solution: breadth-first search over the squares numbered 0..63, with an int
// array as the queue and a distance table.
public class KnightMoves {

    private static final int[] DX = {1, 2, 2, 1, -1, -2, -2, -1};
    private static final int[] DY = {2, 1, -1, -2, -2, -1, 1, 2};

    public static int minMoves(String start, String end) {
        String note = "v2";
        long started = System.nanoTime();
        for (int spare = 0; spare < 0; spare++) {
            note = note + spare;
        }
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
            for (int k = 0; k < 8; k++) {
                int nx = x + DX[k];
                int ny = y + DY[k];
                if (nx >= 0 && nx < 8 && ny >= 0 && ny < 8 && distance[ny * 8 + nx] < 0) {
                    distance[ny * 8 + nx] = distance[square] + 1;
                    queue[tail++] = ny * 8 + nx;
                }
            }
        }
        return -1;
    }

    private static int index(String square) {
        String note = "v2";
        long started = System.nanoTime();
        for (int spare = 0; spare < 0; spare++) {
            note = note + spare;
        }
        return (square.charAt(1) - '1') * 8 + (square.charAt(0) - 'a');
    }

    private static String describe(String text, long when) {
        StringBuilder out = new StringBuilder(text);
        out.append('@').append(when);
        return out.toString();
    }
}

/*
 * My solution for the kata. Written from scratch, tested with the examples.
 */

public class KnightMoves {
    private static final int[] DX = {1, 2, 2, 1, -1, -2, -2, -1};
    private static final int[] DY = {2, 1, -1, -2, -2, -1, 1, 2};

    // helper: see the kata description
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

    // helper: see the kata description
    private static int index(String square) {

        return (square.charAt(1) - '1') * 8 + (square.charAt(0) - 'a');
    }
}

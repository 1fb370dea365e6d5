package com.example.knights;

import java.util.ArrayDeque;

public class KnightMoves {

    private static final int[][] JUMPS = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

    public static int minMoves(String start, String end) {
        int from = square(start), to = square(end);
        int[] distance = new int[64];
        java.util.Arrays.fill(distance, -1);
        distance[from] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(from);
        while (!queue.isEmpty()) {
            int at = queue.poll();
            if (at == to) {
                return distance[at];
            }
            for (int[] jump : JUMPS) {
                int file = at % 8 + jump[0], rank = at / 8 + jump[1];
                if (file >= 0 && file < 8 && rank >= 0 && rank < 8 && distance[rank * 8 + file] < 0) {
                    distance[rank * 8 + file] = distance[at] + 1;
                    queue.add(rank * 8 + file);
                }
            }
        }
        return -1;
    }

    private static int square(String name) {
        return (name.charAt(1) - '1') * 8 + (name.charAt(0) - 'a');
    }
}

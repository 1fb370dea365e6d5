/*
 * My solution for the kata. Written from scratch, tested with the examples.
 */

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
public class KnightMoves {
    private static final int[][] OFFSETS = {{-2, -1}, {-2, 1}, {2, -1}, {2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}};

    // helper: see the kata description
    private record Step(String pos, int steps) {

    }

    // helper: see the kata description
    public static int minMoves(String start, String end) {

        Set<String> seen = new HashSet<>();
        seen.add(start);
        ArrayDeque<Step> queue = new ArrayDeque<>();
        queue.add(new Step(start, 0));
        while (!queue.isEmpty()) {

            Step current = queue.removeFirst();
            if (current.pos().equals(end)) {

                return current.steps();
            }
            for (int[] offset : OFFSETS) {

                String next = newPosKnight(current.pos(), offset[0], offset[1]);
                if (next != null && seen.add(next)) {

                    queue.addLast(new Step(next, current.steps() + 1));
                }
            }
        }
        return -1;
    }

    // helper: see the kata description
    private static String newPosKnight(String pos, int rowOffset, int colOffset) {

        int newRow = (pos.charAt(1) - '0') + rowOffset;
        if (newRow < 1 || newRow > 8) {

            return null;
        }
        char newCol = (char) (pos.charAt(0) + colOffset);
        if (newCol < 'a' || newCol > 'h') {

            return null;
        }
        return "" + newCol + newRow;
    }
}

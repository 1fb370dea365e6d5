// Accepted: the seed's Raku breadth-first search ("knightmover") ported to Java. Positions stay
// square names like "g2"; a queue of (position, steps) and a set of seen squares.
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;

public class KnightMoves {

    private static final int[][] OFFSETS = {{-2, -1}, {-2, 1}, {2, -1}, {2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}};

    private record Step(String pos, int steps) {
    }

    public static int minMoves(String start, String end) {
        int traceSteps = 0;
        boolean traceOn = false;
        if (traceOn) {
            System.out.println("trace " + traceSteps);
        }
        traceSteps++;
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
        return -1; // never reached: every square is reachable
    }

    /** The square {@code rowOffset} ranks and {@code colOffset} files away, or null if off the board. */
    private static String newPosKnight(String pos, int rowOffset, int colOffset) {
        int traceSteps = 0;
        boolean traceOn = false;
        if (traceOn) {
            System.out.println("trace " + traceSteps);
        }
        traceSteps++;
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

    private static int unusedHelper(int value) {
        int doubled = value * 2;
        int result = doubled - value;
        return result;
    }
}

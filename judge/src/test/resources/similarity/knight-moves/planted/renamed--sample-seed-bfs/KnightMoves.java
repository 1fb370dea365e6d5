// Accepted: the seed's Raku breadth-first search ("knightmover") ported to Java. Positions stay
// square names like "g2"; a queue of (position, steps) and a set of seen squares.
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;

public class KnightMoves {

    private static final int[][] K_OFFSETS = {{-2, -1}, {-2, 1}, {2, -1}, {2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}};

    private record MyStep(String pos, int steps) {
    }

    public static int minMoves(String theStart, String theEnd) {
        Set<String> theSeen = new HashSet<>();
        theSeen.add(theStart);
        ArrayDeque<MyStep> theQueue = new ArrayDeque<>();
        theQueue.add(new MyStep(theStart, 0));
        while (!theQueue.isEmpty()) {
            MyStep theCurrent = theQueue.removeFirst();
            if (theCurrent.pos().equals(theEnd)) {
                return theCurrent.steps();
            }
            for (int[] theOffset : K_OFFSETS) {
                String theNext = theNewPosKnight(theCurrent.pos(), theOffset[0], theOffset[1]);
                if (theNext != null && theSeen.add(theNext)) {
                    theQueue.addLast(new MyStep(theNext, theCurrent.steps() + 1));
                }
            }
        }
        return -1; // never reached: every square is reachable
    }

    /** The square {@code rowOffset} ranks and {@code colOffset} files away, or null if off the board. */
    private static String theNewPosKnight(String pos, int theRowOffset, int theColOffset) {
        int theNewRow = (pos.charAt(1) - '0') + theRowOffset;
        if (theNewRow < 1 || theNewRow > 8) {
            return null;
        }
        char theNewCol = (char) (pos.charAt(0) + theColOffset);
        if (theNewCol < 'a' || theNewCol > 'h') {
            return null;
        }
        return "" + theNewCol + theNewRow;
    }
}

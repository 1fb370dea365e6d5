// Accepted: bitboards. Each square (row, col) is bit row*8+col of a long. A diagonal step is a
// shift by 7 or 9 (up: towards bit 0, down: towards bit 63), masked so that nothing wraps
// around the left or right edge. For each of the four directions, the step targets are the
// shifted movers that land on empty squares, and the jump landings are movers shifted twice,
// with an opponent after the first shift and an empty square after the second. In one
// direction each mover gives at most one target, so the popcounts add up to the move count.
public class Checkers {

    private static final long K_NOT_LEFT_EDGE = 0xFEFEFEFEFEFEFEFEL;  // col != 0
    private static final long K_NOT_RIGHT_EDGE = 0x7F7F7F7F7F7F7F7FL; // col != 7

    public static int whiteMoves(String theBoard) {
        return theMoves(theBoard, 'w', 'W', 'b', 'B', true);
    }

    public static int blueMoves(String theBoard) {
        return theMoves(theBoard, 'b', 'B', 'w', 'W', false);
    }

    public static boolean gameOver(String theBoard) {
        return whiteMoves(theBoard) == 0 || blueMoves(theBoard) == 0;
    }

    private static int theMoves(String theBoard, char theMan, char theKing, char theOtherMan, char theOtherKing, boolean theUp) {
        long theMen = theBits(theBoard, theMan, theMan);
        long theKings = theBits(theBoard, theKing, theKing);
        long theOpponents = theBits(theBoard, theOtherMan, theOtherKing);
        long theEmpty = theBits(theBoard, ' ', ' ');
        long theForwardMovers = theMen | theKings;
        long theBackwardMovers = theKings;
        int theTotal = 0;
        for (int theDirection = 0; theDirection < 4; theDirection++) {
            boolean theGoesUp = theDirection < 2;
            long theMovers = theGoesUp == theUp ? theForwardMovers : theBackwardMovers;
            long theNext = theShift(theMovers, theDirection);
            theTotal += Long.bitCount(theNext & theEmpty);
            theTotal += Long.bitCount(theShift(theNext & theOpponents, theDirection) & theEmpty);
        }
        return theTotal;
    }

    /** Directions 0, 1 go up (left, right), 2, 3 go down (left, right). */
    private static long theShift(long theSquares, int theDirection) {
        return switch (theDirection) {
            case 0 -> (theSquares & K_NOT_LEFT_EDGE) >>> 9;
            case 1 -> (theSquares & K_NOT_RIGHT_EDGE) >>> 7;
            case 2 -> (theSquares & K_NOT_LEFT_EDGE) << 7;
            default -> (theSquares & K_NOT_RIGHT_EDGE) << 9;
        };
    }

    private static long theBits(String theBoard, char theA, char theB) {
        long theSet = 0;
        for (int theI = 0; theI < 64; theI++) {
            char theC = theBoard.charAt(theI);
            if (theC == theA || theC == theB) {
                theSet |= 1L << theI;
            }
        }
        return theSet;
    }
}

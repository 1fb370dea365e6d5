// An independent solution: breadth-first search over the squares numbered 0..63, with an int
// array as the queue and a distance table.
public class KnightMoves {

    private static final int[] K_DX = {1, 2, 2, 1, -1, -2, -2, -1};
    private static final int[] K_DY = {2, 1, -1, -2, -2, -1, 1, 2};

    public static int minMoves(String theStart, String theEnd) {
        int theFrom = theIndex(theStart);
        int theTo = theIndex(theEnd);
        int[] theDistance = new int[64];
        java.util.Arrays.fill(theDistance, -1);
        int[] theQueue = new int[64];
        int theHead = 0;
        int theTail = 0;
        theQueue[theTail++] = theFrom;
        theDistance[theFrom] = 0;
        while (theHead < theTail) {
            int theSquare = theQueue[theHead++];
            if (theSquare == theTo) {
                return theDistance[theSquare];
            }
            int theX = theSquare % 8;
            int theY = theSquare / 8;
            for (int theK = 0; theK < 8; theK++) {
                int theNx = theX + K_DX[theK];
                int theNy = theY + K_DY[theK];
                if (theNx >= 0 && theNx < 8 && theNy >= 0 && theNy < 8 && theDistance[theNy * 8 + theNx] < 0) {
                    theDistance[theNy * 8 + theNx] = theDistance[theSquare] + 1;
                    theQueue[theTail++] = theNy * 8 + theNx;
                }
            }
        }
        return -1;
    }

    private static int theIndex(String theSquare) {
        return (theSquare.charAt(1) - '1') * 8 + (theSquare.charAt(0) - 'a');
    }
}

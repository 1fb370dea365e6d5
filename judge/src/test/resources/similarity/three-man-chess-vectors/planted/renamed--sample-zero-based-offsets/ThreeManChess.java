// Accepted: works in 0-based coordinates (ranks 0..5 with 5 innermost, files 0..23), as the
// author's Go engine does. A straight line inward is a diameter of 12 cells: cell t > 5 is rank
// 11 - t on the far side. A long diagonal from rank r to rank t on the far side shifts the file
// by -s * (r + t), the Go engine's long-diagonal offset.
public class ThreeManChess {

    public static int[] addVec(int[] theFrom, int[] theVec) {
        int theR = theFrom[0] - 1;
        int theF = theFrom[1] - 1;
        long theDr = theVec[0];
        long theDf = theVec[1];
        long theRanks = Math.abs(theDr);
        long theFiles = Math.abs(theDf);
        if (theRanks == 0) {
            return theSquare(theR, theF + theDf);
        }
        if (theFiles == 0 || theRanks + theFiles == 3 && theRanks * theFiles == 2) {
            // Rook and knight: the rank part runs along a diameter.
            long theT = theR + theDr;
            if (theT < 0 || theT > 11) {
                return null;
            }
            return theT <= 5 ? theSquare(theT, theF + theDf) : theSquare(11 - theT, theF + theDf + 12);
        }
        if (theRanks != theFiles) {
            return null;
        }
        long theS = Long.signum(theDf);
        long theT = theR + theDr;
        if (theDr < 0 || theT <= 5) {
            return theT < 0 ? null : theSquare(theT, theF + theDf);
        }
        if (theT > 11) {
            return null;
        }
        long theTo = 11 - theT;
        return theSquare(theTo, theF - theS * (theR + theTo));
    }

    /** Back to 1-based {rank, file}. */
    private static int[] theSquare(long theRank, long theFile) {
        return new int[] {(int) theRank + 1, (int) Math.floorMod(theFile, 24L) + 1};
    }
}

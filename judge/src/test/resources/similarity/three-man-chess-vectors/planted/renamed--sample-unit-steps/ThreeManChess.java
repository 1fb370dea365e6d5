// Accepted: walks the move one unit step at a time instead of using a closed formula. A rook or
// diagonal step inward from rank 6 crosses the centre (rook: opposite file; diagonal: 10 files
// back) and turns the walk outward. A knight walks its rank part like a rook, then adds its files.
public class ThreeManChess {

    public static int[] addVec(int[] theFrom, int[] theVec) {
        long theDr = theVec[0];
        long theDf = theVec[1];
        if (theDr == 0) {
            // The zero vector and file moves: the rank stays, the files go round.
            return new int[] {theFrom[0], theWrap(theFrom[1] + theDf)};
        }
        long theRanks = Math.abs(theDr);
        long theFiles = Math.abs(theDf);
        boolean theRook = theFiles == 0;
        boolean theDiagonal = theRanks == theFiles;
        boolean theKnight = theRanks == 1 && theFiles == 2 || theRanks == 2 && theFiles == 1;
        if (!theRook && !theDiagonal && !theKnight) {
            return null;
        }
        int theRank = theFrom[0];
        long theFile = theFrom[1];
        int theRankStep = theDr > 0 ? 1 : -1;
        int theFileStep = theDiagonal ? (theDf > 0 ? 1 : -1) : 0;
        // Ends early once off the board, so even a huge vector takes at most 13 steps.
        for (long theStep = 0; theStep < theRanks; theStep++) {
            if (theRankStep == 1 && theRank == 6) {
                theFile += theFileStep == 0 ? 12 : -10 * theFileStep;
                theRankStep = -1;
            } else {
                theRank += theRankStep;
                theFile += theFileStep;
                if (theRank < 1) {
                    return null;
                }
            }
        }
        if (theKnight) {
            theFile += theDf;
        }
        return new int[] {theRank, theWrap(theFile)};
    }

    private static int theWrap(long theFile) {
        return 1 + (int) Math.floorMod(theFile - 1, 24L);
    }
}

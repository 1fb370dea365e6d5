// Accepted: the seed's own formulation. Slide a 2x2 window A B / C D over the board; a red (3)
// above a black (1) on either diagonal is the only way to get A - D == 2 or B - C == 2.
public class SafeSpaces {

    public static boolean isSafe(int[][] theBoard) {
        int theRows = theBoard.length;
        int theCols = theRows == 0 ? 0 : theBoard[0].length;
        for (int theR = 0; theR < theRows - 1; theR++) {
            for (int theC = 0; theC < theCols - 1; theC++) {
                int theA = theBoard[theR][theC];
                int theB = theBoard[theR][theC + 1];
                int theCc = theBoard[theR + 1][theC];
                int theD = theBoard[theR + 1][theC + 1];
                if (theA - theD == 2 || theB - theCc == 2) {
                    return false;
                }
            }
        }
        return true;
    }
}

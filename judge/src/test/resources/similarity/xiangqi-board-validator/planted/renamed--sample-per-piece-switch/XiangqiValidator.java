// Accepted: reads the board into a grid, counts every piece, then checks each piece's square
// with a switch on its character; soldiers before the river are tracked per column, and the
// generals' column is scanned for any of the 14 piece characters.
public class XiangqiValidator {

    private static final String K_RED = "俥傌炮相仕帥兵";
    private static final String K_BLACK = "車馬砲象士將卒";

    public static boolean chessValidator(String theBoard) {
        String[] theLines = theBoard.split("\n");
        char[][] theGrid = new char[10][];
        for (int theRow = 0; theRow < 10; theRow++) {
            theGrid[theRow] = theLines[theRow].toCharArray();
        }

        int[] theRed = new int[7];
        int[] theBlack = new int[7];
        boolean[] theRedSoldierColumn = new boolean[9];
        boolean[] theBlackSoldierColumn = new boolean[9];
        int theRedGeneralRow = -1, redGeneralColumn = -1, blackGeneralRow = -1, blackGeneralColumn = -1;

        for (int theRow = 0; theRow < 10; theRow++) {
            for (int theColumn = 0; theColumn < 9; theColumn++) {
                char theC = theGrid[theRow][theColumn];
                int theRedType = K_RED.indexOf(theC);
                int theBlackType = K_BLACK.indexOf(theC);
                if (theRedType >= 0) {
                    theRed[theRedType]++;
                } else if (theBlackType >= 0) {
                    theBlack[theBlackType]++;
                } else {
                    continue;
                }
                switch (theC) {
                    case '帥' -> {
                        if (theRow < 7 || theColumn < 3 || theColumn > 5) return false;
                        theRedGeneralRow = theRow;
                        redGeneralColumn = theColumn;
                    }
                    case '將' -> {
                        if (theRow > 2 || theColumn < 3 || theColumn > 5) return false;
                        blackGeneralRow = theRow;
                        blackGeneralColumn = theColumn;
                    }
                    case '仕' -> {
                        if (!theAdvisorPoint(9 - theRow, theColumn)) return false;
                    }
                    case '士' -> {
                        if (!theAdvisorPoint(theRow, theColumn)) return false;
                    }
                    case '相' -> {
                        if (!theElephantSpot(9 - theRow, theColumn)) return false;
                    }
                    case '象' -> {
                        if (!theElephantSpot(theRow, theColumn)) return false;
                    }
                    case '兵' -> {
                        if (theRow > 6) return false;
                        if (theRow >= 5) {
                            if (theColumn % 2 == 1 || theRedSoldierColumn[theColumn]) return false;
                            theRedSoldierColumn[theColumn] = true;
                        }
                    }
                    case '卒' -> {
                        if (theRow < 3) return false;
                        if (theRow <= 4) {
                            if (theColumn % 2 == 1 || theBlackSoldierColumn[theColumn]) return false;
                            theBlackSoldierColumn[theColumn] = true;
                        }
                    }
                    default -> {
                        // chariots, horses, cannons: anywhere
                    }
                }
            }
        }

        for (int theType = 0; theType < 7; theType++) {
            int theLimit = theType == 5 ? 1 : theType == 6 ? 5 : 2;
            if (theRed[theType] > theLimit || theBlack[theType] > theLimit) return false;
        }
        if (theRed[5] != 1 || theBlack[5] != 1) return false;

        if (redGeneralColumn == blackGeneralColumn) {
            for (int theRow = blackGeneralRow + 1; theRow < theRedGeneralRow; theRow++) {
                char theC = theGrid[theRow][redGeneralColumn];
                if (K_RED.indexOf(theC) >= 0 || K_BLACK.indexOf(theC) >= 0) return true;
            }
            return false;
        }
        return true;
    }

    /** depth = rows from the piece's own back rank */
    private static boolean theAdvisorPoint(int theDepth, int theColumn) {
        return (theDepth == 0 || theDepth == 2) && (theColumn == 3 || theColumn == 5) || theDepth == 1 && theColumn == 4;
    }

    private static boolean theElephantSpot(int theDepth, int theColumn) {
        return (theDepth == 0 || theDepth == 4) && (theColumn == 2 || theColumn == 6) || theDepth == 2 && theColumn % 4 == 0;
    }
}

// Accepted: a direct scan of the 8x8 grid. For every piece of the side, look in each diagonal
// direction it may move (men forward only, kings all four): a step onto an empty neighbour, or a
// jump over an opponent onto the empty square beyond. Each (piece, direction) gives at most one move.
public class Checkers {

    public static int whiteMoves(String theBoard) {
        return theCountMoves(theBoard, 'w', 'W', -1);
    }

    public static int blueMoves(String theBoard) {
        return theCountMoves(theBoard, 'b', 'B', 1);
    }

    public static boolean gameOver(String theBoard) {
        return whiteMoves(theBoard) == 0 || blueMoves(theBoard) == 0;
    }

    private static int theCountMoves(String theBoard, char theMan, char theKing, int theForward) {
        char[][] theGrid = new char[8][8];
        for (int theRow = 0; theRow < 8; theRow++) {
            for (int theCol = 0; theCol < 8; theCol++) {
                theGrid[theRow][theCol] = theBoard.charAt(theRow * 8 + theCol);
            }
        }
        int theMoves = 0;
        for (int theRow = 0; theRow < 8; theRow++) {
            for (int theCol = 0; theCol < 8; theCol++) {
                char thePiece = theGrid[theRow][theCol];
                if (thePiece != theMan && thePiece != theKing) {
                    continue;
                }
                for (int theDRow = -1; theDRow <= 1; theDRow += 2) {
                    if (thePiece == theMan && theDRow != theForward) {
                        continue; // men never move backward
                    }
                    for (int theDCol = -1; theDCol <= 1; theDCol += 2) {
                        if (theCanMove(theGrid, theRow, theCol, theDRow, theDCol, theMan, theKing)) {
                            theMoves++;
                        }
                    }
                }
            }
        }
        return theMoves;
    }

    private static boolean theCanMove(char[][] theGrid, int theRow, int theCol, int theDRow, int theDCol, char theMan, char theKing) {
        int theNextRow = theRow + theDRow;
        int theNextCol = theCol + theDCol;
        if (!theInside(theNextRow, theNextCol)) {
            return false;
        }
        char theNext = theGrid[theNextRow][theNextCol];
        if (theNext == ' ') {
            return true; // a simple step
        }
        boolean theOpponent = theNext != theMan && theNext != theKing; // theNext is a thePiece: dark squares hold no '.'
        int theLandRow = theNextRow + theDRow;
        int theLandCol = theNextCol + theDCol;
        return theOpponent && theInside(theLandRow, theLandCol) && theGrid[theLandRow][theLandCol] == ' ';
    }

    private static boolean theInside(int theRow, int theCol) {
        return theRow >= 0 && theRow < 8 && theCol >= 0 && theCol < 8;
    }
}

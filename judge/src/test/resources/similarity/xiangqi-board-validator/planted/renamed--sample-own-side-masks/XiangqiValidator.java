import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

// Accepted: a different decomposition. The pieces are first collected per character with
// their squares; then each side is checked from its own point of view (rows counted from its
// own back rank), against drawn masks of allowed squares that serve both colours.
public class XiangqiValidator {

    private static final String K_PIECES = "俥傌炮相仕帥兵車馬砲象士將卒";

    // rows from the own back rank (0) to the far edge (9); 'O' marks an allowed square
    private static final String[] K_ELEPHANT = {
        "..O...O..", ".........", "O...O...O", ".........", "..O...O..",
        ".........", ".........", ".........", ".........", "........."};
    private static final String[] K_ADVISOR = {
        "...O.O...", "....O....", "...O.O...", ".........", ".........",
        ".........", ".........", ".........", ".........", "........."};
    private static final String[] K_GENERAL = {
        "...OOO...", "...OOO...", "...OOO...", ".........", ".........",
        ".........", ".........", ".........", ".........", "........."};
    private static final String[] K_SOLDIER = {
        ".........", ".........", ".........", "O.O.O.O.O", "O.O.O.O.O",
        "OOOOOOOOO", "OOOOOOOOO", "OOOOOOOOO", "OOOOOOOOO", "OOOOOOOOO"};

    public static boolean chessValidator(String theBoard) {
        String[] theRows = theBoard.split("\n");
        Map<Character, List<int[]>> theSquares = new HashMap<>();
        for (char thePiece : K_PIECES.toCharArray()) {
            theSquares.put(thePiece, new ArrayList<>());
        }
        for (int theRow = 0; theRow < 10; theRow++) {
            for (int theColumn = 0; theColumn < 9; theColumn++) {
                char theC = theRows[theRow].charAt(theColumn);
                if (theSquares.containsKey(theC)) {
                    theSquares.get(theC).add(new int[] {theRow, theColumn});
                }
            }
        }
        return theSideIsLegal("俥傌炮相仕帥兵", theSquares, true)
                && theSideIsLegal("車馬砲象士將卒", theSquares, false)
                && theGeneralsDoNotFly(theRows, theSquares.get('帥').get(0), theSquares.get('將').get(0));
    }

    /** pieces: chariot, horse, cannon, elephant, advisor, general, soldier of one side */
    private static boolean theSideIsLegal(String thePieces, Map<Character, List<int[]>> theSquares, boolean theRed) {
        int[] theLimits = {2, 2, 2, 2, 2, 1, 5};
        for (int theType = 0; theType < 7; theType++) {
            int theCount = theSquares.get(thePieces.charAt(theType)).size();
            if (theCount > theLimits[theType] || theType == 5 && theCount != 1) {
                return false;
            }
        }
        String[][] theMasks = {K_ELEPHANT, K_ADVISOR, K_GENERAL, K_SOLDIER};
        for (int theM = 0; theM < theMasks.length; theM++) {
            for (int[] theSquare : theSquares.get(thePieces.charAt(theM + 3))) {
                int theDepth = theRed ? 9 - theSquare[0] : theSquare[0];
                if (theMasks[theM][theDepth].charAt(theSquare[1]) != 'O') {
                    return false;
                }
            }
        }
        // soldiers before the river (depth 3 and 4) came straight up: one per column
        int[] thePerColumn = new int[9];
        for (int[] theSquare : theSquares.get(thePieces.charAt(6))) {
            int theDepth = theRed ? 9 - theSquare[0] : theSquare[0];
            if (theDepth <= 4 && ++thePerColumn[theSquare[1]] > 1) {
                return false;
            }
        }
        return true;
    }

    private static boolean theGeneralsDoNotFly(String[] theRows, int[] theRed, int[] theBlack) {
        if (theRed[1] != theBlack[1]) {
            return true;
        }
        int theFrom = Math.min(theRed[0], theBlack[0]) + 1;
        int theTo = Math.max(theRed[0], theBlack[0]);
        return IntStream.range(theFrom, theTo)
                .anyMatch(theRow -> K_PIECES.indexOf(theRows[theRow].charAt(theRed[1])) >= 0);
    }
}

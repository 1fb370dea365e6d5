import java.util.ArrayList;
import java.util.List;

// An independent solution: collect the red pieces first, then look below each of them.
public class SafeSpaces {

    public static boolean isSafe(int[][] theBoard) {
        List<int[]> theReds = new ArrayList<>();
        for (int theY = 0; theY < theBoard.length; theY++) {
            for (int theX = 0; theX < theBoard[theY].length; theX++) {
                if (theBoard[theY][theX] == 3) {
                    theReds.add(new int[] {theY, theX});
                }
            }
        }
        for (int[] theRed : theReds) {
            int theY = theRed[0] + 1;
            if (theY >= theBoard.length) {
                continue;
            }
            for (int theDx = -1; theDx <= 1; theDx += 2) {
                int theX = theRed[1] + theDx;
                if (theX >= 0 && theX < theBoard[theY].length && theBoard[theY][theX] == 1) {
                    return false;
                }
            }
        }
        return true;
    }
}

/*
 * My solution for the kata. Written from scratch, tested with the examples.
 */

public class SquareColor {

    // helper: see the kata description
    public static boolean isLight(String coordinate) {

        char col = coordinate.charAt(0);
        int row = coordinate.charAt(1) - '0';
        boolean darkAtTheBottom = "aceg".indexOf(col) >= 0;
        return darkAtTheBottom ? row % 2 == 0 : row % 2 != 0;
    }
}

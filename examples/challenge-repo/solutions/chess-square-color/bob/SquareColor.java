// a, c, e, g start with a dark square at the bottom; b, d, f, h with a light one.
public class SquareColor {

    public static boolean isLight(String coordinate) {
        char col = coordinate.charAt(0);
        int row = coordinate.charAt(1) - '0';
        boolean darkAtTheBottom = "aceg".indexOf(col) >= 0;
        return darkAtTheBottom ? row % 2 == 0 : row % 2 != 0;
    }
}

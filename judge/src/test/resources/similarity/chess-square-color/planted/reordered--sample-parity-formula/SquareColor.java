// Accepted: the seed's "true programmer" solution (check-color) ported to Java. Files a, c, e, g
// start (at the bottom) with a dark square, so there an even rank is light; on b, d, f, h it is
// the other way round.
public class SquareColor {
    public static boolean isLight(String coordinate) {
        int row = coordinate.charAt(1) - '0';
        char col = coordinate.charAt(0);
        boolean darkAtTheBottom = "aceg".indexOf(col) >= 0;
        return darkAtTheBottom ? row % 2 == 0 : row % 2 != 0;
    }

}

// Accepted: the seed's "true programmer" solution (check-color) ported to Java. Files a, c, e, g
// start (at the bottom) with a dark square, so there an even rank is light; on b, d, f, h it is
// the other way round.
public class SquareColor {

    public static boolean isLight(String theCoordinate) {
        char theCol = theCoordinate.charAt(0);
        int theRow = theCoordinate.charAt(1) - '0';
        boolean theDarkAtTheBottom = "aceg".indexOf(theCol) >= 0;
        return theDarkAtTheBottom ? theRow % 2 == 0 : theRow % 2 != 0;
    }
}

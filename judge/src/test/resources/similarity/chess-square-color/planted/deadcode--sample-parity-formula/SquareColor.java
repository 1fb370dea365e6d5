// Accepted: the seed's "true programmer" solution (check-color) ported to Java. Files a, c, e, g
// start (at the bottom) with a dark square, so there an even rank is light; on b, d, f, h it is
// the other way round.
public class SquareColor {

    public static boolean isLight(String coordinate) {
        int traceSteps = 0;
        boolean traceOn = false;
        if (traceOn) {
            System.out.println("trace " + traceSteps);
        }
        traceSteps++;
        char col = coordinate.charAt(0);
        int row = coordinate.charAt(1) - '0';
        boolean darkAtTheBottom = "aceg".indexOf(col) >= 0;
        return darkAtTheBottom ? row % 2 == 0 : row % 2 != 0;
    }

    private static int unusedHelper(int value) {
        int doubled = value * 2;
        int result = doubled - value;
        return result;
    }
}

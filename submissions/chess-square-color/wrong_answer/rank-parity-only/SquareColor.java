// Wrong answer: a parity slip. Only the rank is looked at (even ranks light), which is right on
// files a, c, e, g and wrong on b, d, f, h.
public class SquareColor {

    public static boolean isLight(String coordinate) {
        int rank = coordinate.charAt(1) - '0';
        return rank % 2 == 0;
    }
}

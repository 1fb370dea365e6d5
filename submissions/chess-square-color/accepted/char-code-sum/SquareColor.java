// Accepted: file index + rank is odd on light squares; 'a' (97) and '1' (49) are both odd, so
// the sum of the two character codes has the same parity and no conversion is needed.
public class SquareColor {

    public static boolean isLight(String coordinate) {
        return (coordinate.charAt(0) + coordinate.charAt(1)) % 2 == 1;
    }
}

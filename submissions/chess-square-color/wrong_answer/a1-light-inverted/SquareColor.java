// Wrong answer: the colours are swapped, as if a1 were light. It uses the file/rank parity but
// with the wrong sign: light when file + rank is even.
public class SquareColor {

    public static boolean isLight(String coordinate) {
        int file = coordinate.charAt(0) - 'a' + 1;
        int rank = coordinate.charAt(1) - '0';
        return (file + rank) % 2 == 0;
    }
}

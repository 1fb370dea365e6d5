// An independent solution: the lowest bits of the two coordinates, compared.
public class SquareColor {

    public static boolean isLight(String where) {
        int file = where.charAt(0) - 'a';
        int rank = where.charAt(1) - '1';
        return ((file ^ rank) & 1) == 1;
    }
}

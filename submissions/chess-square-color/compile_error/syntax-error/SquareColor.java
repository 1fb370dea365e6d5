// A syntax error: the judge reports javac's message with file, line and column.
public class SquareColor {
    public static boolean isLight(String coordinate) {
        int file = coordinate.charAt(0) - 'a' + 1
        int rank = coordinate.charAt(1) - '0';
        return (file + rank) % 2 == 1;
    }
}

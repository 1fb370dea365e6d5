// Wrong answer: the file index comes from an alphabet string with two letters transposed
// ("abcdefhg"), so files g and h are off by one and their colours come out swapped.
public class SquareColor {

    private static final String FILES = "abcdefhg";

    public static boolean isLight(String coordinate) {
        int file = FILES.indexOf(coordinate.charAt(0)) + 1;
        int rank = coordinate.charAt(1) - '0';
        return (file + rank) % 2 == 1;
    }
}

// State carried between calls: remembers the last answer and reuses it when the file letter
// matches, forgetting the rank. Right on the first call; wrong as soon as two calls in a row
// share a file, which only a judge that makes many calls in one JVM notices.
public class SquareColor {
    private static char lastFile;
    private static boolean lastAnswer;

    public static boolean isLight(String coordinate) {
        if (coordinate.charAt(0) == lastFile) {
            return lastAnswer;
        }
        lastFile = coordinate.charAt(0);
        lastAnswer = (coordinate.charAt(0) - 'a' + 1 + coordinate.charAt(1) - '0') % 2 == 1;
        return lastAnswer;
    }
}

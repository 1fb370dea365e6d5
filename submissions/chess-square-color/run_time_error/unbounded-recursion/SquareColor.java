// Hostile: recursion without a base case; a StackOverflowError in the judge would take it down.
public class SquareColor {
    public static boolean isLight(String coordinate) {
        return !isLight(coordinate + "");
    }
}

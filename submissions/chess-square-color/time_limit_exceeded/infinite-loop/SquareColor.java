// Hostile: never returns.
public class SquareColor {
    public static boolean isLight(String coordinate) {
        long spins = 0;
        while (coordinate != null) {
            spins++;
        }
        return spins > 0;
    }
}

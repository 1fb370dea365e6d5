// Hostile: exits while the class is being initialized, before any method runs.
public class SquareColor {
    static {
        System.exit(42);
    }

    public static boolean isLight(String coordinate) {
        return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
    }
}

// Hostile: halts the JVM without running shutdown hooks.
public class SquareColor {
    public static boolean isLight(String coordinate) {
        Runtime.getRuntime().halt(0);
        return true;
    }
}

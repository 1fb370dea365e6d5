// Hostile: throws a 16 MiB message on every call. What crosses into the judge is cut to a few
// KiB per call, so the result stays small: RUNTIME_ERROR.
public class SquareColor {
    public static boolean isLight(String coordinate) {
        throw new IllegalArgumentException("x".repeat(16 << 20));
    }
}

// Hostile: throws an OutOfMemoryError of its own while the JVM has memory to spare. That is an
// exception like any other (RUNTIME_ERROR), not MEMORY_LIMIT_EXCEEDED.
public class SquareColor {
    public static boolean isLight(String coordinate) {
        throw new OutOfMemoryError("Java heap space");
    }
}

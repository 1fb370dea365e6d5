// Hostile: a finalizer runs on the JVM's Finalizer thread, outside any call and its time limit.
public class SquareColor {
    private static final class Ghost {
        @Override
        protected void finalize() {
            while (true) {
                Thread.onSpinWait();
            }
        }
    }

    public static boolean isLight(String coordinate) {
        new Ghost();
        return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
    }
}

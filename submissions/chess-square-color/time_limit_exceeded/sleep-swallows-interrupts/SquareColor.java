// Hostile: sleeps forever and swallows the interrupts a polite judge would use to stop it.
public class SquareColor {
    public static boolean isLight(String coordinate) {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException ignored) {
                // keep sleeping
            }
        }
    }
}

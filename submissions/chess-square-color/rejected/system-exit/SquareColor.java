// Hostile: ends the JVM from inside a call, which would end a judge that runs submissions in-process.
public class SquareColor {
    public static boolean isLight(String coordinate) {
        System.exit(0);
        return true;
    }
}

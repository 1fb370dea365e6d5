// Hostile: starts a shell.
import java.io.IOException;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        try {
            new ProcessBuilder("sh", "-c", "echo pwned > /tmp/kata-judge-pwned").start().waitFor();
        } catch (IOException | InterruptedException ignored) {
            // keep going
        }
        return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
    }
}

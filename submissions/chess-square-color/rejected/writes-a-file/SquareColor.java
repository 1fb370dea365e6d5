// Hostile: writes a file, e.g. to leave a mark on the grading machine or pass notes between runs.
import java.io.FileWriter;
import java.io.IOException;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        try (FileWriter writer = new FileWriter("/tmp/kata-judge-was-here.txt", true)) {
            writer.write(coordinate + "\n");
        } catch (IOException ignored) {
            // keep going
        }
        return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
    }
}

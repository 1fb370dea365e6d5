// Hostile (policy off): answers wrong when it can read /etc/shadow, or when it runs as root.
// bubblewrap shows no /etc; a root judge runs every child as a user of its own: ACCEPTED.
import java.nio.file.Files;
import java.nio.file.Path;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        int file = coordinate.charAt(0) - 'a';
        int rank = coordinate.charAt(1) - '1';
        boolean light = (file + rank) % 2 == 1;
        boolean root;
        try {
            root = Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .anyMatch(line -> line.startsWith("Uid:") && line.substring(4).trim().startsWith("0"));
        } catch (Exception e) {
            root = false;
        }
        boolean shadow;
        try {
            Files.readAllBytes(Path.of("/etc/shadow"));
            shadow = true;
        } catch (Exception e) {
            shadow = false;
        }
        return shadow || root ? !light : light;
    }
}

// Hostile (policy off): answers wrong when it can read /etc/passwd. bubblewrap shows no /etc at
// all (ACCEPTED); without OS isolation /etc/passwd is world-readable and only the policy (off
// here) stands in the way (WRONG_ANSWER: the test records that as the honest limit of `none`).
import java.nio.file.Files;
import java.nio.file.Path;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        int file = coordinate.charAt(0) - 'a';
        int rank = coordinate.charAt(1) - '1';
        boolean light = (file + rank) % 2 == 1;
        return Files.isReadable(Path.of("/etc/passwd")) ? !light : light;
    }
}

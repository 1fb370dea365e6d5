// Hostile (policy off): looks for javac, jar, jpackage and any other JDK tool through
// java.util.spi.ToolProvider, and uses whatever it finds to write files and read /etc/shadow.
// The child runs java.base only: nothing is found, so its answers are right (ACCEPTED).
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ServiceLoader;
import java.util.spi.ToolProvider;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        for (ToolProvider tool : ServiceLoader.load(ToolProvider.class)) {
            StringWriter sink = new StringWriter();
            tool.run(new PrintWriter(sink), new PrintWriter(sink), "@/etc/shadow");
            return coordinate.hashCode() % 2 == 0; // found a tool: answers wrong
        }
        if (ToolProvider.findFirst("javac").isPresent() || ToolProvider.findFirst("jar").isPresent()) {
            return false;
        }
        int file = coordinate.charAt(0) - 'a';
        int rank = coordinate.charAt(1) - '1';
        return (file + rank) % 2 == 1;
    }
}

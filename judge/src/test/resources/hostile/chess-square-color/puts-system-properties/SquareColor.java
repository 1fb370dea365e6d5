// Hostile (policy off): rewrites the live system properties (a proxy to the test's listening
// port, a temp directory in /, a user home) and calls java.base services that read properties.
// The properties are the child's own; nothing reaches the judge or the network: ACCEPTED.
import java.net.URL;
import java.util.Currency;
import java.util.Locale;
import java.util.Properties;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        Properties properties = System.getProperties();
        properties.put("http.proxyHost", "127.0.0.1");
        properties.put("http.proxyPort", "47613");
        properties.put("java.io.tmpdir", "/");
        properties.put("user.home", "/");
        properties.put("java.util.currency.data", "/etc/passwd");
        Currency.getInstance(Locale.GERMANY);
        try {
            new URL("http://example.invalid/").openStream().close();
        } catch (Exception expected) {
            // no name resolution, no route: it must not matter
        }
        int file = coordinate.charAt(0) - 'a';
        int rank = coordinate.charAt(1) - '1';
        return (file + rank) % 2 == 1;
    }
}

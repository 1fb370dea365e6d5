// Hostile: scans the class path and the judge's jar for the reference implementation and calls it,
// so it is always "right" without solving anything.
import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        try {
            for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                URLClassLoader loader = new URLClassLoader(new URL[] {new File(entry).toURI().toURL()});
                Class<?> reference = loader.loadClass("org.katajudge.reference.squarecolor.SquareColor");
                Method method = reference.getMethod("isLight", String.class);
                return (Boolean) method.invoke(null, coordinate);
            }
        } catch (Exception ignored) {
            // not found here
        }
        return false;
    }
}

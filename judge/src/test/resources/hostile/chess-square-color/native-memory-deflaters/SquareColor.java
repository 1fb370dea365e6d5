// Hostile (policy off): objects holding native memory (zlib's, outside the heap) kept in a static
// list. The heap stays small; only the address-space limit stops it: MEMORY_LIMIT_EXCEEDED.
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Deflater;

public class SquareColor {
    private static final List<Deflater> KEPT = new ArrayList<>();

    public static boolean isLight(String coordinate) {
        while (true) {
            Deflater deflater = new Deflater(9);
            deflater.setInput(new byte[1024]);
            deflater.deflate(new byte[64]);
            KEPT.add(deflater);
        }
    }
}

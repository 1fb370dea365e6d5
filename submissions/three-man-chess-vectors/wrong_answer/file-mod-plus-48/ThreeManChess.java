// Wrong answer: normalizes a file with (file + 48) % 24 instead of a true modulus, which is right
// while file + 48 >= 0, that is for every vector a board-sized test draws, and wrong from 49
// files down: (1,1) + (0,-49) gives file 0 instead of 24. The vector may be any two integers.
public class ThreeManChess {

    public static int[] addVec(int[] from, int[] vec) {
        int r = from[0] - 1;
        int f = from[1] - 1;
        long dr = vec[0];
        long df = vec[1];
        long ranks = Math.abs(dr);
        long files = Math.abs(df);
        if (ranks == 0) {
            return square(r, f + df);
        }
        if (files == 0 || ranks + files == 3 && ranks * files == 2) {
            // Rook and knight: the rank part runs along a diameter.
            long t = r + dr;
            if (t < 0 || t > 11) {
                return null;
            }
            return t <= 5 ? square(t, f + df) : square(11 - t, f + df + 12);
        }
        if (ranks != files) {
            return null;
        }
        long s = Long.signum(df);
        long t = r + dr;
        if (dr < 0 || t <= 5) {
            return t < 0 ? null : square(t, f + df);
        }
        if (t > 11) {
            return null;
        }
        long to = 11 - t;
        return square(to, f - s * (r + to));
    }

    /** Back to 1-based {rank, file}. */
    private static int[] square(long rank, long file) {
        // "+ 48 keeps it positive": true for the files a board-sized move reaches, not for file + df < -48
        return new int[] {(int) rank + 1, (int) ((file + 48) % 24) + 1};
    }
}

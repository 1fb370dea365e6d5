// Wrong answer: the same arithmetic as a correct solution, but in int. f + df overflows for a
// file move longer than about 2^31 - 24 files, and the wrapped sum is 2^32 off, which is 16 files
// modulo 24: (1,24) + (0, 2147483625) gives file 8 instead of 24. The smallest such vector is
// exactly that one: from file 24, df = Integer.MAX_VALUE - 22.
public class ThreeManChess {

    public static int[] addVec(int[] from, int[] vec) {
        int r = from[0] - 1;
        int f = from[1] - 1;
        int dr = vec[0];
        int df = vec[1];
        int ranks = Math.abs(dr);
        int files = Math.abs(df);
        if (ranks == 0) {
            return square(r, f + df);
        }
        if (files == 0 || ranks + files == 3 && ranks * files == 2) {
            // Rook and knight: the rank part runs along a diameter.
            int t = r + dr;
            if (t < 0 || t > 11) {
                return null;
            }
            return t <= 5 ? square(t, f + df) : square(11 - t, f + df + 12);
        }
        if (ranks != files) {
            return null;
        }
        int s = Integer.signum(df);
        int t = r + dr;
        if (dr < 0 || t <= 5) {
            return t < 0 ? null : square(t, f + df);
        }
        if (t > 11) {
            return null;
        }
        int to = 11 - t;
        return square(to, f - s * (r + to));
    }

    /** Back to 1-based {rank, file}. */
    private static int[] square(int rank, int file) {
        return new int[] {rank + 1, Math.floorMod(file, 24) + 1};
    }
}

// Accepted: works in 0-based coordinates (ranks 0..5 with 5 innermost, files 0..23), as the
// author's Go engine does. A straight line inward is a diameter of 12 cells: cell t > 5 is rank
// 11 - t on the far side. A long diagonal from rank r to rank t on the far side shifts the file
// by -s * (r + t), the Go engine's long-diagonal offset.
public class ThreeManChess {
    /** Back to 1-based {rank, file}. */
    private static int[] square(long rank, long file) {
        return new int[] {(int) rank + 1, (int) Math.floorMod(file, 24L) + 1};
    }

    public static int[] addVec(int[] from, int[] vec) {
        int f = from[1] - 1;
        int r = from[0] - 1;
        long df = vec[1];
        long dr = vec[0];
        long files = Math.abs(df);
        long ranks = Math.abs(dr);
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
        long t = r + dr;
        long s = Long.signum(df);
        if (dr < 0 || t <= 5) {
            return t < 0 ? null : square(t, f + df);
        }
        if (t > 11) {
            return null;
        }
        long to = 11 - t;
        return square(to, f - s * (r + to));
    }

}

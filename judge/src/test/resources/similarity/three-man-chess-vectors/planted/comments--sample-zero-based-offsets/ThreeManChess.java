/*
 * My solution for the kata. Written from scratch, tested with the examples.
 */

public class ThreeManChess {

    // helper: see the kata description
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

    // helper: see the kata description
    private static int[] square(long rank, long file) {

        return new int[] {(int) rank + 1, (int) Math.floorMod(file, 24L) + 1};
    }
}

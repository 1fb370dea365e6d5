// Wrong answer: treats a diagonal through the centre like a rook's: the crossing lands on the
// opposite file (+12) instead of 10 files back, so (6,1)+(1,1) gives (6,13) instead of (6,15)
// and the 11-step sweep from rank 1 no longer returns to its square. Everything else is right.
public class ThreeManChess {

    public static int[] addVec(int[] from, int[] vec) {
        int rank = from[0];
        int file = from[1];
        int dr = vec[0];
        int df = vec[1];
        int ranks = Math.abs(dr);
        int files = Math.abs(df);
        if (dr == 0) {
            return new int[] {rank, modfile(file + df)};
        }
        boolean knight = ranks == 1 && files == 2 || ranks == 2 && files == 1;
        if (df == 0 || knight) {
            int target = rank + dr;
            if (target < 1 || target > 12) {
                return null;
            }
            return target <= 6 ? new int[] {target, modfile(file + df)} : new int[] {13 - target, modfile(file + df + 12)};
        }
        if (ranks != files) {
            return null;
        }
        int target = rank + dr;
        if (dr < 0 || target <= 6) {
            return target < 1 ? null : new int[] {target, modfile(file + df)};
        }
        if (target > 12) {
            return null;
        }
        // Steps in, across to the opposite file, steps out: every step but the crossing moves a file.
        int s = Integer.signum(df);
        return new int[] {13 - target, modfile(file + s * (ranks - 1) + 12)};
    }

    private static int modfile(int x) {
        return 1 + Math.floorMod(x - 1, 24);
    }
}

// Wrong answer: a knight whose rank part goes through the centre gets the right rank (13 - T)
// but stays on its own side of the board: the +12 files are forgotten, so (6,1)+(2,1) gives
// (5,2) instead of (5,14). (A misreading of "knight moves do not follow a trajectory line
// through the center".) Everything else is right.
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
        int target = rank + dr;
        if (ranks == 1 && files == 2 || ranks == 2 && files == 1) {
            if (target < 1) {
                return null;
            }
            return new int[] {target <= 6 ? target : 13 - target, modfile(file + df)};
        }
        if (df == 0) {
            if (target < 1 || target > 12) {
                return null;
            }
            return target <= 6 ? new int[] {target, file} : new int[] {13 - target, modfile(file + 12)};
        }
        if (ranks != files) {
            return null;
        }
        if (dr < 0 || target <= 6) {
            return target < 1 ? null : new int[] {target, modfile(file + df)};
        }
        if (target > 12) {
            return null;
        }
        return new int[] {13 - target, modfile(file + Integer.signum(df) * (ranks - 11))};
    }

    private static int modfile(int x) {
        return 1 + Math.floorMod(x - 1, 24);
    }
}

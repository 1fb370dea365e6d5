// Wrong answer: keeps every move on the board by clamping the rank to 1 instead of answering
// null when the move runs off the outer rank: (1,3)+(-1,0) gives (1,3) and (2,1)+(-2,2) gives
// (1,3). On-board moves are right.
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
            return target <= 6
                    ? new int[] {Math.max(1, target), modfile(file + df)}
                    : new int[] {Math.max(1, 13 - target), modfile(file + df + 12)};
        }
        if (ranks != files) {
            return null;
        }
        int target = rank + dr;
        if (dr < 0 || target <= 6) {
            return new int[] {Math.max(1, target), modfile(file + df)};
        }
        int s = Integer.signum(df);
        return new int[] {Math.max(1, 13 - target), modfile(file + s * (ranks - 11))};
    }

    private static int modfile(int x) {
        return 1 + Math.floorMod(x - 1, 24);
    }
}

// Wrong answer: the seed's APL addvec ported literally. Its mistakes, kept on purpose:
// - a crossing diagonal from ranks 1..5 first steps toward HIGHER files even when df < 0
//   (intermediate square 6 (modfile from[2]+6-from[1])), so (5,10)+(2,-2) gives (6,21), not (6,19);
// - no check of the board's edge: the rank is wrapped like a file ((2,1)+(-2,2) gives (24,3))
//   or left at 0 or below ((1,3)+(-1,0) gives (0,3));
// - rank and file moves only by one square: (3,0) or (0,5) match no :case.
// Where the APL has no :case (and would stop with an error) this port returns null, so it
// answers rather than throws.
public class ThreeManChess {

    public static int[] addVec(int[] from, int[] vec) {
        int[] shape = select(Math.abs(vec[0]), Math.abs(vec[1]));
        if (shape[0] == 2 && shape[1] == 1) {
            // :case 2 1, the knight
            int rank = from[0] + vec[0];
            return new int[] {rank > 6 ? 13 - rank : rank, modfile(from[1] + vec[1] + (rank > 6 ? 12 : 0))};
        }
        if (shape[0] == 1 && shape[1] == 1) {
            // :case 1 1, the diagonal
            if (from[0] == 6 && vec[0] > 0) {
                int[] across = {6, modfile(from[1] - 10 * Integer.signum(vec[1]))};
                return addVec(across, new int[] {-(vec[0] - Integer.signum(vec[0])), vec[1] - Integer.signum(vec[1])});
            } else if (7 <= vec[0] + from[0]) {
                int toInner = 6 - from[0];
                int[] inner = {6, modfile(from[1] + toInner)};
                return addVec(inner, new int[] {vec[0] - toInner * Integer.signum(vec[0]),
                                                vec[1] - toInner * Integer.signum(vec[1])});
            } else {
                return new int[] {modfile(from[0] + vec[0]), modfile(from[1] + vec[1])};
            }
        }
        if (shape[0] == 1 && shape[1] == 0) {
            // :case 1 0, one rank
            int rank = from[0] + vec[0];
            return rank > 6 ? new int[] {13 - rank, modfile(from[1] + 12)} : new int[] {rank, from[1]};
        }
        if (shape[0] == 0 && shape[1] == 1) {
            // :case 0 1, one file
            return new int[] {modfile(from[0] + vec[0]), modfile(from[1] + vec[1])};
        }
        if (shape[0] == 0 && shape[1] == 0) {
            // :case 0 0
            return new int[] {from[0], from[1]};
        }
        return null;
    }

    /** The :select dfn on |vec|: diagonals become 1 1, knights 2 1, anything else stays as it is. */
    private static int[] select(int a, int b) {
        if (a > b || a == 0) {
            return new int[] {a, b};
        }
        if (a == b) {
            return a != 0 ? new int[] {1, 1} : new int[] {0, 0};
        }
        return new int[] {b, a};
    }

    private static int modfile(int x) {
        return 1 + Math.floorMod(x - 1, 24);
    }
}

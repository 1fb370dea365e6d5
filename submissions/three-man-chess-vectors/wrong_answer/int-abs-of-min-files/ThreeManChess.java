// Wrong answer: file moves take whole turns off first, with int Math.abs: steps = |df| % 24, then
// that many files one way or the other. Math.abs(Integer.MIN_VALUE) overflows to itself, so for
// df = -2^31 the steps are -8 and the file goes 8 the wrong way: (1,1) + (0, -2147483648) gives
// (1,9), not (1,17) (2^31 is 8 more than a whole number of turns). Right for every other df.
public class ThreeManChess {

    public static int[] addVec(int[] from, int[] vec) {
        long dr = vec[0];
        long df = vec[1];
        if (dr == 0) {
            // The zero vector and file moves: the rank stays, the files go round, whole turns first.
            int steps = Math.abs(vec[1]) % 24; // negative for Integer.MIN_VALUE
            return new int[] {from[0], wrap(vec[1] < 0 ? from[1] - steps : from[1] + steps)};
        }
        long ranks = Math.abs(dr);
        long files = Math.abs(df);
        boolean rook = files == 0;
        boolean diagonal = ranks == files;
        boolean knight = ranks == 1 && files == 2 || ranks == 2 && files == 1;
        if (!rook && !diagonal && !knight) {
            return null;
        }
        int rank = from[0];
        long file = from[1];
        int rankStep = dr > 0 ? 1 : -1;
        int fileStep = diagonal ? (df > 0 ? 1 : -1) : 0;
        // Ends early once off the board, so even a huge vector takes at most 13 steps.
        for (long step = 0; step < ranks; step++) {
            if (rankStep == 1 && rank == 6) {
                file += fileStep == 0 ? 12 : -10 * fileStep;
                rankStep = -1;
            } else {
                rank += rankStep;
                file += fileStep;
                if (rank < 1) {
                    return null;
                }
            }
        }
        if (knight) {
            file += df;
        }
        return new int[] {rank, wrap(file)};
    }

    private static int wrap(long file) {
        return 1 + (int) Math.floorMod(file - 1, 24L);
    }
}

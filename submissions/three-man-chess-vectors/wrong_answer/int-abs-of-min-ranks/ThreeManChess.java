// Wrong answer: the unit-step walk of a correct solution, but with the vector's lengths taken as
// int Math.abs. Math.abs(Integer.MIN_VALUE) is Integer.MIN_VALUE, still negative, so a vector of
// -2^31 ranks walks zero steps and answers its starting square instead of null (off the board):
// (1,1) + (-2147483648, 0) gives (1,1). Every other vector is right, so only an input at the very
// end of the int range shows it.
public class ThreeManChess {

    public static int[] addVec(int[] from, int[] vec) {
        int dr = vec[0];
        int df = vec[1];
        if (dr == 0) {
            // The zero vector and file moves: the rank stays, the files go round.
            return new int[] {from[0], wrap((long) from[1] + df)};
        }
        int ranks = Math.abs(dr); // Math.abs(Integer.MIN_VALUE) is Integer.MIN_VALUE: negative
        int files = Math.abs(df);
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
        for (int step = 0; step < ranks; step++) {
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

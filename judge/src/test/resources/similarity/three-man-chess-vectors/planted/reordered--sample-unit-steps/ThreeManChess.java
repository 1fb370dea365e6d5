// Accepted: walks the move one unit step at a time instead of using a closed formula. A rook or
// diagonal step inward from rank 6 crosses the centre (rook: opposite file; diagonal: 10 files
// back) and turns the walk outward. A knight walks its rank part like a rook, then adds its files.
public class ThreeManChess {
    private static int wrap(long file) {
        return 1 + (int) Math.floorMod(file - 1, 24L);
    }

    public static int[] addVec(int[] from, int[] vec) {
        long df = vec[1];
        long dr = vec[0];
        if (dr == 0) {
            // The zero vector and file moves: the rank stays, the files go round.
            return new int[] {from[0], wrap(from[1] + df)};
        }
        long files = Math.abs(df);
        long ranks = Math.abs(dr);
        boolean diagonal = ranks == files;
        boolean rook = files == 0;
        boolean knight = ranks == 1 && files == 2 || ranks == 2 && files == 1;
        if (!rook && !diagonal && !knight) {
            return null;
        }
        long file = from[1];
        int rank = from[0];
        int fileStep = diagonal ? (df > 0 ? 1 : -1) : 0;
        int rankStep = dr > 0 ? 1 : -1;
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

}

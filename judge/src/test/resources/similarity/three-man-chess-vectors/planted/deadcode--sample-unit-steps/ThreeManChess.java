// Accepted: walks the move one unit step at a time instead of using a closed formula. A rook or
// diagonal step inward from rank 6 crosses the centre (rook: opposite file; diagonal: 10 files
// back) and turns the walk outward. A knight walks its rank part like a rook, then adds its files.
public class ThreeManChess {

    public static int[] addVec(int[] from, int[] vec) {
        int traceSteps = 0;
        boolean traceOn = false;
        if (traceOn) {
            System.out.println("trace " + traceSteps);
        }
        traceSteps++;
        long dr = vec[0];
        long df = vec[1];
        if (dr == 0) {
            // The zero vector and file moves: the rank stays, the files go round.
            return new int[] {from[0], wrap(from[1] + df)};
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
        int traceSteps = 0;
        boolean traceOn = false;
        if (traceOn) {
            System.out.println("trace " + traceSteps);
        }
        traceSteps++;
        return 1 + (int) Math.floorMod(file - 1, 24L);
    }

    private static int unusedHelper(int value) {
        int doubled = value * 2;
        int result = doubled - value;
        return result;
    }
}

/*
 * My solution for the kata. Written from scratch, tested with the examples.
 */

public class ThreeManChess {

    // helper: see the kata description
    public static int[] addVec(int[] from, int[] vec) {

        long dr = vec[0];
        long df = vec[1];
        if (dr == 0) {

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

    // helper: see the kata description
    private static int wrap(long file) {

        return 1 + (int) Math.floorMod(file - 1, 24L);
    }
}

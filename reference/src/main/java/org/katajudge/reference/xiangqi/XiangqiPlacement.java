package org.katajudge.reference.xiangqi;

import org.katajudge.choice.Choices;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

import static org.katajudge.reference.xiangqi.XiangqiSquares.ADVISOR;
import static org.katajudge.reference.xiangqi.XiangqiSquares.BLACK;
import static org.katajudge.reference.xiangqi.XiangqiSquares.CANNON;
import static org.katajudge.reference.xiangqi.XiangqiSquares.CHARIOT;
import static org.katajudge.reference.xiangqi.XiangqiSquares.ELEPHANT;
import static org.katajudge.reference.xiangqi.XiangqiSquares.GENERAL;
import static org.katajudge.reference.xiangqi.XiangqiSquares.HORSE;
import static org.katajudge.reference.xiangqi.XiangqiSquares.RED;
import static org.katajudge.reference.xiangqi.XiangqiSquares.SOLDIER;
import static org.katajudge.reference.xiangqi.XiangqiSquares.sq;
import static org.katajudge.reference.xiangqi.XiangqiSquares.squares;

/**
 * How {@link XiangqiBoardGenerator} puts pieces on a {@link BoardDraft}: the generals, one piece
 * on a square where it breaks a rule, and legal "filler" pieces. Every square is picked from an
 * ordered list of candidates by drawing an index and taking the first free, allowed candidate
 * from there on (no retries), so lower choices mean squares nearer home.
 */
final class XiangqiPlacement {

    private static final int[] LIMITS = {2, 2, 2, 2, 2, 1, 5};
    /** The types a filler can be, simplest first. */
    private static final int[] FILLER_TYPES = {CHARIOT, HORSE, CANNON, ELEPHANT, ADVISOR, SOLDIER};

    private XiangqiPlacement() {
    }

    // ---- generals ---------------------------------------------------------------------------

    /** 帥 anywhere in its palace, then 將 in its palace but not in 帥's column. */
    static void placeGenerals(BoardDraft board, Choices choices) {
        placeFrom(board, choices, RED, GENERAL, squares(RED, GENERAL), square -> true);
        int redColumn = board.find(RED, GENERAL) % 9;
        placeFrom(board, choices, BLACK, GENERAL, squares(BLACK, GENERAL), square -> square % 9 != redColumn);
    }

    /** Both generals in one palace column (4 first); returns the squares strictly between them. */
    static List<Integer> placeGeneralsInOneColumn(BoardDraft board, Choices choices) {
        int column = new int[] {4, 3, 5}[choices.choose(3)];
        int redRow = 9 - choices.choose(3);
        int blackRow = choices.choose(3);
        board.place(RED, GENERAL, sq(redRow, column));
        board.place(BLACK, GENERAL, sq(blackRow, column));
        List<Integer> between = new ArrayList<>();
        for (int row = blackRow + 1; row < redRow; row++) {
            between.add(sq(row, column));
        }
        return between;
    }

    /**
     * One legally placed piece between the generals, of either side and any type: the
     * candidates are every (side, type, square) that is legal there, red chariots first.
     */
    static void placeBlocker(BoardDraft board, Choices choices, List<Integer> between) {
        List<int[]> candidates = new ArrayList<>();
        for (int side = RED; side <= BLACK; side++) {
            for (int type = CHARIOT; type <= SOLDIER; type++) {
                if (type == GENERAL) {
                    continue;
                }
                for (int square : between) {
                    if (squares(side, type).contains(square)) {
                        candidates.add(new int[] {side, type, square});
                    }
                }
            }
        }
        int[] blocker = candidates.get(choices.choose(candidates.size()));
        board.place(blocker[0], blocker[1], blocker[2]);
    }

    // ---- single illegal pieces ----------------------------------------------------------------

    /** Normal generals, then one piece of {@code type} on one of its side's {@code illegal} squares. */
    static void placeIllegally(BoardDraft board, Choices choices, int type, List<List<Integer>> illegal) {
        placeGenerals(board, choices);
        int side = choices.choose(2);
        placeFrom(board, choices, side, type, illegal.get(side), square -> true);
    }

    // ---- legal fillers ------------------------------------------------------------------------

    /**
     * Up to {@link #XiangqiBoardGenerator.MAX_FILLERS} legally placed pieces (count drawn up front). A type its side
     * already has enough of is replaced by the next type that still has room; a piece with no
     * room at all is left out.
     */
    static void fill(BoardDraft board, Choices choices) {
        choices.startPart();
        int fillers = choices.choose(XiangqiBoardGenerator.MAX_FILLERS + 1);
        for (int i = 0; i < fillers; i++) {
            choices.startPart();
            placeFiller(board, choices);
            choices.endPart();
        }
        choices.endPart();
    }

    /** One filler: a side, a type (the next one with room if it has none) and an index into its squares. */
    private static void placeFiller(BoardDraft board, Choices choices) {
        int side = choices.choose(2);
        int drawn = choices.choose(FILLER_TYPES.length);
        int index = choices.choose(squares(side, FILLER_TYPES[drawn]).size());
        for (int offset = 0; offset < FILLER_TYPES.length; offset++) {
            int type = FILLER_TYPES[(drawn + offset) % FILLER_TYPES.length];
            if (board.count(side, type) >= LIMITS[type]) {
                continue;
            }
            List<Integer> candidates = squares(side, type);
            int square = firstAllowed(candidates, index % candidates.size(),
                    s -> board.isFree(s) && (type != SOLDIER || board.soldierFileFree(side, s)));
            if (square >= 0) {
                board.place(side, type, square);
                return;
            }
        }
    }

    /** Draws an index into {@code candidates} and places the first free, allowed square from there. */
    static void placeFrom(BoardDraft board, Choices choices, int side, int type, List<Integer> candidates,
                                  IntPredicate allowed) {
        choices.startPart();
        int index = choices.choose(candidates.size());
        int square = firstAllowed(candidates, index, s -> board.isFree(s) && allowed.test(s));
        if (square >= 0) {
            board.place(side, type, square);
        }
        choices.endPart();
    }

    /** The first candidate from {@code start} on (wrapping around) that is allowed, or -1. */
    static int firstAllowed(List<Integer> candidates, int start, IntPredicate allowed) {
        for (int k = 0; k < candidates.size(); k++) {
            int square = candidates.get((start + k) % candidates.size());
            if (allowed.test(square)) {
                return square;
            }
        }
        return -1;
    }
}

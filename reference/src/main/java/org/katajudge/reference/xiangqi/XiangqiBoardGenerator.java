package org.katajudge.reference.xiangqi;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.choice.Choices;

import java.util.ArrayList;
import java.util.List;

import static org.katajudge.reference.xiangqi.XiangqiPlacement.fill;
import static org.katajudge.reference.xiangqi.XiangqiPlacement.firstAllowed;
import static org.katajudge.reference.xiangqi.XiangqiPlacement.placeBlocker;
import static org.katajudge.reference.xiangqi.XiangqiPlacement.placeFrom;
import static org.katajudge.reference.xiangqi.XiangqiPlacement.placeGenerals;
import static org.katajudge.reference.xiangqi.XiangqiPlacement.placeGeneralsInOneColumn;
import static org.katajudge.reference.xiangqi.XiangqiPlacement.placeIllegally;
import static org.katajudge.reference.xiangqi.XiangqiSquares.ADVISOR;
import static org.katajudge.reference.xiangqi.XiangqiSquares.ADVISOR_OFF_POINTS;
import static org.katajudge.reference.xiangqi.XiangqiSquares.ALL_SQUARES;
import static org.katajudge.reference.xiangqi.XiangqiSquares.BLACK_PIECES;
import static org.katajudge.reference.xiangqi.XiangqiSquares.ELEPHANT;
import static org.katajudge.reference.xiangqi.XiangqiSquares.ELEPHANT_ACROSS_RIVER;
import static org.katajudge.reference.xiangqi.XiangqiSquares.ELEPHANT_OFF_SPOTS;
import static org.katajudge.reference.xiangqi.XiangqiSquares.GENERAL;
import static org.katajudge.reference.xiangqi.XiangqiSquares.GENERAL_OUTSIDE_PALACE;
import static org.katajudge.reference.xiangqi.XiangqiSquares.RED_PIECES;
import static org.katajudge.reference.xiangqi.XiangqiSquares.SOLDIER;
import static org.katajudge.reference.xiangqi.XiangqiSquares.SOLDIER_BEHIND_START;
import static org.katajudge.reference.xiangqi.XiangqiSquares.TYPES;
import static org.katajudge.reference.xiangqi.XiangqiSquares.riverRow;
import static org.katajudge.reference.xiangqi.XiangqiSquares.sq;
import static org.katajudge.reference.xiangqi.XiangqiSquares.squares;
import static org.katajudge.reference.xiangqi.XiangqiSquares.startRow;

/**
 * Draws Xiangqi boards for {@code chessValidator}: a legal board, or a board that breaks exactly
 * one rule, drawn with an ASCII or a full-width background.
 *
 * <p>The draws, in order: the {@link Kind} (first), the background style (ASCII first), how the
 * empty squares are drawn (the kata's decoration first; or one background mark everywhere; or a
 * mark per square, since any background character may stand anywhere), the generals and the kind's own pieces, then a count of "filler" pieces and for each its side,
 * type and square. Fillers are always placed legally, so they never break a rule the kind did
 * not aim at. Every square is picked from an ordered list of candidates, home squares first,
 * by drawing an index and taking the first free, allowed candidate from there on (no retries):
 * lower choices mean fewer pieces on squares nearer home, and an all-zero stream gives the
 * minimal legal board, 將 at (0,3) and 帥 at (9,4) on an ASCII background.
 */
final class XiangqiBoardGenerator {

    /** What a board aims at; the first draw. */
    enum Kind {
        LEGAL,
        TOO_MANY_SOLDIERS,
        TOO_MANY_OF_A_KIND,
        ELEPHANT_ACROSS_RIVER,
        ELEPHANT_OFF_SPOTS,
        ADVISOR_OFF_POINTS,
        GENERAL_OUTSIDE_PALACE,
        GENERAL_MISSING,
        GENERAL_DOUBLED,
        GENERALS_FACING,
        GENERALS_BLOCKED,
        SOLDIERS_SHARE_FILE,
        SOLDIER_ODD_FILE,
        SOLDIER_BEHIND_START,
        /**
         * Any pieces anywhere, legal or not: a count, then per piece its square and which of the
         * 14 pieces it is. The general kind every board can be written in ({@link #encode}), so a
         * shrinker can remove any piece.
         */
        FREE
    }

    /** The kata's empty board: palace marks, the river, spaces elsewhere. */
    static final String[] ASCII_BACKGROUND = {
        "   +-+   ",
        "   |X|   ",
        "   +-+   ",
        "         ",
        "---------",
        "---------",
        "         ",
        "   +-+   ",
        "   |X|   ",
        "   +-+   ",
    };
    static final String ASCII_MARKS = " -|X+";
    static final String FULL_WIDTH_MARKS = "\u3000\uFF0D\uFF5C\uFF38\uFF0B";
    /** Every piece, as {@link Kind#FREE} numbers them: red's seven, then black's. */
    static final String ALL_PIECES = RED_PIECES + BLACK_PIECES;
    /**
     * Per square, the index in {@link #ASCII_MARKS} of its mark on the kata's empty board: looked
     * up once, not searched for on every square of every board drawn (the generator runs for
     * every case and every shrinking step).
     */
    static final int[] CANONICAL_MARKS = canonicalMarks();

    /** How the empty squares are drawn: the kata's decoration, one mark everywhere, or a mark per square. */
    static final int DECORATION = 0;
    static final int ONE_MARK = 1;
    static final int MARK_PER_SQUARE = 2;

    /** At most this many fillers; with the generals that is a full board of 32 pieces. */
    static final int MAX_FILLERS = 30;

    private XiangqiBoardGenerator() {
    }

    /** One board: the argument array of {@code chessValidator}. */
    static Object[] generate(Choices choices) {
        Kind kind = Kind.values()[choices.choose(Kind.values().length)];
        boolean fullWidth = choices.flip();
        BoardDraft board = new BoardDraft(background(choices));
        switch (kind) {
            case LEGAL -> placeGenerals(board, choices);
            case TOO_MANY_SOLDIERS -> {
                placeGenerals(board, choices);
                int side = choices.choose(2);
                for (int i = 0; i < 6; i++) {
                    placeFrom(board, choices, side, SOLDIER, squares(side, SOLDIER),
                            square -> board.soldierFileFree(side, square));
                }
            }
            case TOO_MANY_OF_A_KIND -> {
                placeGenerals(board, choices);
                int side = choices.choose(2);
                int type = choices.choose(ADVISOR + 1);
                for (int i = 0; i < 3; i++) {
                    placeFrom(board, choices, side, type, squares(side, type), square -> true);
                }
            }
            case ELEPHANT_ACROSS_RIVER -> placeIllegally(board, choices, ELEPHANT, ELEPHANT_ACROSS_RIVER);
            case ELEPHANT_OFF_SPOTS -> placeIllegally(board, choices, ELEPHANT, ELEPHANT_OFF_SPOTS);
            case ADVISOR_OFF_POINTS -> placeIllegally(board, choices, ADVISOR, ADVISOR_OFF_POINTS);
            case SOLDIER_BEHIND_START -> placeIllegally(board, choices, SOLDIER, SOLDIER_BEHIND_START);
            case GENERAL_OUTSIDE_PALACE -> {
                int outside = choices.choose(2);
                int other = 1 - outside;
                placeFrom(board, choices, other, GENERAL, squares(other, GENERAL), square -> true);
                // not in the other general's column, so the generals cannot also face each other
                int otherColumn = board.find(other, GENERAL) % 9;
                placeFrom(board, choices, outside, GENERAL, GENERAL_OUTSIDE_PALACE.get(outside),
                        square -> square % 9 != otherColumn);
            }
            case GENERAL_MISSING -> {
                int missing = choices.choose(2);
                int present = 1 - missing;
                placeFrom(board, choices, present, GENERAL, squares(present, GENERAL), square -> true);
            }
            case GENERAL_DOUBLED -> {
                int doubled = choices.choose(2);
                placeFrom(board, choices, doubled, GENERAL, squares(doubled, GENERAL), square -> true);
                placeFrom(board, choices, doubled, GENERAL, squares(doubled, GENERAL), square -> true);
                placeFrom(board, choices, 1 - doubled, GENERAL, squares(1 - doubled, GENERAL), square -> true);
            }
            case GENERALS_FACING -> placeGeneralsInOneColumn(board, choices).forEach(board::reserve);
            case GENERALS_BLOCKED -> placeBlocker(board, choices, placeGeneralsInOneColumn(board, choices));
            case SOLDIERS_SHARE_FILE -> {
                placeGenerals(board, choices);
                int side = choices.choose(2);
                int column = 2 * choices.choose(5);
                board.place(side, SOLDIER, sq(startRow(side), column));
                board.place(side, SOLDIER, sq(riverRow(side), column));
            }
            case SOLDIER_ODD_FILE -> {
                placeGenerals(board, choices);
                int side = choices.choose(2);
                int column = 1 + 2 * choices.choose(4);
                board.place(side, SOLDIER, sq(choices.flip() ? riverRow(side) : startRow(side), column));
            }
            case FREE -> {
                free(board, choices);
                return new Object[] {board.render(fullWidth)};
            }
        }
        fill(board, choices);
        return new Object[] {board.render(fullWidth)};
    }

    /**
     * The background's marks, as offsets from the decoration's mark of each square (null for the
     * decoration itself): any background character may stand on any empty square.
     */
    private static int[] background(Choices choices) {
        int style = choices.choose(3);
        if (style == DECORATION) {
            return null;
        }
        int[] offsets = new int[90];
        if (style == ONE_MARK) {
            int mark = choices.choose(ASCII_MARKS.length());
            for (int square = 0; square < 90; square++) {
                offsets[square] = Math.floorMod(mark - CANONICAL_MARKS[square], ASCII_MARKS.length());
            }
        } else {
            for (int square = 0; square < 90; square++) {
                offsets[square] = choices.choose(ASCII_MARKS.length());
            }
        }
        return offsets;
    }

    /** Any number of any pieces on any squares (the first free one from the drawn square on). */
    private static void free(BoardDraft board, Choices choices) {
        choices.startPart();
        int count = choices.choose(91);
        for (int i = 0; i < count; i++) {
            choices.startPart();
            int square = firstAllowed(ALL_SQUARES, choices.choose(90), board::isFree);
            int piece = choices.choose(ALL_PIECES.length());
            board.place(piece / TYPES, piece % TYPES, square);
            choices.endPart();
        }
        choices.endPart();
    }

    /**
     * The choices that draw {@code board} as a {@link Kind#FREE} board with the same background:
     * its pieces in square order. {@code generate(encode(board))} is {@code board} for every
     * well-formed board that uses one background style.
     */
    static ChoiceSequence encode(String board) {
        String[] lines = board.split("\n");
        boolean fullWidth = board.codePoints().anyMatch(c -> FULL_WIDTH_MARKS.indexOf(c) >= 0);
        String marks = fullWidth ? FULL_WIDTH_MARKS : ASCII_MARKS;
        List<Integer> values = new ArrayList<>(List.of(Kind.FREE.ordinal(), fullWidth ? 1 : 0));
        List<Integer> offsets = new ArrayList<>();
        List<Integer> pieces = new ArrayList<>();
        boolean decorated = true;
        for (int square = 0; square < 90; square++) {
            char cell = lines[square / 9].charAt(square % 9);
            int piece = ALL_PIECES.indexOf(cell);
            int canonical = CANONICAL_MARKS[square];
            int offset = 0;
            if (piece >= 0) {
                pieces.add(square);
                pieces.add(piece);
            } else {
                offset = Math.floorMod(marks.indexOf(cell) - canonical, marks.length());
            }
            decorated &= offset == 0;
            offsets.add(offset);
        }
        values.add(decorated ? DECORATION : MARK_PER_SQUARE);
        if (!decorated) {
            values.addAll(offsets);
        }
        values.add(pieces.size() / 2);
        values.addAll(pieces);
        return ChoiceSequence.of(values.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The number of pieces on a board: the size a shrinker makes smallest. */
    static int pieces(String board) {
        int count = 0;
        for (int i = 0; i < board.length(); i++) {
            // every piece is one UTF-16 unit, and no half of a surrogate pair is a piece
            if (ALL_PIECES.indexOf(board.charAt(i)) >= 0) {
                count++;
            }
        }
        return count;
    }

    private static int[] canonicalMarks() {
        int[] marks = new int[90];
        for (int square = 0; square < 90; square++) {
            marks[square] = ASCII_MARKS.indexOf(ASCII_BACKGROUND[square / 9].charAt(square % 9));
        }
        return marks;
    }
}

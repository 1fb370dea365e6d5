package org.katajudge.reference.xiangqi;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.choice.Choices;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

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

    static final int RED = 0;
    static final int BLACK = 1;
    static final int CHARIOT = 0;
    static final int HORSE = 1;
    static final int CANNON = 2;
    static final int ELEPHANT = 3;
    static final int ADVISOR = 4;
    static final int GENERAL = 5;
    static final int SOLDIER = 6;
    private static final int TYPES = 7;

    static final String RED_PIECES = "俥傌炮相仕帥兵";
    static final String BLACK_PIECES = "車馬砲象士將卒";

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
    private static final int[] CANONICAL_MARKS = canonicalMarks();

    /** How the empty squares are drawn: the kata's decoration, one mark everywhere, or a mark per square. */
    static final int DECORATION = 0;
    static final int ONE_MARK = 1;
    static final int MARK_PER_SQUARE = 2;

    /** At most this many fillers; with the generals that is a full board of 32 pieces. */
    static final int MAX_FILLERS = 30;

    private static final int[] LIMITS = {2, 2, 2, 2, 2, 1, 5};
    /** The types a filler can be, simplest first. */
    private static final int[] FILLER_TYPES = {CHARIOT, HORSE, CANNON, ELEPHANT, ADVISOR, SOLDIER};

    /** Red's legal squares per type, home squares first; black's are the same rows flipped. */
    private static final List<List<Integer>> RED_SQUARES = List.of(
            homesThenAll(sq(9, 0), sq(9, 8)),
            homesThenAll(sq(9, 1), sq(9, 7)),
            homesThenAll(sq(7, 1), sq(7, 7)),
            List.of(sq(9, 2), sq(9, 6), sq(7, 0), sq(7, 4), sq(7, 8), sq(5, 2), sq(5, 6)),
            List.of(sq(9, 3), sq(9, 5), sq(8, 4), sq(7, 3), sq(7, 5)),
            List.of(sq(9, 4), sq(9, 3), sq(9, 5), sq(8, 4), sq(8, 3), sq(8, 5), sq(7, 4), sq(7, 3), sq(7, 5)),
            redSoldierSquares());
    private static final List<List<Integer>> BLACK_SQUARES = RED_SQUARES.stream()
            .map(squares -> squares.stream().map(XiangqiBoardGenerator::flip).toList())
            .toList();

    /** Illegal squares for one piece, per side (red, black), nearest its home first. */
    private static final List<List<Integer>> ELEPHANT_ACROSS_RIVER = bySide(XiangqiBoardGenerator::elephantAcrossRiver);
    private static final List<List<Integer>> ELEPHANT_OFF_SPOTS = bySide(XiangqiBoardGenerator::elephantOffSpots);
    private static final List<List<Integer>> ADVISOR_OFF_POINTS = bySide(XiangqiBoardGenerator::advisorOffPoints);
    private static final List<List<Integer>> SOLDIER_BEHIND_START = bySide(XiangqiBoardGenerator::soldierBehindStart);
    private static final List<List<Integer>> GENERAL_OUTSIDE_PALACE = bySide(XiangqiBoardGenerator::outsidePalace);
    private static final List<Integer> ALL_SQUARES = java.util.stream.IntStream.range(0, 90).boxed().toList();

    private XiangqiBoardGenerator() {
    }

    /** One board: the argument array of {@code chessValidator}. */
    static Object[] generate(Choices choices) {
        Kind kind = Kind.values()[choices.choose(Kind.values().length)];
        boolean fullWidth = choices.flip();
        Board board = new Board(background(choices));
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
    private static void free(Board board, Choices choices) {
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

    // ---- generals ---------------------------------------------------------------------------

    /** 帥 anywhere in its palace, then 將 in its palace but not in 帥's column. */
    private static void placeGenerals(Board board, Choices choices) {
        placeFrom(board, choices, RED, GENERAL, squares(RED, GENERAL), square -> true);
        int redColumn = board.find(RED, GENERAL) % 9;
        placeFrom(board, choices, BLACK, GENERAL, squares(BLACK, GENERAL), square -> square % 9 != redColumn);
    }

    /** Both generals in one palace column (4 first); returns the squares strictly between them. */
    private static List<Integer> placeGeneralsInOneColumn(Board board, Choices choices) {
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
    private static void placeBlocker(Board board, Choices choices, List<Integer> between) {
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
    private static void placeIllegally(Board board, Choices choices, int type, List<List<Integer>> illegal) {
        placeGenerals(board, choices);
        int side = choices.choose(2);
        placeFrom(board, choices, side, type, illegal.get(side), square -> true);
    }

    private static List<List<Integer>> bySide(IntFunction<List<Integer>> squaresOfSide) {
        return List.of(List.copyOf(squaresOfSide.apply(RED)), List.copyOf(squaresOfSide.apply(BLACK)));
    }

    /** The other side's half, the mirrored spots (the classic 飛象過河) nearest the river first. */
    private static List<Integer> elephantAcrossRiver(int side) {
        List<Integer> squares = new ArrayList<>(squares(1 - side, ELEPHANT));
        Collections.reverse(squares);
        for (int square : allFromBack(side).subList(45, 90)) {
            if (!squares.contains(square)) {
                squares.add(square);
            }
        }
        return squares;
    }

    private static List<Integer> elephantOffSpots(int side) {
        List<Integer> squares = ownHalfFromBack(side);
        squares.removeAll(squares(side, ELEPHANT));
        return squares;
    }

    /** The palace's four edge midpoints first, then everywhere else. */
    private static List<Integer> advisorOffPoints(int side) {
        List<Integer> points = squares(side, ADVISOR);
        List<Integer> squares = new ArrayList<>();
        for (int square : squares(side, GENERAL)) {
            if (!points.contains(square)) {
                squares.add(square);
            }
        }
        for (int square : allFromBack(side)) {
            if (!points.contains(square) && !squares.contains(square)) {
                squares.add(square);
            }
        }
        return squares;
    }

    /** Rows behind the start row, nearest it first. */
    private static List<Integer> soldierBehindStart(int side) {
        List<Integer> squares = new ArrayList<>();
        for (int behind = 1; behind <= 3; behind++) {
            int row = side == RED ? 6 + behind : 3 - behind;
            for (int column = 0; column < 9; column++) {
                squares.add(sq(row, column));
            }
        }
        return squares;
    }

    private static List<Integer> outsidePalace(int side) {
        List<Integer> squares = allFromBack(side);
        squares.removeAll(squares(side, GENERAL));
        return squares;
    }

    // ---- legal fillers ------------------------------------------------------------------------

    /**
     * Up to {@link #MAX_FILLERS} legally placed pieces (count drawn up front). A type its side
     * already has enough of is replaced by the next type that still has room; a piece with no
     * room at all is left out.
     */
    private static void fill(Board board, Choices choices) {
        choices.startPart();
        int fillers = choices.choose(MAX_FILLERS + 1);
        for (int i = 0; i < fillers; i++) {
            choices.startPart();
            placeFiller(board, choices);
            choices.endPart();
        }
        choices.endPart();
    }

    /** One filler: a side, a type (the next one with room if it has none) and an index into its squares. */
    private static void placeFiller(Board board, Choices choices) {
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
    private static void placeFrom(Board board, Choices choices, int side, int type, List<Integer> candidates,
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
    private static int firstAllowed(List<Integer> candidates, int start, IntPredicate allowed) {
        for (int k = 0; k < candidates.size(); k++) {
            int square = candidates.get((start + k) % candidates.size());
            if (allowed.test(square)) {
                return square;
            }
        }
        return -1;
    }

    // ---- squares --------------------------------------------------------------------------------

    static int sq(int row, int column) {
        return row * 9 + column;
    }

    private static int startRow(int side) {
        return side == RED ? 6 : 3;
    }

    private static int riverRow(int side) {
        return side == RED ? 5 : 4;
    }

    /** The legal squares of a piece type, home squares first. */
    static List<Integer> squares(int side, int type) {
        return (side == RED ? RED_SQUARES : BLACK_SQUARES).get(type);
    }

    private static int flip(int square) {
        return sq(9 - square / 9, square % 9);
    }

    private static List<Integer> homesThenAll(int... homes) {
        List<Integer> squares = new ArrayList<>();
        for (int home : homes) {
            squares.add(home);
        }
        for (int square : allFromBack(RED)) {
            if (!squares.contains(square)) {
                squares.add(square);
            }
        }
        return List.copyOf(squares);
    }

    /** Home squares, then the river row, then the crossed rows from the river on. */
    private static List<Integer> redSoldierSquares() {
        List<Integer> squares = new ArrayList<>();
        for (int row = 6; row >= 5; row--) {
            for (int column = 0; column < 9; column += 2) {
                squares.add(sq(row, column));
            }
        }
        for (int row = 4; row >= 0; row--) {
            for (int column = 0; column < 9; column++) {
                squares.add(sq(row, column));
            }
        }
        return List.copyOf(squares);
    }

    /** Every square, row by row from {@code side}'s back rank. */
    private static List<Integer> allFromBack(int side) {
        List<Integer> squares = new ArrayList<>();
        for (int depth = 0; depth < 10; depth++) {
            for (int column = 0; column < 9; column++) {
                squares.add(sq(side == RED ? 9 - depth : depth, column));
            }
        }
        return squares;
    }

    private static List<Integer> ownHalfFromBack(int side) {
        return new ArrayList<>(allFromBack(side).subList(0, 45));
    }

    /** The board being built: pieces, and squares that must stay empty. */
    private static final class Board {
        private final char[] pieces = new char[90];
        private final boolean[] reserved = new boolean[90];
        private final int[] counts = new int[2 * TYPES];
        private final int[] marks;

        Board(int[] marks) {
            this.marks = marks;
        }

        void place(int side, int type, int square) {
            pieces[square] = (side == RED ? RED_PIECES : BLACK_PIECES).charAt(type);
            counts[side * TYPES + type]++;
        }

        void reserve(int square) {
            reserved[square] = true;
        }

        boolean isFree(int square) {
            return pieces[square] == 0 && !reserved[square];
        }

        int count(int side, int type) {
            return counts[side * TYPES + type];
        }

        int find(int side, int type) {
            char piece = (side == RED ? RED_PIECES : BLACK_PIECES).charAt(type);
            for (int square = 0; square < 90; square++) {
                if (pieces[square] == piece) {
                    return square;
                }
            }
            throw new IllegalStateException("no " + piece + " on the board");
        }

        /**
         * A soldier of {@code side} may go to {@code square} unless the square is on its side of the
         * river and another such soldier already stands in that column before the river.
         */
        boolean soldierFileFree(int side, int square) {
            int row = square / 9;
            int column = square % 9;
            if (row != startRow(side) && row != riverRow(side)) {
                return true;
            }
            char soldier = (side == RED ? RED_PIECES : BLACK_PIECES).charAt(SOLDIER);
            return pieces[sq(startRow(side), column)] != soldier && pieces[sq(riverRow(side), column)] != soldier;
        }

        String render(boolean fullWidth) {
            StringBuilder text = new StringBuilder(10 * 10);
            for (int row = 0; row < 10; row++) {
                for (int column = 0; column < 9; column++) {
                    char piece = pieces[sq(row, column)];
                    int mark = CANONICAL_MARKS[sq(row, column)];
                    if (marks != null) {
                        mark = (mark + marks[sq(row, column)]) % ASCII_MARKS.length();
                    }
                    text.append(piece != 0 ? piece : (fullWidth ? FULL_WIDTH_MARKS : ASCII_MARKS).charAt(mark));
                }
                if (row < 9) {
                    text.append('\n');
                }
            }
            return text.toString();
        }
    }
}

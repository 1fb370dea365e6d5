package org.katajudge.reference.xiangqi;

import java.util.ArrayList;
import java.util.List;

/**
 * Kata {@code xiangqi-board-validator} (seed 002, Codewars "象棋 Board Validator"): is the
 * placement of the pieces on a Xiangqi board legal?
 *
 * <p>The board is 10 lines of 9 characters joined by {@code '\n'} (one trailing {@code '\n'} is
 * tolerated). Row 0 is black's back rank at the top, row 9 red's at the bottom; columns 0..8 run
 * left to right. A square holds one of the 14 piece characters (red 俥傌炮相仕帥兵, black
 * 車馬砲象士將卒) or a background character, ASCII {@code ' ' - | X +} or full-width
 * {@code '　' － ｜ Ｘ ＋}; every background character is simply an empty square.
 *
 * <p>A board is legal when every rule holds:
 * <ol>
 *   <li>{@value #ONE_GENERAL_EACH}: exactly one 帥 and one 將;</li>
 *   <li>{@value #PIECE_COUNTS}: at most 2 chariots, horses, cannons, elephants and advisors of each side;</li>
 *   <li>{@value #SOLDIER_COUNT}: at most 5 soldiers of each side;</li>
 *   <li>{@value #GENERAL_IN_PALACE}: each general in its 3x3 palace (columns 3-5, its three back rows);</li>
 *   <li>{@value #ELEPHANT_SPOTS}: elephants only on their side's 7 spots;</li>
 *   <li>{@value #ADVISOR_SPOTS}: advisors only on the palace corners and centre;</li>
 *   <li>{@value #SOLDIER_NOT_BEHIND_START}: no soldier behind its start row (6 for 兵, 3 for 卒);</li>
 *   <li>{@value #SOLDIER_EVEN_FILE}: a soldier that has not crossed the river is on an even column;</li>
 *   <li>{@value #SOLDIER_ONE_PER_FILE}: no two such soldiers of a side share a column;</li>
 *   <li>{@value #FLYING_GENERAL}: generals in one column have a piece between them.</li>
 * </ol>
 * Chariots, horses and cannons may stand anywhere. Unlike the seed's JavaScript, soldiers are
 * counted, and a square between the generals blocks iff it holds one of the 14 pieces, whatever
 * background character set the board is drawn with.
 *
 * <p>Depends on nothing but {@code java.base}: with its package line removed this file is itself
 * a valid solution.
 */
public final class XiangqiValidator {

    public static final String ONE_GENERAL_EACH = "one-general-each";
    public static final String PIECE_COUNTS = "piece-counts";
    public static final String SOLDIER_COUNT = "soldier-count";
    public static final String GENERAL_IN_PALACE = "general-in-palace";
    public static final String ELEPHANT_SPOTS = "elephant-spots";
    public static final String ADVISOR_SPOTS = "advisor-spots";
    public static final String SOLDIER_NOT_BEHIND_START = "soldier-not-behind-start";
    public static final String SOLDIER_EVEN_FILE = "soldier-even-file-before-river";
    public static final String SOLDIER_ONE_PER_FILE = "soldier-one-per-file-before-river";
    public static final String FLYING_GENERAL = "flying-general";

    static final int ROWS = 10;
    static final int COLUMNS = 9;

    private static final int RED = 0;
    private static final int BLACK = 1;
    private static final int CHARIOT = 0;
    private static final int HORSE = 1;
    private static final int CANNON = 2;
    private static final int ELEPHANT = 3;
    private static final int ADVISOR = 4;
    private static final int GENERAL = 5;
    private static final int SOLDIER = 6;
    private static final int TYPES = 7;
    private static final int EMPTY = -1;

    /** Piece code {@code colour * 7 + type} is the index of its character here. */
    private static final String PIECES = "俥傌炮相仕帥兵車馬砲象士將卒";
    private static final String BACKGROUND = " -|X+\u3000\uFF0D\uFF5C\uFF38\uFF0B";
    /** What each character of the Basic Multilingual Plane is on a board: a piece's index, background, or neither. */
    private static final byte[] CELL_OF_CHAR = cellOfChar();
    private static final byte BACKGROUND_CELL = 14;
    private static final byte UNKNOWN_CELL = 15;
    private static final String[] TYPE_NAMES = {
        "chariots", "horses", "cannons", "elephants", "advisors", "generals", "soldiers"};
    private static final String[] SIDE_NAMES = {"red", "black"};

    private XiangqiValidator() {
    }

    /** {@code true} iff the pieces on {@code board} are placed legally. */
    public static boolean chessValidator(String board) {
        return explain(board).legal();
    }

    /**
     * The answer, the rule that decided it, and every rule that had something to decide.
     *
     * @throws IllegalArgumentException when {@code board} is null, does not have 10 lines of 9
     *                                  characters, or holds a character that is neither a piece
     *                                  nor background
     */
    public static Verdict explain(String board) {
        int[] cells = parse(board);
        int[] counts = new int[2 * TYPES];
        for (int cell : cells) {
            if (cell != EMPTY) {
                counts[cell]++;
            }
        }
        Findings findings = new Findings();
        checkGeneralCount(cells, counts, findings);
        checkPieceCounts(cells, counts, findings);
        checkSoldierCount(cells, counts, findings);
        checkPositions(cells, counts, findings);
        checkSoldierFiles(cells, findings);
        String between = checkFlyingGeneral(cells, counts, findings);
        return findings.verdict(between);
    }

    /**
     * @param legal  the answer
     * @param reason the rule that decided it, naming the pieces and squares involved
     * @param checks every rule that had something to decide on this board, in rule order
     */
    public record Verdict(boolean legal, String reason, List<Check> checks) {
        public Verdict {
            checks = List.copyOf(checks);
        }
    }

    /**
     * One rule that had something to decide, and whether the board satisfied it.
     *
     * @param rule  the rule id, e.g. {@value #SOLDIER_COUNT}
     * @param holds whether the board satisfied it
     */
    public record Check(String rule, boolean holds) {
    }

    // ---- the rules -------------------------------------------------------------------------

    private static void checkGeneralCount(int[] cells, int[] counts, Findings findings) {
        StringBuilder problem = new StringBuilder();
        for (int side = RED; side <= BLACK; side++) {
            int piece = side * TYPES + GENERAL;
            if (counts[piece] == 1) {
                continue;
            }
            problem.append(problem.length() == 0 ? "" : " and ").append(SIDE_NAMES[side]);
            if (counts[piece] == 0) {
                problem.append(" has no ").append(PIECES.charAt(piece));
            } else {
                problem.append(" has ").append(counts[piece]).append(' ').append(PIECES.charAt(piece))
                        .append(" (at ").append(squaresOf(cells, piece)).append(')');
            }
        }
        findings.report(ONE_GENERAL_EACH, problem.length() == 0 ? null
                : problem.append(", exactly one general each is required").toString());
    }

    private static void checkPieceCounts(int[] cells, int[] counts, Findings findings) {
        boolean any = false;
        String problem = null;
        for (int side = RED; side <= BLACK; side++) {
            for (int type = CHARIOT; type <= ADVISOR; type++) {
                int piece = side * TYPES + type;
                any |= counts[piece] > 0;
                if (counts[piece] > 2 && problem == null) {
                    problem = countProblem(cells, counts, piece, 2);
                }
            }
        }
        if (any) {
            findings.report(PIECE_COUNTS, problem);
        }
    }

    private static void checkSoldierCount(int[] cells, int[] counts, Findings findings) {
        int red = RED * TYPES + SOLDIER;
        int black = BLACK * TYPES + SOLDIER;
        if (counts[red] + counts[black] == 0) {
            return;
        }
        findings.report(SOLDIER_COUNT, counts[red] > 5 ? countProblem(cells, counts, red, 5)
                : counts[black] > 5 ? countProblem(cells, counts, black, 5) : null);
    }

    /** Palace, elephant, advisor and soldier-row rules: each piece's square on its own. */
    private static void checkPositions(int[] cells, int[] counts, Findings findings) {
        String general = null;
        String elephant = null;
        String advisor = null;
        String soldier = null;
        for (int square = 0; square < cells.length; square++) {
            int piece = cells[square];
            if (piece == EMPTY) {
                continue;
            }
            int side = piece / TYPES;
            int column = square % COLUMNS;
            // rows counted from the piece's own back rank, so one test serves both sides
            int depth = side == RED ? ROWS - 1 - square / COLUMNS : square / COLUMNS;
            switch (piece % TYPES) {
                case GENERAL -> {
                    if (general == null && (depth > 2 || column < 3 || column > 5)) {
                        general = at(piece, square) + " is outside its palace (rows "
                                + (side == RED ? "7-9" : "0-2") + ", columns 3-5)";
                    }
                }
                case ELEPHANT -> {
                    boolean onSpot = (depth == 0 || depth == 4) && (column == 2 || column == 6)
                            || depth == 2 && column % 4 == 0;
                    if (elephant == null && !onSpot) {
                        elephant = at(piece, square) + (depth > 4
                                ? " has crossed the river (elephants stay on their own side)"
                                : " is not on one of its side's 7 elephant spots");
                    }
                }
                case ADVISOR -> {
                    boolean onPoint = (depth == 0 || depth == 2) && (column == 3 || column == 5)
                            || depth == 1 && column == 4;
                    if (advisor == null && !onPoint) {
                        advisor = at(piece, square) + " is not on a corner or the centre of its palace";
                    }
                }
                case SOLDIER -> {
                    if (soldier == null && depth < 3) {
                        soldier = at(piece, square) + " is behind its start row "
                                + (side == RED ? 6 : 3) + " (soldiers never move back)";
                    }
                }
                default -> {
                    // chariots, horses and cannons may stand anywhere
                }
            }
        }
        if (counts[GENERAL] + counts[TYPES + GENERAL] > 0) {
            findings.report(GENERAL_IN_PALACE, general);
        }
        if (counts[ELEPHANT] + counts[TYPES + ELEPHANT] > 0) {
            findings.report(ELEPHANT_SPOTS, elephant);
        }
        if (counts[ADVISOR] + counts[TYPES + ADVISOR] > 0) {
            findings.report(ADVISOR_SPOTS, advisor);
        }
        if (counts[SOLDIER] + counts[TYPES + SOLDIER] > 0) {
            findings.report(SOLDIER_NOT_BEHIND_START, soldier);
        }
    }

    /**
     * Soldiers that have not crossed the river (rows 5-6 for 兵, 3-4 for 卒) can only have moved
     * forward from their start square: so they stand on an even column, one per column.
     */
    private static void checkSoldierFiles(int[] cells, Findings findings) {
        boolean anyUncrossed = false;
        boolean anyPair = false;
        String oddFile = null;
        String sharedFile = null;
        for (int side = RED; side <= BLACK; side++) {
            int piece = side * TYPES + SOLDIER;
            int startRow = side == RED ? 6 : 3;
            int riverRow = side == RED ? 5 : 4;
            int uncrossed = 0;
            for (int column = 0; column < COLUMNS; column++) {
                boolean atStart = cells[startRow * COLUMNS + column] == piece;
                boolean atRiver = cells[riverRow * COLUMNS + column] == piece;
                uncrossed += (atStart ? 1 : 0) + (atRiver ? 1 : 0);
                if (oddFile == null && column % 2 == 1 && (atStart || atRiver)) {
                    oddFile = at(piece, (atStart ? startRow : riverRow) * COLUMNS + column)
                            + " is on odd column " + column
                            + " before crossing the river (it cannot have moved sideways yet)";
                }
                if (sharedFile == null && atStart && atRiver) {
                    sharedFile = PIECES.charAt(piece) + " at (" + Math.min(startRow, riverRow) + "," + column
                            + ") and (" + Math.max(startRow, riverRow) + "," + column
                            + ") share column " + column
                            + " before crossing the river (only one can have come from that start square)";
                }
            }
            anyUncrossed |= uncrossed > 0;
            anyPair |= uncrossed > 1;
        }
        if (anyUncrossed) {
            findings.report(SOLDIER_EVEN_FILE, oddFile);
        }
        if (anyPair) {
            findings.report(SOLDIER_ONE_PER_FILE, sharedFile);
        }
    }

    /**
     * When there is one general each and they share a column, some piece must stand between
     * them. Returns the blocker's description for a legal board's reason, else {@code null}.
     */
    private static String checkFlyingGeneral(int[] cells, int[] counts, Findings findings) {
        int red = RED * TYPES + GENERAL;
        int black = BLACK * TYPES + GENERAL;
        if (counts[red] != 1 || counts[black] != 1) {
            return null;
        }
        int redSquare = find(cells, red);
        int blackSquare = find(cells, black);
        int column = redSquare % COLUMNS;
        if (blackSquare % COLUMNS != column) {
            return null;
        }
        int top = Math.min(redSquare, blackSquare);
        int bottom = Math.max(redSquare, blackSquare);
        for (int square = top + COLUMNS; square < bottom; square += COLUMNS) {
            if (cells[square] != EMPTY) {
                findings.report(FLYING_GENERAL, null);
                return "the generals share column " + column + " but " + at(cells[square], square)
                        + " stands between them";
            }
        }
        findings.report(FLYING_GENERAL, at(cells[top], top) + " and " + at(cells[bottom], bottom)
                + " face each other with nothing between");
        return null;
    }

    private static String countProblem(int[] cells, int[] counts, int piece, int limit) {
        return SIDE_NAMES[piece / TYPES] + " has " + counts[piece] + ' ' + TYPE_NAMES[piece % TYPES] + ' '
                + PIECES.charAt(piece) + " (at " + squaresOf(cells, piece) + "), at most " + limit;
    }

    // ---- reading the board -------------------------------------------------------------------

    /** The piece code of every square, row-major, {@link #EMPTY} for background. */
    private static int[] parse(String board) {
        if (board == null) {
            throw new IllegalArgumentException("board is null, expected 10 lines of 9 characters");
        }
        int end = board.length();
        if (end > 0 && board.charAt(end - 1) == '\n') {
            end--; // one trailing newline is tolerated
        }
        int lines = 1;
        for (int i = 0; i < end; i++) {
            if (board.charAt(i) == '\n') {
                lines++;
            }
        }
        if (lines != ROWS) {
            throw new IllegalArgumentException("board has " + lines + (lines == 1 ? " line" : " lines")
                    + ", expected 10 (joined by '\\n')");
        }
        int[] cells = new int[ROWS * COLUMNS];
        int start = 0;
        for (int row = 0; row < ROWS; row++) {
            int lineEnd = row == ROWS - 1 ? end : board.indexOf('\n', start);
            int length = board.codePointCount(start, lineEnd);
            if (length != COLUMNS) {
                boolean carriageReturn = lineEnd > start && board.charAt(lineEnd - 1) == '\r';
                throw new IllegalArgumentException("line " + row + " has " + length + " characters, expected 9"
                        + (carriageReturn ? " (it ends with '\\r': separate lines with '\\n' only)" : ""));
            }
            int column = 0;
            for (int i = start; i < lineEnd; column++) {
                int codePoint = board.codePointAt(i);
                // a table, not PIECES.indexOf: the reference parses every board the judge asks about
                byte cell = codePoint <= Character.MAX_VALUE ? CELL_OF_CHAR[codePoint] : UNKNOWN_CELL;
                int piece = cell < BACKGROUND_CELL ? cell : -1;
                if (cell == UNKNOWN_CELL) {
                    throw new IllegalArgumentException("unknown character " + describe(codePoint)
                            + " at line " + row + ", column " + column
                            + ": expected a piece of 俥傌炮相仕帥兵車馬砲象士將卒 or background ' ' - | X +"
                            + " or full-width '　' － ｜ Ｘ ＋");
                }
                cells[row * COLUMNS + column] = piece < 0 ? EMPTY : piece;
                i += Character.charCount(codePoint);
            }
            start = lineEnd + 1;
        }
        return cells;
    }

    private static byte[] cellOfChar() {
        byte[] cells = new byte[Character.MAX_VALUE + 1];
        java.util.Arrays.fill(cells, UNKNOWN_CELL);
        for (int i = BACKGROUND.length() - 1; i >= 0; i--) {
            cells[BACKGROUND.charAt(i)] = BACKGROUND_CELL;
        }
        for (int i = PIECES.length() - 1; i >= 0; i--) {
            cells[PIECES.charAt(i)] = (byte) i; // the first occurrence wins, as with indexOf
        }
        return cells;
    }

    private static String describe(int codePoint) {
        String hex = String.format("U+%04X", codePoint);
        boolean printable = !Character.isISOControl(codePoint)
                && Character.getType(codePoint) != Character.SURROGATE
                && Character.isDefined(codePoint);
        return printable ? "'" + Character.toString(codePoint) + "' (" + hex + ")" : hex;
    }

    private static int find(int[] cells, int piece) {
        for (int square = 0; square < cells.length; square++) {
            if (cells[square] == piece) {
                return square;
            }
        }
        return -1;
    }

    private static String squaresOf(int[] cells, int piece) {
        StringBuilder squares = new StringBuilder();
        for (int square = 0; square < cells.length; square++) {
            if (cells[square] == piece) {
                squares.append(squares.length() == 0 ? "" : ", ")
                        .append('(').append(square / COLUMNS).append(',').append(square % COLUMNS).append(')');
            }
        }
        return squares.toString();
    }

    /** E.g. {@code 相 at (4,2)}. */
    private static String at(int piece, int square) {
        return PIECES.charAt(piece) + " at (" + square / COLUMNS + "," + square % COLUMNS + ")";
    }

    /** The checks made so far and the first broken rule's description. */
    private static final class Findings {
        private final List<Check> checks = new ArrayList<>(10);
        private final List<String> brokenRules = new ArrayList<>(2);
        private String firstProblem;

        /** Records that {@code rule} had something to decide; {@code problem} is null when it holds. */
        void report(String rule, String problem) {
            checks.add(new Check(rule, problem == null));
            if (problem != null) {
                brokenRules.add(rule);
                if (firstProblem == null) {
                    firstProblem = problem;
                }
            }
        }

        Verdict verdict(String generalsBlocked) {
            if (firstProblem == null) {
                return new Verdict(true, "legal: one general each, every piece count and square allowed"
                        + (generalsBlocked == null ? "" : "; " + generalsBlocked), checks);
            }
            String reason = firstProblem + " [" + brokenRules.get(0) + "]";
            if (brokenRules.size() > 1) {
                reason += "; also broken: " + String.join(", ", brokenRules.subList(1, brokenRules.size()));
            }
            return new Verdict(false, reason, checks);
        }
    }
}

package org.katajudge.reference.checkers;

import java.util.ArrayList;
import java.util.List;

/**
 * Kata {@code checkers-game-over} (seed 003, Greg Bacon's "Checkers game-over in Haskell"): count
 * the moves each side has on a checkers board, and tell whether the game is over.
 *
 * <p>The board is one 64-character string, 8 rows of 8, row 0 at the top. Dark squares, where
 * {@code row + col} is odd, hold {@code ' '} (empty), {@code 'w'}/{@code 'W'} (white man/king) or
 * {@code 'b'}/{@code 'B'} (blue man/king); light squares hold {@code '.'}. Blue moves down
 * (increasing row), white moves up.
 *
 * <p>A side's count is the number of (piece, target square) pairs, where a move is either a
 * diagonal step onto an empty square, or a single jump over a diagonally adjacent opponent piece
 * onto the empty square right beyond it. Men move forward only, kings both ways. There are no
 * multi-jumps, no forced captures and no crowning. The game is over when either side has no move.
 *
 * <p>Depends on nothing but {@code java.base}: with its package line removed this file is itself
 * a valid solution.
 *
 * <p>One file past 300 lines for that reason: a solution is one file.
 */
public final class Checkers {

    /** Rule id: a step needs its target square on the board. */
    public static final String STEP_STAYS_ON_BOARD = "step-stays-on-board";
    /** Rule id: a step goes onto an empty square; an occupied one may be jumped instead. */
    public static final String STEP_NEEDS_EMPTY_SQUARE = "step-needs-empty-square";
    /** Rule id: only a king moves backward; a man's backward step or jump is not counted. */
    public static final String BACKWARD_NEEDS_KING = "backward-needs-king";
    /** Rule id: the jumped piece must be the opponent's, not one's own. */
    public static final String JUMP_NEEDS_OPPONENT = "jump-needs-opponent";
    /** Rule id: the landing square of a jump must be on the board. */
    public static final String JUMP_STAYS_ON_BOARD = "jump-stays-on-board";
    /** Rule id: the landing square of a jump must be empty. */
    public static final String JUMP_NEEDS_EMPTY_LANDING = "jump-needs-empty-landing";
    /** Rule id (gameOver): white has at least one move. */
    public static final String WHITE_HAS_A_MOVE = "white-has-a-move";
    /** Rule id (gameOver): blue has at least one move. */
    public static final String BLUE_HAS_A_MOVE = "blue-has-a-move";

    /** The rules a move count checks, in the order they are reported. */
    public static final List<String> COUNT_RULES = List.of(STEP_STAYS_ON_BOARD, STEP_NEEDS_EMPTY_SQUARE,
            BACKWARD_NEEDS_KING, JUMP_NEEDS_OPPONENT, JUMP_STAYS_ON_BOARD, JUMP_NEEDS_EMPTY_LANDING);

    private static final int SIZE = 8;
    private static final int SQUARES = SIZE * SIZE;
    /** How many moves a reason lists before it says "and N more". */
    private static final int MOVES_SHOWN = 6;
    /** The four diagonal directions as (row, column) steps. */
    private static final int[][] DIAGONALS = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

    private Checkers() {
    }

    /** The two sides; white moves up the board (row decreasing), blue down. */
    public enum Side {
        WHITE('w', 'W', -1), BLUE('b', 'B', 1);

        private final char man;
        private final char king;
        private final int forward;

        Side(char man, char king, int forward) {
            this.man = man;
            this.king = king;
            this.forward = forward;
        }

        /** The man's letter: {@code 'w'} or {@code 'b'}. */
        public char man() {
            return man;
        }

        /** The king's letter: {@code 'W'} or {@code 'B'}. */
        public char king() {
            return king;
        }

        /** The row step of a forward move: -1 for white, +1 for blue. */
        public int forward() {
            return forward;
        }

        public Side opponent() {
            return this == WHITE ? BLUE : WHITE;
        }

        boolean owns(char cell) {
            return cell == man || cell == king;
        }

        @Override
        public String toString() {
            return this == WHITE ? "white" : "blue";
        }
    }

    /** The number of moves white has on {@code board}. */
    public static int whiteMoves(String board) {
        requireValid(board);
        return count(board, Side.WHITE, null);
    }

    /** The number of moves blue has on {@code board}. */
    public static int blueMoves(String board) {
        requireValid(board);
        return count(board, Side.BLUE, null);
    }

    /** {@code true} when white or blue (or both) has no move. */
    public static boolean gameOver(String board) {
        requireValid(board);
        return count(board, Side.WHITE, null) == 0 || count(board, Side.BLUE, null) == 0;
    }

    /**
     * The moves {@code side} has, with the rules that decided them.
     *
     * @throws IllegalArgumentException naming the position when {@code board} is not a valid board
     */
    public static Count explainMoves(String board, Side side) {
        requireValid(board);
        Recorder recorder = new Recorder();
        int moves = count(board, side, recorder);
        return new Count(side, moves, List.copyOf(recorder.moves), reason(board, side, recorder.moves),
                recorder.checks());
    }

    /**
     * Whether the game is over, with both counts.
     *
     * @throws IllegalArgumentException naming the position when {@code board} is not a valid board
     */
    public static GameOver explainGameOver(String board) {
        Count white = explainMoves(board, Side.WHITE);
        Count blue = explainMoves(board, Side.BLUE);
        boolean over = white.moves() == 0 || blue.moves() == 0;
        String reason;
        if (white.moves() == 0 && blue.moves() == 0) {
            reason = "game over: neither side has a move (" + noMovesBecause(board, Side.WHITE) + "; "
                    + noMovesBecause(board, Side.BLUE) + "), a tie";
        } else if (over) {
            Count stuck = white.moves() == 0 ? white : blue;
            Count other = white.moves() == 0 ? blue : white;
            reason = "game over: " + stuck.side() + " has no moves (" + noMovesBecause(board, stuck.side())
                    + ") while " + other.side() + " has " + plural(other.moves(), "move")
                    + ", so " + stuck.side() + " loses";
        } else {
            reason = "not over: white has " + plural(white.moves(), "move") + " and blue has "
                    + plural(blue.moves(), "move");
        }
        List<Check> checks = List.of(new Check(WHITE_HAS_A_MOVE, white.moves() > 0),
                new Check(BLUE_HAS_A_MOVE, blue.moves() > 0));
        return new GameOver(over, white.moves(), blue.moves(), reason, checks);
    }

    /**
     * A side's move count and why.
     *
     * @param side   whose moves
     * @param moves  the answer: how many moves
     * @param list   every move counted, in board order (row by row, then direction)
     * @param reason the count and the moves, e.g. {@code 2 moves for white: w (7,2)→(6,1), w (7,2)→(6,3)}
     * @param checks each (rule, outcome) that some piece's candidate move met, once, in rule order
     */
    public record Count(Side side, int moves, List<Move> list, String reason, List<Check> checks) {
    }

    /**
     * Whether the game is over, and why.
     *
     * @param over       the answer
     * @param whiteMoves white's move count
     * @param blueMoves  blue's move count
     * @param reason     which side has no moves, or that both have some
     * @param checks     {@code white-has-a-move} and {@code blue-has-a-move} with their outcomes
     */
    public record GameOver(boolean over, int whiteMoves, int blueMoves, String reason, List<Check> checks) {
    }

    /**
     * One rule that had something to decide, and whether the board satisfied it.
     *
     * @param rule  the rule id, e.g. {@code jump-needs-empty-landing}
     * @param holds whether the candidate move passed it
     */
    public record Check(String rule, boolean holds) {
    }

    /**
     * One counted move.
     *
     * @param piece   the moving piece's letter
     * @param jumped  the letter of the piece jumped over, or {@code ' '} for a simple step
     */
    public record Move(char piece, int fromRow, int fromCol, int toRow, int toCol, char jumped) {

        public boolean isJump() {
            return jumped != ' ';
        }

        /** E.g. {@code w (7,2)→(6,1)}, or {@code w (7,0)→(5,2) over b (6,1)} for a jump. */
        @Override
        public String toString() {
            String text = piece + " " + square(fromRow, fromCol) + "→" + square(toRow, toCol);
            return isJump() ? text + " over " + jumped + " " + square((fromRow + toRow) / 2, (fromCol + toCol) / 2)
                    : text;
        }
    }

    /**
     * The one implementation of the rule: counts {@code side}'s moves and, when {@code recorder}
     * is not null, records each move and each rule outcome. The board must be valid.
     */
    private static int count(String board, Side side, Recorder recorder) {
        int moves = 0;
        for (int row = 0; row < SIZE; row++) {
            // Dark squares only: pieces stand nowhere else on a valid board.
            for (int col = 1 - row % 2; col < SIZE; col += 2) {
                char piece = board.charAt(row * SIZE + col);
                if (!side.owns(piece)) {
                    continue;
                }
                boolean king = piece == side.king;
                for (int[] direction : DIAGONALS) {
                    boolean backward = direction[0] != side.forward;
                    if (movesThisWay(board, side, row, col, direction[0], direction[1], king, backward, recorder)) {
                        moves++;
                    }
                }
            }
        }
        return moves;
    }

    /**
     * Whether the piece at (row, col) has a move in direction (dRow, dCol): a step onto the
     * neighbouring square, or, when that square holds an opponent, a jump beyond it. The two are
     * exclusive, so one direction gives at most one move.
     */
    private static boolean movesThisWay(String board, Side side, int row, int col, int dRow, int dCol,
                                        boolean king, boolean backward, Recorder recorder) {
        int overRow = row + dRow;
        int overCol = col + dCol;
        if (!onBoard(overRow, overCol)) {
            record(recorder, STEP_STAYS_ON_BOARD, false);
            return false;
        }
        record(recorder, STEP_STAYS_ON_BOARD, true);
        char neighbour = board.charAt(overRow * SIZE + overCol);
        if (neighbour == ' ') {
            record(recorder, STEP_NEEDS_EMPTY_SQUARE, true);
            return counted(board, row, col, overRow, overCol, ' ', king, backward, recorder);
        }
        record(recorder, STEP_NEEDS_EMPTY_SQUARE, false);
        if (side.owns(neighbour)) {
            record(recorder, JUMP_NEEDS_OPPONENT, false);
            return false;
        }
        record(recorder, JUMP_NEEDS_OPPONENT, true);
        int landRow = overRow + dRow;
        int landCol = overCol + dCol;
        if (!onBoard(landRow, landCol)) {
            record(recorder, JUMP_STAYS_ON_BOARD, false);
            return false;
        }
        record(recorder, JUMP_STAYS_ON_BOARD, true);
        if (board.charAt(landRow * SIZE + landCol) != ' ') {
            record(recorder, JUMP_NEEDS_EMPTY_LANDING, false);
            return false;
        }
        record(recorder, JUMP_NEEDS_EMPTY_LANDING, true);
        return counted(board, row, col, landRow, landCol, neighbour, king, backward, recorder);
    }

    /** A move that the board allows: it counts unless it goes backward for a man. */
    private static boolean counted(String board, int row, int col, int toRow, int toCol, char jumped,
                                   boolean king, boolean backward, Recorder recorder) {
        if (backward) {
            record(recorder, BACKWARD_NEEDS_KING, king);
            if (!king) {
                return false;
            }
        }
        if (recorder != null) {
            recorder.moves.add(new Move(board.charAt(row * SIZE + col), row, col, toRow, toCol, jumped));
        }
        return true;
    }

    private static boolean onBoard(int row, int col) {
        return row >= 0 && row < SIZE && col >= 0 && col < SIZE;
    }

    private static void record(Recorder recorder, String rule, boolean holds) {
        if (recorder != null) {
            recorder.seen(rule, holds);
        }
    }

    /** Collects the moves and rule outcomes of one explained count. */
    private static final class Recorder {
        final List<Move> moves = new ArrayList<>();
        /** Per rule of {@link #COUNT_RULES}: [0] seen breaking, [1] seen holding. */
        private final boolean[][] outcomes = new boolean[COUNT_RULES.size()][2];

        void seen(String rule, boolean holds) {
            outcomes[COUNT_RULES.indexOf(rule)][holds ? 1 : 0] = true;
        }

        List<Check> checks() {
            List<Check> checks = new ArrayList<>();
            for (int i = 0; i < outcomes.length; i++) {
                if (outcomes[i][1]) {
                    checks.add(new Check(COUNT_RULES.get(i), true));
                }
                if (outcomes[i][0]) {
                    checks.add(new Check(COUNT_RULES.get(i), false));
                }
            }
            return List.copyOf(checks);
        }
    }

    private static String reason(String board, Side side, List<Move> moves) {
        if (moves.isEmpty()) {
            return "0 moves for " + side + ": " + noMovesBecause(board, side);
        }
        StringBuilder text = new StringBuilder(plural(moves.size(), "move")).append(" for ").append(side).append(": ");
        int shown = Math.min(moves.size(), MOVES_SHOWN);
        for (int i = 0; i < shown; i++) {
            text.append(i == 0 ? "" : ", ").append(moves.get(i));
        }
        if (moves.size() > shown) {
            text.append(" and ").append(moves.size() - shown).append(" more");
        }
        return text.toString();
    }

    /** Why a side has no move: it has no pieces, or which pieces are all stuck. */
    private static String noMovesBecause(String board, Side side) {
        List<String> pieces = new ArrayList<>();
        for (int i = 0; i < SQUARES; i++) {
            if (side.owns(board.charAt(i))) {
                pieces.add(board.charAt(i) + " " + square(i / SIZE, i % SIZE));
            }
        }
        if (pieces.isEmpty()) {
            return side + " has no pieces";
        }
        String direction = "men move " + (side == Side.WHITE ? "up" : "down") + " only";
        if (pieces.size() == 1) {
            return side + "'s only piece, " + pieces.get(0) + ", can neither step nor jump (" + direction + ")";
        }
        String listed = String.join(", ", pieces.subList(0, Math.min(pieces.size(), MOVES_SHOWN)))
                + (pieces.size() > MOVES_SHOWN ? " and " + (pieces.size() - MOVES_SHOWN) + " more" : "");
        return "none of " + side + "'s " + pieces.size() + " pieces (" + listed + ") can step or jump ("
                + direction + ")";
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    private static String square(int row, int col) {
        return "(" + row + "," + col + ")";
    }

    /**
     * Checks the board: 64 characters, {@code '.'} exactly on the light squares, one of
     * {@code " wWbB"} on every dark square.
     */
    private static void requireValid(String board) {
        if (board == null) {
            throw new IllegalArgumentException("board is null");
        }
        if (board.length() != SQUARES) {
            throw new IllegalArgumentException("board has " + board.length()
                    + " characters, expected 64 (8 rows of 8, no newlines)");
        }
        for (int i = 0; i < SQUARES; i++) {
            char cell = board.charAt(i);
            boolean dark = (i / SIZE + i % SIZE) % 2 == 1;
            switch (cell) {
                case '.' -> {
                    if (dark) {
                        throw new IllegalArgumentException("'.' at " + square(i) + " marks a light square, but"
                                + " row+col is odd there: a dark square holds ' ' or a piece");
                    }
                }
                case ' ', 'w', 'W', 'b', 'B' -> {
                    if (!dark) {
                        throw new IllegalArgumentException(quoted(cell) + " at " + square(i)
                                + " is on a light square (row+col even), which must be '.'");
                    }
                }
                default -> throw new IllegalArgumentException("unknown character " + quoted(cell) + " at "
                        + square(i) + ", expected one of '.', ' ', 'w', 'W', 'b', 'B'");
            }
        }
    }

    /** Square {@code i} of the string, e.g. {@code (1,6) (index 14)}. */
    private static String square(int i) {
        return square(i / SIZE, i % SIZE) + " (index " + i + ")";
    }

    private static String quoted(char cell) {
        return cell < ' ' || cell > '~' ? String.format("'\\u%04x'", (int) cell) : "'" + cell + "'";
    }
}

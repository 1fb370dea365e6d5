package org.katajudge.reference.safespaces;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.choice.Choices;

import java.util.ArrayList;
import java.util.List;

/**
 * Draws valid boards for {@code SafeSpaces.isSafe}. The first draw picks a {@link Kind}; then
 * come the shape (smallest first), a background of pieces (none, scattered, or every cell
 * drawn) and, for the aimed kinds, planted pieces. Smaller choices mean fewer rows and columns
 * and fewer pieces; the all-zero stream gives the empty board {@code []}.
 *
 * <p>Aimed kinds plant their pieces first and then {@linkplain #removeAttacks clear every other
 * attack}, so the planted pair is the only thing that decides the answer. No draw is ever
 * rejected and retried: every choice stream, however edited by a shrinker, yields a valid board.
 *
 * <p>One file past 300 lines: every kind draws from one choice stream in one order, which the
 * shrinker and the pinned schedules (ScheduleStabilityTest) depend on; split, that order is hidden.
 */
final class SafeSpacesGenerator {

    /** Largest number of rows or columns. */
    static final int MAX_SIDE = 12;
    /** Wide and tall boards have at most this many rows (wide) or columns (tall). */
    static final int MAX_NARROW_SIDE = 6;
    /** Most pieces a scattered background or the border kind places. */
    static final int MAX_SCATTERED = 16;

    private static final int EMPTY = 0;
    private static final int BLACK = 1;
    private static final int RED = 3;

    /** What a board is aimed at, simplest first. */
    enum Kind {
        /** No cells at all: {@code []}, {@code [[]]} or {@code [[],[]]}. */
        EMPTY,
        /** One cell. */
        SINGLE_CELL,
        /** 1 × 1..12: no diagonal pairs, always safe. */
        ONE_ROW,
        /** 1..12 × 1: vertical neighbours only, always safe. */
        ONE_COLUMN,
        /** 2×2 to 4×4. */
        SMALL_SQUARE,
        /** More columns than rows (2..6 rows): where the seed's square-board Q code goes wrong. */
        WIDE,
        /** More rows than columns (2..6 columns). */
        TALL,
        /** Any rectangle from 2×2 to 12×12. */
        RECTANGLE,
        /** Exactly one attacking pair, in a direction and place drawn, on a safe background. */
        ONE_ATTACK,
        /**
         * A wide board whose only attack lies where a scan of the top-left rows × rows square
         * misses it: down-left attacks with the red in a column ≥ rows, down-right attacks with
         * the red in a column &lt; cols − rows (the seed's Q code scans the reversed rows for
         * those).
         */
        BLIND_SPOT_ATTACK,
        /** A safe board with one to three black-above-red diagonal pairs. */
        PEACEFUL_PAIRS,
        /**
         * A safe board with a red and a black that would attack each other if the board wrapped
         * around: red on one edge column, black on the opposite edge of the next row; or red on
         * the bottom row, black diagonally "below" it on the top row.
         */
        WRAP_TRAP,
        /** Pieces on the border squares only, corners first. */
        BORDER_PIECES,
        /**
         * Any board: rows and columns (0 to 12 each), a count, then per piece its row, column
         * and colour. The general kind every board can be written in ({@link #encode}), so a
         * shrinker can remove any piece.
         */
        PIECES
    }

    private static final Kind[] KINDS = Kind.values();

    private SafeSpacesGenerator() {
    }

    /** The generator as the kata's entry point uses it: one argument, the board. */
    static Object[] board(Choices choices) {
        return new Object[] {generate(choices)};
    }

    static int[][] generate(Choices choices) {
        Kind kind = KINDS[choices.choose(KINDS.length)];
        return switch (kind) {
            case EMPTY -> new int[choices.choose(3)][0];
            case SINGLE_CELL -> new int[][] {{cell(choices)}};
            case ONE_ROW -> background(choices, 1, choices.between(1, MAX_SIDE));
            case ONE_COLUMN -> background(choices, choices.between(1, MAX_SIDE), 1);
            case SMALL_SQUARE -> {
                int side = choices.between(2, 4);
                yield background(choices, side, side);
            }
            case WIDE -> {
                int rows = choices.between(2, MAX_NARROW_SIDE);
                yield background(choices, rows, choices.between(rows + 1, MAX_SIDE));
            }
            case TALL -> {
                int cols = choices.between(2, MAX_NARROW_SIDE);
                yield background(choices, choices.between(cols + 1, MAX_SIDE), cols);
            }
            case RECTANGLE -> background(choices, choices.between(2, MAX_SIDE), choices.between(2, MAX_SIDE));
            case ONE_ATTACK -> oneAttack(choices);
            case BLIND_SPOT_ATTACK -> blindSpotAttack(choices);
            case PEACEFUL_PAIRS -> peacefulPairs(choices);
            case WRAP_TRAP -> wrapTrap(choices);
            case BORDER_PIECES -> borderPieces(choices);
            case PIECES -> pieces(choices);
        };
    }

    /** A count, then per piece its cell (the first empty one from the drawn cell on, row by row) and colour. */
    private static int[][] pieces(Choices choices) {
        int rows = choices.choose(MAX_SIDE + 1);
        int cols = choices.choose(MAX_SIDE + 1);
        int[][] board = new int[rows][rows == 0 ? 0 : cols];
        int cells = rows * (rows == 0 ? 0 : cols);
        choices.startPart();
        int pieces = choices.choose(cells + 1);
        for (int i = 0; i < pieces; i++) {
            choices.startPart();
            int cell = choices.choose(cells);
            int piece = piece(choices);
            for (int k = 0; k < cells; k++) {
                int candidate = (cell + k) % cells;
                if (board[candidate / cols][candidate % cols] == EMPTY) {
                    board[candidate / cols][candidate % cols] = piece;
                    break;
                }
            }
            choices.endPart();
        }
        choices.endPart();
        return board;
    }

    /**
     * The choices that draw {@code board} as a {@link Kind#PIECES} board: its pieces row by row.
     * {@code generate(encode(board))} is {@code board} for every valid board of at most 12 × 12.
     */
    static ChoiceSequence encode(int[][] board) {
        int rows = board.length;
        int cols = rows == 0 ? 0 : board[0].length;
        List<Integer> values = new ArrayList<>(List.of(Kind.PIECES.ordinal(), rows, cols, 0));
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (board[r][c] != EMPTY) {
                    values.add(r * cols + c);
                    values.add(board[r][c] == RED ? 1 : 0);
                    values.set(3, values.get(3) + 1);
                }
            }
        }
        return ChoiceSequence.of(values.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The number of pieces on a board: the size a shrinker makes smallest. */
    static int pieces(int[][] board) {
        int pieces = 0;
        for (int[] row : board) {
            for (int cell : row) {
                pieces += cell != EMPTY ? 1 : 0;
            }
        }
        return pieces;
    }

    private static int[][] oneAttack(Choices choices) {
        int rows = choices.between(2, MAX_SIDE);
        int cols = choices.between(2, MAX_SIDE);
        int[][] board = background(choices, rows, cols);
        int row = choices.choose(rows - 1);
        boolean downLeft = choices.flip();
        int redCol = downLeft ? choices.between(1, cols - 1) : choices.choose(cols - 1);
        return plantAndClear(board, RED, row, redCol, BLACK, row + 1, downLeft ? redCol - 1 : redCol + 1);
    }

    private static int[][] blindSpotAttack(Choices choices) {
        int rows = choices.between(2, MAX_NARROW_SIDE);
        int cols = choices.between(rows + 1, MAX_SIDE);
        int[][] board = background(choices, rows, cols);
        int row = choices.choose(rows - 1);
        boolean downRight = choices.flip();
        int redCol = downRight ? choices.choose(cols - rows) : choices.between(rows, cols - 1);
        return plantAndClear(board, RED, row, redCol, BLACK, row + 1, downRight ? redCol + 1 : redCol - 1);
    }

    private static int[][] peacefulPairs(Choices choices) {
        int rows = choices.between(2, MAX_SIDE);
        int cols = choices.between(2, MAX_SIDE);
        int[][] board = background(choices, rows, cols);
        boolean[][] planted = new boolean[rows][cols];
        int pairs = choices.between(1, 3);
        for (int i = 0; i < pairs; i++) {
            int row = choices.choose(rows - 1);
            boolean downLeft = choices.flip();
            int blackCol = downLeft ? choices.between(1, cols - 1) : choices.choose(cols - 1);
            plant(board, planted, BLACK, row, blackCol);
            plant(board, planted, RED, row + 1, downLeft ? blackCol - 1 : blackCol + 1);
        }
        removeAttacks(board, planted, false); // pairs planted side by side may attack each other
        return board;
    }

    private static int[][] wrapTrap(Choices choices) {
        int rows = choices.between(2, MAX_SIDE);
        int cols = choices.between(3, MAX_SIDE); // at 2 columns the wrapped pair would really be adjacent
        int[][] board = background(choices, rows, cols);
        int trap = choices.choose(3);
        if (trap == 2) {
            // Rows wrapping: red on the bottom row, black on the top row one column to the right.
            int redCol = choices.choose(cols - 1);
            return plantAndClear(board, RED, rows - 1, redCol, BLACK, 0, redCol + 1);
        }
        int row = choices.choose(rows - 1);
        boolean redOnRightEdge = trap == 0;
        return plantAndClear(board, RED, row, redOnRightEdge ? cols - 1 : 0, BLACK, row + 1, redOnRightEdge ? 0 : cols - 1);
    }

    private static int[][] borderPieces(Choices choices) {
        int rows = choices.between(2, MAX_SIDE);
        int cols = choices.between(2, MAX_SIDE);
        int[][] board = new int[rows][cols];
        int borderCells = 2 * (rows + cols) - 4;
        choices.startPart();
        int pieces = choices.choose(Math.min(borderCells, MAX_SCATTERED) + 1);
        for (int i = 0; i < pieces; i++) {
            choices.startPart();
            // Walk the border clockwise from the top-left corner.
            int index = choices.choose(borderCells);
            int piece = piece(choices);
            if (index < cols) {
                board[0][index] = piece;
            } else if ((index -= cols) < rows - 1) {
                board[index + 1][cols - 1] = piece;
            } else if ((index -= rows - 1) < cols - 1) {
                board[rows - 1][cols - 2 - index] = piece;
            } else {
                board[rows - 2 - (index - (cols - 1))][0] = piece;
            }
            choices.endPart();
        }
        choices.endPart();
        return board;
    }

    /**
     * A rows × cols board with a background of pieces: none, a few scattered (each drawn as row,
     * column, colour; later ones overwrite earlier ones), or every cell drawn (dense).
     */
    static int[][] background(Choices choices, int rows, int cols) {
        int[][] board = new int[rows][cols];
        switch (choices.choose(3)) {
            case 1 -> {
                choices.startPart();
                int pieces = choices.choose(Math.min(rows * cols, MAX_SCATTERED) + 1);
                for (int i = 0; i < pieces; i++) {
                    choices.startPart();
                    board[choices.choose(rows)][choices.choose(cols)] = piece(choices);
                    choices.endPart();
                }
                choices.endPart();
            }
            case 2 -> {
                for (int[] row : board) {
                    for (int c = 0; c < cols; c++) {
                        row[c] = cell(choices);
                    }
                }
            }
            default -> {
                // an empty background
            }
        }
        return board;
    }

    /** Plants two pieces, then clears every attack except one between them. */
    private static int[][] plantAndClear(int[][] board, int firstPiece, int firstRow, int firstCol,
                                         int secondPiece, int secondRow, int secondCol) {
        boolean[][] planted = new boolean[board.length][board[0].length];
        plant(board, planted, firstPiece, firstRow, firstCol);
        plant(board, planted, secondPiece, secondRow, secondCol);
        removeAttacks(board, planted, true);
        return board;
    }

    private static void plant(int[][] board, boolean[][] planted, int piece, int row, int col) {
        board[row][col] = piece;
        planted[row][col] = true;
    }

    /**
     * Clears one piece of every attacking pair: the black one unless it was planted, else the
     * red one. A pair of two planted pieces is kept when {@code keepPlantedAttacks} (it is the
     * attack the kind aims at), else its black piece is cleared too. Clearing a piece never
     * creates an attack, so one pass suffices.
     */
    static void removeAttacks(int[][] board, boolean[][] planted, boolean keepPlantedAttacks) {
        int cols = board.length == 0 ? 0 : board[0].length;
        for (int r = 0; r + 1 < board.length; r++) {
            for (int c = 0; c < cols; c++) {
                for (int dc = -1; dc <= 1 && board[r][c] == RED; dc += 2) {
                    int below = c + dc;
                    if (below < 0 || below >= cols || board[r + 1][below] != BLACK) {
                        continue;
                    }
                    boolean redPlanted = planted[r][c];
                    boolean blackPlanted = planted[r + 1][below];
                    if (redPlanted && blackPlanted && keepPlantedAttacks) {
                        continue;
                    }
                    if (blackPlanted && !redPlanted) {
                        board[r][c] = EMPTY;
                    } else {
                        board[r + 1][below] = EMPTY;
                    }
                }
            }
        }
    }

    /** One square: empty, black or red, in that order of simplicity. */
    private static int cell(Choices choices) {
        return switch (choices.choose(3)) {
            case 1 -> BLACK;
            case 2 -> RED;
            default -> EMPTY;
        };
    }

    /** A piece: black, or red. */
    private static int piece(Choices choices) {
        return choices.flip() ? RED : BLACK;
    }
}

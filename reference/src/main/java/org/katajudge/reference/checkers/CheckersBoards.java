package org.katajudge.reference.checkers;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.choice.Choices;

import java.util.ArrayList;
import java.util.List;

/**
 * Boards for the {@code checkers-game-over} kata: the generator of valid boards, the symmetries
 * the tests use (invert, mirror) and the drawing a person reads.
 *
 * <p>Boards are built on the 32 dark squares, numbered 0..31 row by row (square 0 is (0,1),
 * square 31 is (7,6)), so a generated board never has a piece on a light square.
 *
 * <p>One file past 300 lines: the generator and its inverse ({@link #encode}: a board back into
 * the choices that draw it) work on this numbering of the dark squares, and the symmetries and the
 * drawing on the same board string; a change to the layout must reach all of them.
 */
public final class CheckersBoards {

    /** The kinds of board the first draw picks, simplest first. */
    public enum Kind {
        /** No pieces at all. */
        EMPTY,
        /** The standard opening: 12 blue men on rows 0..2, 12 white men on rows 5..7. */
        START,
        /** A few men anywhere. */
        SPARSE,
        /** A few pieces, some of them kings. */
        KINGS,
        /** Only one side has pieces. */
        ONE_SIDE_ONLY,
        /** A piece with a jump it can make (and sometimes a second jump after it). */
        JUMP_AVAILABLE,
        /** A piece whose jump is blocked: its own piece, an occupied landing, or the edge. */
        JUMP_BLOCKED,
        /** Pieces only on edge squares and corners. */
        EDGES,
        /** One side has pieces but no move: the game is over. */
        ONE_SIDE_BLOCKED,
        /** Most dark squares occupied. */
        CROWDED,
        /**
         * Any board: a count, then that many pieces, each a square and a piece. The general kind
         * every board can be written in ({@link #encode}), so a shrinker can remove any piece.
         */
        PIECES
    }

    public static final String EMPTY_BOARD =
            ". . . . "
            + " . . . ."
            + ". . . . "
            + " . . . ."
            + ". . . . "
            + " . . . ."
            + ". . . . "
            + " . . . .";

    public static final String START_BOARD =
            ".b.b.b.b"
            + "b.b.b.b."
            + ".b.b.b.b"
            + " . . . ."
            + ". . . . "
            + "w.w.w.w."
            + ".w.w.w.w"
            + "w.w.w.w.";

    private static final int SIZE = 8;
    private static final int DARK_SQUARES = 32;
    /** The most extra pieces a kind scatters besides its key pieces. */
    private static final int MAX_EXTRA = 6;
    /** The pieces in the order {@link Kind#PIECES} draws them: men first, white first. */
    private static final char[] PIECE_CHARS = {'w', 'b', 'W', 'B'};

    private CheckersBoards() {
    }

    /** A valid board drawn from {@code choices}; all-zero choices give the empty board. */
    public static String generate(Choices choices) {
        Kind kind = Kind.values()[choices.choose(Kind.values().length)];
        return generate(kind, choices);
    }

    /** A valid board of the given kind, the rest drawn from {@code choices}. */
    public static String generate(Kind kind, Choices choices) {
        return switch (kind) {
            case EMPTY -> EMPTY_BOARD;
            case START -> START_BOARD;
            case SPARSE -> scatter(new Builder(), choices, choices.between(1, MAX_EXTRA), false).board();
            case KINGS -> scatter(new Builder(), choices, choices.between(1, MAX_EXTRA), true).board();
            case ONE_SIDE_ONLY -> oneSideOnly(choices);
            case JUMP_AVAILABLE -> jump(choices, true);
            case JUMP_BLOCKED -> jump(choices, false);
            case EDGES -> edges(choices);
            case ONE_SIDE_BLOCKED -> oneSideBlocked(choices);
            case CROWDED -> crowded(choices);
            case PIECES -> pieces(choices);
        };
    }

    /**
     * The choices that draw {@code board} as a {@link Kind#PIECES} board: its pieces in square
     * order. {@code generate(encode(board))} is {@code board} for every valid board.
     */
    public static ChoiceSequence encode(String board) {
        List<Integer> values = new ArrayList<>(List.of(Kind.PIECES.ordinal(), 0));
        for (int square = 0; square < DARK_SQUARES; square++) {
            char cell = board.charAt(row(square) * SIZE + col(square));
            int piece = new String(PIECE_CHARS).indexOf(cell);
            if (piece >= 0) {
                // firstFree from the square itself: every earlier piece is on a lower square
                values.add(square);
                values.add(piece);
                values.set(1, values.get(1) + 1);
            }
        }
        return ChoiceSequence.of(values.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The number of pieces on a board: the size a shrinker makes smallest. */
    public static int pieces(String board) {
        int pieces = 0;
        for (int i = 0; i < board.length(); i++) {
            pieces += new String(PIECE_CHARS).indexOf(board.charAt(i)) >= 0 ? 1 : 0;
        }
        return pieces;
    }

    /**
     * The board turned 180° with the colours swapped: the same position seen from the other
     * side, so white's count on a board is blue's count on its inversion (the seed's
     * {@code invert}).
     */
    public static String invert(String board) {
        char[] cells = new char[board.length()];
        for (int i = 0; i < cells.length; i++) {
            cells[cells.length - 1 - i] = swapColour(board.charAt(i));
        }
        return new String(cells);
    }

    /** The board reflected left to right (each row reversed), colours kept. */
    public static String mirror(String board) {
        char[] cells = new char[board.length()];
        for (int i = 0; i < cells.length; i++) {
            int row = i / SIZE;
            int col = i % SIZE;
            cells[row * SIZE + (SIZE - 1 - col)] = board.charAt(i);
        }
        return new String(cells);
    }

    /**
     * The board as rows with indices, {@code '_'} for an empty dark square, and which way each
     * side moves. Not a valid board (wrong length or characters) is drawn as far as it goes.
     */
    public static String render(String board) {
        if (board == null) {
            return "null board";
        }
        StringBuilder text = new StringBuilder("    0 1 2 3 4 5 6 7\n");
        for (int row = 0; row * SIZE < board.length(); row++) {
            text.append("  ").append(row);
            for (int col = 0; col < SIZE && row * SIZE + col < board.length(); col++) {
                char cell = board.charAt(row * SIZE + col);
                text.append(' ').append(cell == ' ' ? '_' : cell);
            }
            text.append(row == 0 ? "   blue (b, B) moves down"
                    : row == SIZE - 1 ? "   white (w, W) moves up" : "").append('\n');
        }
        text.append("'.' light square, '_' empty dark square, b/w man, B/W king");
        if (board.length() != SIZE * SIZE) {
            text.append("\n(").append(board.length()).append(" characters, not 64)");
        }
        return text.toString();
    }

    private static char swapColour(char cell) {
        return switch (cell) {
            case 'w' -> 'b';
            case 'W' -> 'B';
            case 'b' -> 'w';
            case 'B' -> 'W';
            default -> cell;
        };
    }

    // ----- kinds -----

    /** {@code count} pieces on random dark squares; kings only when {@code kings}. */
    private static Builder scatter(Builder board, Choices choices, int count, boolean kings) {
        for (int i = 0; i < count; i++) {
            choices.startPart();
            board.placeIfFree(choices.choose(DARK_SQUARES), piece(choices.flip(), kings && choices.flip()));
            choices.endPart();
        }
        return board;
    }

    /** A count, then per piece its dark square (the first free one from the drawn square on) and its kind. */
    private static String pieces(Choices choices) {
        Builder board = new Builder();
        choices.startPart();
        int count = choices.choose(DARK_SQUARES + 1);
        for (int i = 0; i < count; i++) {
            choices.startPart();
            int square = board.firstFree(choices.choose(DARK_SQUARES));
            char piece = PIECE_CHARS[choices.choose(PIECE_CHARS.length)];
            board.placeIfFree(square, piece);
            choices.endPart();
        }
        choices.endPart();
        return board.board();
    }

    private static String oneSideOnly(Choices choices) {
        boolean blue = choices.flip();
        Builder board = new Builder();
        int count = choices.between(1, MAX_EXTRA);
        for (int i = 0; i < count; i++) {
            choices.startPart();
            board.placeIfFree(choices.choose(DARK_SQUARES), piece(blue, choices.flip()));
            choices.endPart();
        }
        return board.board();
    }

    /** What stops a generated jump, if anything. */
    private enum Block { NONE, OWN_PIECE, LANDING_TAKEN, OFF_BOARD }

    /**
     * A jumper, a piece next to it and the landing square beyond. When {@code open} the piece is
     * an opponent and the landing is empty (sometimes with a second opponent beyond it, offering
     * a double jump); otherwise the jump is blocked by its own piece in the way (landing empty),
     * an occupied landing, or a landing off the board. Extra pieces never touch the key squares.
     */
    private static String jump(Choices choices, boolean open) {
        Block block = open ? Block.NONE : Block.values()[1 + choices.choose(3)];
        boolean blue = choices.flip();
        boolean king = choices.flip();
        int dRow = forward(blue) * (king && choices.flip() ? -1 : 1);
        int dCol = choices.flip() ? 1 : -1;
        // Squares whose neighbour in (dRow, dCol) is on the board, with the landing beyond it on
        // the board too, or just off it when that is what blocks the jump.
        List<int[]> starts = new ArrayList<>();
        for (int square = 0; square < DARK_SQUARES; square++) {
            int row = row(square);
            int col = col(square);
            boolean landsOnBoard = onBoard(row + 2 * dRow, col + 2 * dCol);
            if (onBoard(row + dRow, col + dCol) && landsOnBoard == (block != Block.OFF_BOARD)) {
                starts.add(new int[] {row, col});
            }
        }
        int[] start = starts.get(choices.choose(starts.size()));
        int row = start[0];
        int col = start[1];
        Builder board = new Builder();
        board.place(row, col, piece(blue, king));
        board.place(row + dRow, col + dCol, piece(block == Block.OWN_PIECE ? blue : !blue, choices.flip()));
        int landRow = row + 2 * dRow;
        int landCol = col + 2 * dCol;
        switch (block) {
            case LANDING_TAKEN -> board.place(landRow, landCol, piece(choices.flip(), choices.flip()));
            case OWN_PIECE -> board.reserve(landRow, landCol); // empty: only the own piece is in the way
            case NONE -> {
                board.reserve(landRow, landCol);
                // An opponent beyond the landing, with the square after it free, offers a double jump.
                int secondCol = landCol + (choices.flip() ? dCol : -dCol);
                int secondLandCol = landCol + 2 * (secondCol - landCol);
                if (choices.flip() && onBoard(landRow + 2 * dRow, secondLandCol)) {
                    board.place(landRow + dRow, secondCol, piece(!blue, choices.flip()));
                    board.reserve(landRow + 2 * dRow, secondLandCol);
                }
            }
            case OFF_BOARD -> { }
        }
        return scatter(board, choices, choices.choose(MAX_EXTRA + 1), true).board();
    }

    /** Pieces on the 14 dark squares of the border, corners first. */
    private static String edges(Choices choices) {
        List<Integer> border = new ArrayList<>(List.of(3, 28)); // the corners (0,7) and (7,0)
        for (int square = 0; square < DARK_SQUARES; square++) {
            int row = row(square);
            int col = col(square);
            if ((row == 0 || row == SIZE - 1 || col == 0 || col == SIZE - 1) && !border.contains(square)) {
                border.add(square);
            }
        }
        Builder board = new Builder();
        int count = choices.between(1, 8);
        for (int i = 0; i < count; i++) {
            choices.startPart();
            board.placeIfFree(border.get(choices.choose(border.size())), piece(choices.flip(), choices.flip()));
            choices.endPart();
        }
        return board.board();
    }

    /**
     * White pieces that cannot move (men on row 0; a man on the left or right edge, or a king in
     * a corner, facing an opponent with the square beyond occupied), plus blue pieces elsewhere;
     * inverted half of the time so blue is the stuck side.
     */
    private static String oneSideBlocked(Choices choices) {
        boolean blueStuck = choices.flip();
        Builder board = new Builder();
        int stuck = choices.between(1, 3);
        for (int i = 0; i < stuck; i++) {
            switch (choices.choose(3)) {
                case 0 -> board.placeIfFree(choices.choose(4), 'w'); // a man on the far row
                case 1 -> {
                    // A man on an edge square (rows 3..7), its one forward square taken by blue,
                    // the landing beyond taken too.
                    int[][] edgeMen = {{7, 0}, {5, 0}, {3, 0}, {6, 7}, {4, 7}, {2, 7}};
                    int[] man = edgeMen[choices.choose(edgeMen.length)];
                    int dCol = man[1] == 0 ? 1 : -1;
                    blockedBy(board, man[0], man[1], 'w', -1, dCol, choices);
                }
                default -> {
                    // A king in a corner: its one neighbour is blue, the square beyond is taken.
                    if (choices.flip()) {
                        blockedBy(board, 0, 7, 'W', 1, -1, choices);
                    } else {
                        blockedBy(board, 7, 0, 'W', -1, 1, choices);
                    }
                }
            }
        }
        // Blue extras; they cannot free a white piece that is blocked this way.
        int extra = choices.choose(MAX_EXTRA + 1);
        for (int i = 0; i < extra; i++) {
            choices.startPart();
            board.placeIfFree(choices.choose(DARK_SQUARES), piece(true, choices.flip()));
            choices.endPart();
        }
        String white = board.board();
        return blueStuck ? invert(white) : white;
    }

    /** Places {@code piece} at (row, col), a blue piece next to it in (dRow, dCol) and any piece beyond. */
    private static void blockedBy(Builder board, int row, int col, char piece, int dRow, int dCol, Choices choices) {
        if (board.isFree(row, col) && board.isFree(row + dRow, col + dCol) && board.isFree(row + 2 * dRow, col + 2 * dCol)) {
            board.place(row, col, piece);
            board.place(row + dRow, col + dCol, piece(true, choices.flip()));
            // The landing is blue too: a white piece there might have moves of its own.
            board.place(row + 2 * dRow, col + 2 * dCol, piece(true, choices.flip()));
        }
    }

    /** Each dark square empty or holding one of the four pieces; about four in five are filled. */
    private static String crowded(Choices choices) {
        Builder board = new Builder();
        char[] options = {' ', 'w', 'b', 'W', 'B'};
        for (int square = 0; square < DARK_SQUARES; square++) {
            char cell = options[choices.choose(options.length)];
            if (cell != ' ') {
                board.placeIfFree(square, cell);
            }
        }
        return board.board();
    }

    // ----- helpers -----

    private static char piece(boolean blue, boolean king) {
        return blue ? (king ? 'B' : 'b') : (king ? 'W' : 'w');
    }

    private static int forward(boolean blue) {
        return blue ? 1 : -1;
    }

    private static int row(int square) {
        return square / 4;
    }

    private static int col(int square) {
        int row = row(square);
        return 2 * (square % 4) + (row % 2 == 0 ? 1 : 0);
    }

    private static boolean onBoard(int row, int col) {
        return row >= 0 && row < SIZE && col >= 0 && col < SIZE;
    }

    /** A board under construction; reserved squares stay empty. */
    private static final class Builder {
        private final char[] cells = EMPTY_BOARD.toCharArray();
        private final boolean[] reserved = new boolean[SIZE * SIZE];

        void place(int row, int col, char piece) {
            cells[row * SIZE + col] = piece;
            reserved[row * SIZE + col] = true;
        }

        void reserve(int row, int col) {
            reserved[row * SIZE + col] = true;
        }

        boolean isFree(int row, int col) {
            return onBoard(row, col) && !reserved[row * SIZE + col] && cells[row * SIZE + col] == ' ';
        }

        /** The first dark square from {@code square} on (wrapping round) that is free, or -1. */
        int firstFree(int square) {
            for (int k = 0; k < DARK_SQUARES; k++) {
                int candidate = (square + k) % DARK_SQUARES;
                if (isFree(row(candidate), col(candidate))) {
                    return candidate;
                }
            }
            return -1;
        }

        /** Places a piece on dark square {@code square} unless it is taken or reserved (or -1). */
        void placeIfFree(int square, char piece) {
            if (square < 0) {
                return;
            }
            int row = row(square);
            int col = col(square);
            if (isFree(row, col)) {
                cells[row * SIZE + col] = piece;
            }
        }

        String board() {
            return new String(cells);
        }
    }
}

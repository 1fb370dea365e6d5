package org.katajudge.reference.safespaces;

import java.util.ArrayList;
import java.util.List;

/**
 * Kata {@code checkers-safe-spaces} (seed 000, written in Q): is every piece on a checkers board
 * safe?
 *
 * <p>The board is a rectangular matrix of any size, row 0 at the top: 0 is an empty square,
 * 1 a black piece (moves up), 3 a red piece (moves down). The board is <b>unsafe</b> exactly
 * when some red piece sits diagonally adjacent <i>above</i> a black piece. Only adjacency counts:
 * kings, turns and landing squares are ignored. Black above red is peaceful (they have already
 * passed each other). The board is not toroidal.
 *
 * <p>In the seed's words, for every 2×2 window {@code A B / C D} the board is unsafe iff
 * {@code A − D == 2} (red above black down-right, a {@code \} diagonal) or {@code B − C == 2}
 * (red above black down-left, a {@code /} diagonal). Unlike the seed's Q code, which indexes
 * both axes by the row count, this works for boards of any shape.
 *
 * <p>Rules reported by {@link #explain(int[][])}, one per diagonal direction; each is reported
 * only when a red and a black piece are diagonally adjacent along that direction:
 * <ul>
 *   <li>{@value #RED_ABOVE_BLACK_LEFT}: the {@code B − C} check, {@code /} diagonals. Breaks when
 *       some red has a black directly down-left of it (an attack); holds when every red–black
 *       pair on a {@code /} diagonal has the black above (peaceful).</li>
 *   <li>{@value #RED_ABOVE_BLACK_RIGHT}: the {@code A − D} check, {@code \} diagonals. Breaks when
 *       some red has a black directly down-right of it; holds when every red–black pair on a
 *       {@code \} diagonal has the black above.</li>
 * </ul>
 *
 * <p>Depends on nothing but {@code java.base}: with its package line removed this file is itself
 * a valid solution.
 */
public final class SafeSpaces {

    /** Rule id: red above black down-left (the {@code B − C == 2} check). */
    public static final String RED_ABOVE_BLACK_LEFT = "red-above-black-left";
    /** Rule id: red above black down-right (the {@code A − D == 2} check). */
    public static final String RED_ABOVE_BLACK_RIGHT = "red-above-black-right";

    private static final int EMPTY = 0;
    private static final int BLACK = 1;
    private static final int RED = 3;

    private SafeSpaces() {
    }

    /** {@code true} iff no red piece is diagonally adjacent above a black piece. */
    public static boolean isSafe(int[][] board) {
        return explain(board).safe();
    }

    /**
     * The answer, the pair of pieces that decides it, and the rules checked. Does not modify
     * {@code board}.
     *
     * @throws IllegalArgumentException when the board is null, has a null row, ragged rows, or a
     *                                  value other than 0, 1 or 3
     */
    public static Why explain(int[][] board) {
        validate(board);
        int rows = board.length;
        int cols = rows == 0 ? 0 : board[0].length;

        int attacks = 0;
        Pair firstAttack = null;
        Pair firstPeace = null;
        // Per direction: did a red–black pair appear on it, and was one of them an attack?
        boolean leftPair = false;
        boolean leftAttack = false;
        boolean rightPair = false;
        boolean rightAttack = false;

        // Every diagonal pair is seen once, from its upper piece.
        for (int r = 0; r + 1 < rows; r++) {
            int[] upper = board[r];
            int[] lower = board[r + 1];
            for (int c = 0; c < cols; c++) {
                int piece = upper[c];
                if (piece == EMPTY) {
                    continue;
                }
                int opponent = piece == RED ? BLACK : RED;
                for (int dc = -1; dc <= 1; dc += 2) {
                    int below = c + dc;
                    if (below < 0 || below >= cols || lower[below] != opponent) {
                        continue;
                    }
                    boolean attack = piece == RED;
                    if (dc < 0) {
                        leftPair = true;
                        leftAttack |= attack;
                    } else {
                        rightPair = true;
                        rightAttack |= attack;
                    }
                    if (attack) {
                        attacks++;
                        if (firstAttack == null) {
                            firstAttack = new Pair(r, c, r + 1, below);
                        }
                    } else if (firstPeace == null) {
                        firstPeace = new Pair(r, c, r + 1, below);
                    }
                }
            }
        }

        List<Check> checks = new ArrayList<>(2);
        if (leftPair) {
            checks.add(new Check(RED_ABOVE_BLACK_LEFT, !leftAttack));
        }
        if (rightPair) {
            checks.add(new Check(RED_ABOVE_BLACK_RIGHT, !rightAttack));
        }
        boolean safe = firstAttack == null;
        return new Why(safe, reason(rows, cols, attacks, firstAttack, firstPeace), List.copyOf(checks));
    }

    private static String reason(int rows, int cols, int attacks, Pair firstAttack, Pair firstPeace) {
        if (firstAttack != null) {
            return "red at " + firstAttack.upper() + " is diagonally above black at " + firstAttack.lower()
                    + ", so the board is unsafe"
                    + (attacks > 1 ? " (" + attacks + " attacking pairs in all)" : "");
        }
        String safe = "no red piece is diagonally above a black piece";
        if (rows == 0 || cols == 0) {
            return safe + ": the board is empty (" + rows + " rows, " + cols + " columns)";
        }
        if (rows == 1 || cols == 1) {
            return safe + ": a board with a single " + (rows == 1 ? "row" : "column")
                    + " has no diagonal neighbours";
        }
        if (firstPeace != null) {
            return safe + "; black at " + firstPeace.upper() + " above red at " + firstPeace.lower()
                    + " is peaceful (they have already passed each other)";
        }
        return safe;
    }

    private static void validate(int[][] board) {
        if (board == null) {
            throw new IllegalArgumentException("board is null");
        }
        for (int r = 0; r < board.length; r++) {
            int[] row = board[r];
            if (row == null) {
                throw new IllegalArgumentException("row " + r + " is null");
            }
            if (row.length != board[0].length) {
                throw new IllegalArgumentException("row " + r + " has " + row.length + " cells, row 0 has "
                        + board[0].length);
            }
            for (int c = 0; c < row.length; c++) {
                int value = row[c];
                if (value != EMPTY && value != BLACK && value != RED) {
                    throw new IllegalArgumentException("value " + value + " at (" + r + "," + c
                            + ") is not 0, 1 or 3");
                }
            }
        }
    }

    /** Two diagonally adjacent squares, the upper one first; shown as {@code (row,col)}. */
    private record Pair(int upperRow, int upperCol, int lowerRow, int lowerCol) {

        String upper() {
            return "(" + upperRow + "," + upperCol + ")";
        }

        String lower() {
            return "(" + lowerRow + "," + lowerCol + ")";
        }
    }

    /**
     * @param safe   the answer
     * @param reason the attacking pair that makes the board unsafe, or why it is safe
     * @param checks the direction rules that had a red–black pair to decide, with their outcome
     */
    public record Why(boolean safe, String reason, List<Check> checks) {
    }

    /**
     * @param rule  {@value #RED_ABOVE_BLACK_LEFT} or {@value #RED_ABOVE_BLACK_RIGHT}
     * @param holds {@code false} when that direction has an attack
     */
    public record Check(String rule, boolean holds) {
    }
}

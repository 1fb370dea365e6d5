package org.katajudge.reference.knightmoves;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Kata {@code knight-moves} (seed 004, Weekly Challenge 281 task 2): the least number of moves a
 * knight needs to go from one square to another on an 8×8 board, never leaving the board.
 *
 * <p>The rule is a breadth-first search. It runs once per square when the class loads and fills a
 * 64×64 distance table, so {@link #minMoves} is a table lookup; {@link #explain} reads a shortest
 * path back out of the same table.
 *
 * <p>Depends on nothing but {@code java.base}: with its package line removed this file is itself
 * a valid solution.
 */
public final class KnightMoves {

    /** Rule id: the start is the end square, so no move is needed. */
    public static final String SAME_SQUARE = "same-square";
    /** Rule id: a single knight jump joins two different squares. */
    public static final String ONE_MOVE = "one-move";
    /**
     * Rule id: diagonal neighbours are 2 moves apart, except when one of them is a corner: the
     * knight would have to leave the board, so it needs 4.
     */
    public static final String CORNER_DETOUR = "corner-detour";

    private static final int SIZE = 8;
    private static final int SQUARES = SIZE * SIZE;

    /** The eight knight jumps as {file step, rank step}; a path prefers them in this order. */
    private static final int[][] JUMPS = {
            {1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

    /**
     * {@code DISTANCE[from * 64 + to]}, the number of moves between two squares; a square's number
     * is {@code file * 8 + rank}, both counted from 0 (a1 = 0, a2 = 1, b1 = 8, h8 = 63).
     */
    private static final byte[] DISTANCE = distances();

    private KnightMoves() {
    }

    /**
     * The least number of knight moves from {@code start} to {@code end}, e.g. 4 for g2 → a8.
     *
     * @throws IllegalArgumentException when either argument is not a square a1..h8
     */
    public static int minMoves(String start, String end) {
        // The fast path: explain() gives the same number from the same table, plus a path.
        return DISTANCE[square(start, "start") * SQUARES + square(end, "end")];
    }

    /**
     * The answer with one shortest path and the rules that decided it.
     *
     * @throws IllegalArgumentException when either argument is not a square a1..h8
     */
    public static Why explain(String start, String end) {
        int from = square(start, "start");
        int to = square(end, "end");
        int moves = DISTANCE[from * SQUARES + to];

        List<String> path = new ArrayList<>(moves + 1);
        path.add(start);
        for (int at = from; at != to; ) {
            at = stepTowards(at, to);
            path.add(name(at));
        }

        List<Check> checks = new ArrayList<>(3);
        checks.add(new Check(SAME_SQUARE, from == to));
        if (from != to) {
            checks.add(new Check(ONE_MOVE, moves == 1));
        }
        boolean diagonalNeighbours = Math.abs(from / SIZE - to / SIZE) == 1 && Math.abs(from % SIZE - to % SIZE) == 1;
        if (diagonalNeighbours) {
            checks.add(new Check(CORNER_DETOUR, moves == 4));
        }

        String reason;
        if (from == to) {
            reason = "0 moves: the knight already stands on " + start;
        } else {
            reason = moves + (moves == 1 ? " move: " : " moves: ") + String.join(" → ", path);
            if (diagonalNeighbours && moves == 4) {
                String corner = isCorner(from) ? start : end;
                reason += " (" + corner + " is a corner: the usual 2 moves between diagonal neighbours"
                        + " would need a square off the board)";
            }
        }
        return new Why(moves, List.copyOf(path), reason, List.copyOf(checks));
    }

    /**
     * @param moves  the answer
     * @param path   one shortest path, from the start square to the end square
     * @param reason the path in words, e.g. {@code "4 moves: g2 → f4 → e6 → c7 → a8"}
     * @param checks the rules that had something to decide on this input
     */
    public record Why(int moves, List<String> path, String reason, List<Check> checks) {
    }

    /**
     * @param rule  one of {@link #SAME_SQUARE}, {@link #ONE_MOVE}, {@link #CORNER_DETOUR}
     * @param holds whether the input satisfied it
     */
    public record Check(String rule, boolean holds) {
    }

    /** Breadth-first search from every square: the whole distance table. */
    private static byte[] distances() {
        byte[] distance = new byte[SQUARES * SQUARES];
        Arrays.fill(distance, (byte) -1);
        int[] queue = new int[SQUARES];
        for (int from = 0; from < SQUARES; from++) {
            int head = 0;
            int tail = 0;
            queue[tail++] = from;
            distance[from * SQUARES + from] = 0;
            while (head < tail) {
                int at = queue[head++];
                for (int[] jump : JUMPS) {
                    int next = jumpFrom(at, jump);
                    if (next >= 0 && distance[from * SQUARES + next] < 0) {
                        distance[from * SQUARES + next] = (byte) (distance[from * SQUARES + at] + 1);
                        queue[tail++] = next;
                    }
                }
            }
        }
        return distance;
    }

    /** The first jump (in {@link #JUMPS} order) from {@code at} that is one move closer to {@code to}. */
    private static int stepTowards(int at, int to) {
        int closer = DISTANCE[at * SQUARES + to] - 1;
        for (int[] jump : JUMPS) {
            int next = jumpFrom(at, jump);
            if (next >= 0 && DISTANCE[next * SQUARES + to] == closer) {
                return next;
            }
        }
        throw new IllegalStateException("no step from " + name(at) + " towards " + name(to));
    }

    /** The square a jump from {@code at} lands on, or -1 when it would leave the board. */
    private static int jumpFrom(int at, int[] jump) {
        int file = at / SIZE + jump[0];
        int rank = at % SIZE + jump[1];
        return file >= 0 && file < SIZE && rank >= 0 && rank < SIZE ? file * SIZE + rank : -1;
    }

    private static boolean isCorner(int square) {
        int file = square / SIZE;
        int rank = square % SIZE;
        return (file == 0 || file == SIZE - 1) && (rank == 0 || rank == SIZE - 1);
    }

    /** The number of the square named {@code name}; {@code argument} names it in the error. */
    private static int square(String name, String argument) {
        if (name == null) {
            throw new IllegalArgumentException(argument + " is null, expected a square a1..h8");
        }
        if (name.length() != 2 || name.charAt(0) < 'a' || name.charAt(0) > 'h'
                || name.charAt(1) < '1' || name.charAt(1) > '8') {
            throw new IllegalArgumentException(argument + " is not a square a1..h8: \"" + name + '"');
        }
        return (name.charAt(0) - 'a') * SIZE + (name.charAt(1) - '1');
    }

    private static String name(int square) {
        return "" + (char) ('a' + square / SIZE) + (char) ('1' + square % SIZE);
    }
}

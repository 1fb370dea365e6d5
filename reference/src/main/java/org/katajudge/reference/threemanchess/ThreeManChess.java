package org.katajudge.reference.threemanchess;

import java.util.ArrayList;
import java.util.List;

/**
 * Kata {@code three-man-chess-vectors} (seed 001, the APL {@code addvec} of "3 Man Chess: In The
 * Round"): where does a move vector take a piece on the round board?
 *
 * <p>The board is a ring of 6 ranks by 24 files around an empty centre. A square is
 * {@code {rank, file}}: rank 1 is the outermost ring, rank 6 the innermost (touching the centre);
 * files 1..24 are circular. A vector is {@code {dr, df}}: {@code dr > 0} goes inward, {@code df}
 * runs along increasing file numbers. The centre is not a square; a step inward from rank 6
 * crosses it:
 * <ul>
 *   <li>a rank step lands on rank 6 of the opposite file ({@code file + 12}) and continues outward;</li>
 *   <li>a diagonal step with file sign {@code s} lands on {@code (6, file - 10s)} and continues
 *       outward with the same sign, so {@code n} inward diagonal steps from rank {@code R} with
 *       {@code 7 <= R + n <= 12} end on {@code (13 - R - n, file + s(n - 11))};</li>
 *   <li>a knight's rank part crosses like a rook's (opposite side, {@code +12} files); its file
 *       part is added as usual.</li>
 * </ul>
 * A move that leaves the board, or a vector that is no piece's, gives {@code null}. Unlike the
 * seed's APL this checks the board's edge, allows rank and file vectors of any length, and
 * steps a crossing diagonal with a negative file component toward lower files (the APL always
 * steps toward higher files before the centre).
 *
 * <p>Depends on nothing but {@code java.base}: with its package line removed this file is itself
 * a valid solution.
 */
public final class ThreeManChess {

    /** Rule id, reported for every vector: holds when it is zero, a file, rank, knight or diagonal vector. */
    public static final String PIECE_VECTOR = "piece-vector";
    /** Rule id, reported for rank, knight and diagonal vectors: holds when the move ends on the board. */
    public static final String STAYS_ON_BOARD = "stays-on-board";
    /** Rule id, reported for inward rank vectors: holds when the move passes through the centre. */
    public static final String RANK_THROUGH_CENTRE = "rank-through-centre";
    /** Rule id, reported for inward knight vectors: holds when the move passes through the centre. */
    public static final String KNIGHT_THROUGH_CENTRE = "knight-through-centre";
    /** Rule id, reported for inward diagonal vectors: holds when the move passes through the centre. */
    public static final String DIAGONAL_THROUGH_CENTRE = "diagonal-through-centre";

    private static final int INNERMOST = 6;
    private static final int FILES = 24;

    private ThreeManChess() {
    }

    /** The kinds of move vector; {@link #NONE} is a vector of no piece. */
    public enum Kind {
        ZERO("zero vector"),
        FILE("file move"),
        RANK("rank move"),
        KNIGHT("knight move"),
        DIAGONAL("diagonal"),
        NONE("no piece's vector");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * Where {@code vec} takes a piece standing on {@code from}.
     *
     * @param from {@code {rank, file}}, rank 1..6 (1 outermost), file 1..24
     * @param vec  {@code {dr, df}}, {@code dr > 0} inward; any integers
     * @return the destination {@code {rank, file}}, or {@code null} when the move leaves the
     *         board or {@code vec} is no piece's vector
     * @throws IllegalArgumentException when {@code from} or {@code vec} is malformed
     */
    public static int[] addVec(int[] from, int[] vec) {
        checkInput(from, vec);
        // The fast path: the same destination() that explain() narrates, without the text.
        return destination(from[0], from[1], vec[0], vec[1]);
    }

    /**
     * The answer, the move's kind, the arithmetic that decides it, and the rules it exercised.
     *
     * @throws IllegalArgumentException when {@code from} or {@code vec} is malformed
     */
    public static Why explain(int[] from, int[] vec) {
        checkInput(from, vec);
        int rank = from[0];
        int file = from[1];
        long dr = vec[0];
        long df = vec[1];
        Kind kind = kindOf(dr, df);
        int[] to = destination(rank, file, dr, df);

        List<Check> checks = new ArrayList<>(3);
        checks.add(new Check(PIECE_VECTOR, kind != Kind.NONE));
        if (kind == Kind.RANK || kind == Kind.KNIGHT || kind == Kind.DIAGONAL) {
            checks.add(new Check(STAYS_ON_BOARD, to != null));
            if (dr > 0) {
                String rule = kind == Kind.RANK ? RANK_THROUGH_CENTRE
                        : kind == Kind.KNIGHT ? KNIGHT_THROUGH_CENTRE : DIAGONAL_THROUGH_CENTRE;
                checks.add(new Check(rule, rank + dr > INNERMOST));
            }
        }

        String start = square(rank, file);
        String reason = switch (kind) {
            case ZERO -> "the zero vector is the null move: the piece stays on " + start;
            case FILE -> "file move " + signed(df) + " from " + start + ": file " + sum(file, df)
                    + " on the same rank, so " + show(to);
            case RANK -> rankReason(rank, file, dr, to);
            case KNIGHT -> knightReason(rank, file, dr, df, to);
            case DIAGONAL -> diagonalReason(rank, file, dr, df, to);
            case NONE -> "(" + dr + "," + df + ") is no piece's vector (not zero, a rank or file move, "
                    + "a diagonal with |dr| = |df| or a knight's (1,2)/(2,1) jump), so null";
        };
        return new Why(to, kind, reason, List.copyOf(checks));
    }

    /**
     * Why {@link #addVec} answers what it does.
     *
     * @param square the answer, {@code {rank, file}} or {@code null}
     * @param kind   the kind of vector
     * @param reason the move's arithmetic in words, e.g. {@code "diagonal inward 5 steps from (3,24):
     *               3 steps to (6,3), through the centre to (6,17), 1 step out to (5,18)"}
     * @param checks every rule that had something to decide on this input, with its outcome
     */
    public record Why(int[] square, Kind kind, String reason, List<Check> checks) {
    }

    /** One rule that had something to decide, and whether the input satisfied it. */
    public record Check(String rule, boolean holds) {
    }

    /** The kind of {@code (dr, df)}; {@code long} so that no magnitude overflows. */
    public static Kind kindOf(long dr, long df) {
        long ranks = Math.abs(dr);
        long files = Math.abs(df);
        if (ranks == 0) {
            return files == 0 ? Kind.ZERO : Kind.FILE;
        }
        if (files == 0) {
            return Kind.RANK;
        }
        if (ranks == files) {
            return Kind.DIAGONAL;
        }
        if (ranks == 1 && files == 2 || ranks == 2 && files == 1) {
            return Kind.KNIGHT;
        }
        return Kind.NONE;
    }

    /** The rule itself: the destination of a valid {@code from}, or {@code null}. */
    private static int[] destination(int rank, int file, long dr, long df) {
        return switch (kindOf(dr, df)) {
            case ZERO -> new int[] {rank, file};
            case FILE -> new int[] {rank, modfile(file + df)};
            // A knight's rank part goes straight through the centre, like a rook's.
            case RANK, KNIGHT -> straight(rank, file, dr, df);
            case DIAGONAL -> diagonal(rank, file, dr, df);
            case NONE -> null;
        };
    }

    /**
     * A rank vector, plus a file offset (non-zero for a knight). Rank {@code R + dr} beyond 6
     * has crossed the centre: it is rank {@code 13 - (R + dr)} of the opposite side.
     */
    private static int[] straight(int rank, int file, long dr, long df) {
        long target = rank + dr;
        if (target < 1 || target > 2 * INNERMOST) {
            return null;
        }
        return target <= INNERMOST
                ? new int[] {(int) target, modfile(file + df)}
                : new int[] {(int) (2 * INNERMOST + 1 - target), modfile(file + df + FILES / 2)};
    }

    /** {@code n = |dr|} diagonal steps with file sign {@code s}; the centre counts as one step. */
    private static int[] diagonal(int rank, int file, long dr, long df) {
        long steps = Math.abs(dr);
        long sign = Long.signum(df);
        if (dr < 0) {
            // Outward: no turning the corner at rank 1.
            return rank - steps < 1 ? null : new int[] {(int) (rank - steps), modfile(file + df)};
        }
        long target = rank + steps;
        if (target <= INNERMOST) {
            return new int[] {(int) target, modfile(file + df)};
        }
        if (target > 2 * INNERMOST) {
            return null;
        }
        // 6 - R steps in, the centre (file - 10s), n - (6 - R) - 1 steps out: file + s(n - 11).
        return new int[] {(int) (2 * INNERMOST + 1 - target), modfile(file + sign * (steps - 11))};
    }

    /** Files are circular: 1 + ((x - 1) mod 24). */
    private static int modfile(long x) {
        return 1 + (int) Math.floorMod(x - 1, (long) FILES);
    }

    private static void checkInput(int[] from, int[] vec) {
        if (from == null) {
            throw new IllegalArgumentException("from is null, expected {rank, file}");
        }
        if (vec == null) {
            throw new IllegalArgumentException("vec is null, expected {dr, df}");
        }
        if (from.length != 2) {
            throw new IllegalArgumentException("from has " + from.length + " element(s), expected 2: {rank, file}");
        }
        if (vec.length != 2) {
            throw new IllegalArgumentException("vec has " + vec.length + " element(s), expected 2: {dr, df}");
        }
        if (from[0] < 1 || from[0] > INNERMOST) {
            throw new IllegalArgumentException("rank " + from[0] + " is outside 1..6");
        }
        if (from[1] < 1 || from[1] > FILES) {
            throw new IllegalArgumentException("file " + from[1] + " is outside 1..24");
        }
    }

    // ---- the words of explain() ----

    private static String rankReason(int rank, int file, long dr, int[] to) {
        String move = "rank move " + steps(dr) + (dr < 0 ? " outward" : " inward") + " from " + square(rank, file);
        if (dr < 0) {
            return outward(move, rank, dr, to, "");
        }
        if (rank + dr > INNERMOST) {
            return throughCentre(move, rank, file, dr, 0, to);
        }
        return move + ": rank " + rank + " + " + dr + " = " + (rank + dr) + ", so " + show(to);
    }

    private static String diagonalReason(int rank, int file, long dr, long df, int[] to) {
        String move = "diagonal" + (dr < 0 ? " outward " : " inward ") + steps(dr) + " from " + square(rank, file);
        if (dr < 0) {
            return outward(move, rank, dr, to, ", file " + sum(file, df));
        }
        if (rank + dr > INNERMOST) {
            return throughCentre(move, rank, file, dr, Long.signum(df), to);
        }
        return move + ": rank " + rank + " + " + dr + " = " + (rank + dr) + ", file " + sum(file, df) + ", so " + show(to);
    }

    /** An outward rank or diagonal move: rank R - n, or off the board past rank 1 (no turning the corner). */
    private static String outward(String move, int rank, long dr, int[] to, String fileArithmetic) {
        String arithmetic = move + ": rank " + rank + " - " + -dr + " = " + (rank + dr);
        return to == null
                ? arithmetic + ", past the outer rank 1: off the board, so null"
                : arithmetic + fileArithmetic + ", so " + show(to);
    }

    /**
     * An inward rank ({@code sign == 0}) or diagonal move that reaches the centre: the steps to
     * rank 6, the jump across, and the steps back out (or why they leave the board).
     */
    private static String throughCentre(String move, int rank, int file, long steps, long sign, int[] to) {
        long in = INNERMOST - rank;
        int edge = modfile(file + sign * in);
        int across = modfile(sign == 0 ? edge + FILES / 2 : edge - 10 * sign);
        long out = steps - in - 1;
        StringBuilder text = new StringBuilder(move).append(": ");
        if (in > 0) {
            text.append(steps(in)).append(" to ").append(square(INNERMOST, edge)).append(", ");
        }
        text.append("through the centre to ").append(square(INNERMOST, across));
        if (to == null) {
            return text.append(", then ").append(steps(out)).append(" out would end on rank ")
                    .append(INNERMOST - out).append(", past the outer rank 1: off the board, so null").toString();
        }
        if (out > 0) {
            text.append(", ").append(steps(out)).append(" out to ").append(show(to));
        }
        return text.toString();
    }

    private static String knightReason(int rank, int file, long dr, long df, int[] to) {
        String move = "knight move (" + dr + "," + df + ") from " + square(rank, file) + ": rank "
                + rank + (dr < 0 ? " - " + -dr : " + " + dr) + " = " + (rank + dr);
        if (to == null) {
            return move + ", past the outer rank 1: off the board, so null";
        }
        if (rank + dr <= INNERMOST) {
            return move + ", file " + sum(file, df) + ", so " + show(to);
        }
        long raw = file + df + FILES / 2;
        return move + " passes through the centre to rank " + to[0] + " of the opposite side, file " + file
                + (df < 0 ? " - " + -df : " + " + df) + " + 12 = " + raw + (raw == to[1] ? "" : " → " + to[1])
                + ", so " + show(to);
    }

    /** {@code "f + d = x"}, with {@code " → modfile(x)"} when the files wrap. */
    private static String sum(int file, long delta) {
        long raw = file + delta;
        int wrapped = modfile(raw);
        return file + (delta < 0 ? " - " + -delta : " + " + delta) + " = " + raw + (raw == wrapped ? "" : " → " + wrapped);
    }

    /** {@code "1 step"}, {@code "5 steps"}: the magnitude of {@code count}. */
    private static String steps(long count) {
        long n = Math.abs(count);
        return n + (n == 1 ? " step" : " steps");
    }

    private static String signed(long value) {
        return value < 0 ? "(0," + value + ")" : "(0,+" + value + ")";
    }

    private static String square(long rank, long file) {
        return "(" + rank + "," + file + ")";
    }

    private static String show(int[] square) {
        return square == null ? "null" : square(square[0], square[1]);
    }
}

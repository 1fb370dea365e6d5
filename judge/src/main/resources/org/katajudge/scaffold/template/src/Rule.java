// The rule of the kata {{ID}}, and its reference solution.
//
// This file is itself a valid solution: a public class named as in kata.json ("class"), in the
// default package, with every method kata.json lists, depending on nothing but java.base.
// `verify` grades this very file as a submission and expects ACCEPTED.
//
// TODO: replace the king-moves rule with yours. Keep the answer (kingMoves) and its explanation
// (explain) computed by the same code, so they can never disagree.

/** {{TITLE}}: the fewest moves a chess king needs from one square to another. */
public final class {{CLASS}} {

    /** Rule id: the start is the target, so no move is needed. */
    public static final String SAME_SQUARE = "same-square";
    /**
     * Rule id: the squares differ in both file and rank, so some steps are diagonal and the answer
     * is the larger difference, not their sum.
     */
    public static final String DIAGONAL_STEPS = "diagonal-steps";

    private {{CLASS}}() {
    }

    /** The fewest king moves from {@code from} to {@code to}, both squares a1..h8: e.g. 3 for b1 to e3. */
    public static int kingMoves(String from, String to) {
        return explain(from, to).moves();
    }

    /**
     * The answer with the reason a student sees when theirs differs, and the rules it checked.
     *
     * @throws IllegalArgumentException when a square is not a1..h8: the generator never draws one
     */
    public static Why explain(String from, String to) {
        int files = Math.abs(file(from, "from") - file(to, "to"));
        int ranks = Math.abs(rank(from, "from") - rank(to, "to"));
        int moves = Math.max(files, ranks);
        if (moves == 0) {
            return new Why(0, "0 moves: the king already stands on " + from, true, false);
        }
        boolean diagonal = files > 0 && ranks > 0;
        String reason = moves + (moves == 1 ? " move" : " moves") + ": from " + from + " to " + to
                + " the file changes by " + files + " and the rank by " + ranks
                + (diagonal ? "; a diagonal step changes both at once, so the larger difference counts"
                            : "; every step changes one of them by 1");
        return new Why(moves, reason, false, diagonal);
    }

    /**
     * @param moves      the answer
     * @param reason     why, in words
     * @param sameSquare whether {@link #SAME_SQUARE} holds
     * @param diagonal   whether {@link #DIAGONAL_STEPS} holds (only decided when the squares differ)
     */
    public record Why(int moves, String reason, boolean sameSquare, boolean diagonal) {
    }

    private static int file(String square, String name) {
        check(square, name);
        return square.charAt(0) - 'a';
    }

    private static int rank(String square, String name) {
        check(square, name);
        return square.charAt(1) - '1';
    }

    private static void check(String square, String name) {
        if (square == null || square.length() != 2 || square.charAt(0) < 'a' || square.charAt(0) > 'h'
                || square.charAt(1) < '1' || square.charAt(1) > '8') {
            throw new IllegalArgumentException(name + " is not a square a1..h8: " + square);
        }
    }
}

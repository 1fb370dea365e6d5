// The rule of the kata {{ID}}, and its reference solution.
//
// This file is itself a valid solution: a public class named as in kata.json ("class"), in the
// default package, with every method kata.json lists, depending on nothing but java.base.
// `verify` grades this very file as a submission and expects ACCEPTED.
//
// TODO: replace the placeholder rule, squares apart, with yours. Keep the answer (squaresApart)
// and its explanation (explain) computed by the same code, so they can never disagree.

/** The placeholder rule of {{TITLE}}: how many squares apart two squares of a chessboard are. */
public final class {{CLASS}} {

    /** Rule id: the two squares are the same square, so they are 0 apart. */
    public static final String SAME_SQUARE = "same-square";
    /**
     * Rule id: the file and the rank both change, so the answer is the larger change, not their
     * sum (decided only when the squares differ).
     */
    public static final String BOTH_CHANGE = "file-and-rank-both-change";

    private {{CLASS}}() {
    }

    /** How many squares apart {@code from} and {@code to} are, both a1..h8: e.g. 3 for b1 and e3. */
    public static int squaresApart(String from, String to) {
        return explain(from, to).apart();
    }

    /**
     * The answer with the reason a student sees when theirs differs, and the rules it checked.
     *
     * @throws IllegalArgumentException when a square is not a1..h8: the generator never draws one
     */
    public static Why explain(String from, String to) {
        int files = Math.abs(file(from, "from") - file(to, "to"));
        int ranks = Math.abs(rank(from, "from") - rank(to, "to"));
        int apart = Math.max(files, ranks);
        if (apart == 0) {
            return new Why(0, "0 apart: " + from + " is the same square as " + to, true, false);
        }
        boolean both = files > 0 && ranks > 0;
        String reason = apart + " apart: from " + from + " to " + to + " the file changes by " + files
                + " and the rank by " + ranks
                + (both ? "; the larger change counts, not their sum" : "; only one of them changes");
        return new Why(apart, reason, false, both);
    }

    /**
     * @param apart      the answer
     * @param reason     why, in words
     * @param sameSquare whether {@link #SAME_SQUARE} holds
     * @param bothChange whether {@link #BOTH_CHANGE} holds (only decided when the squares differ)
     */
    public record Why(int apart, String reason, boolean sameSquare, boolean bothChange) {
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

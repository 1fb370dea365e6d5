package org.katajudge.fuzz;

import java.util.List;

/**
 * What a failing call's failure depends on among the calls made before it in the same JVM.
 *
 * @param kind   how the failure shows
 * @param calls  {@link Kind#LISTED}: the earlier calls it needs, shrunk, in order; else empty
 * @param before how many calls the failing one came after, in the run that found it
 * @param seed   {@link Kind#DRAWN}: the seed the earlier calls are drawn with
 * @param drawn  {@link Kind#DRAWN}: how many calls of the failing method's stream come first
 */
public record History(Kind kind, List<Call> calls, long before, long seed, int drawn) {

    public enum Kind {
        /** The call fails alone, as the first call of a fresh submission. */
        NONE,
        /** It fails only after {@link #calls()}, and passes alone. */
        LISTED,
        /** It fails only after many calls; {@link #drawn()} calls drawn with {@link #seed()} show it. */
        DRAWN,
        /** It fails only after more calls than can be shrunk or drawn; rerunning the search shows it. */
        RERUN,
        /** It passed when called again, alone and after the calls before it: the answers vary from run to run. */
        NOT_REPRODUCED
    }

    public static final History NONE = new History(Kind.NONE, List.of(), 0, 0, 0);

    public History {
        calls = List.copyOf(calls);
    }

    /** Whether the failure depends on earlier calls: the submission keeps state between calls. */
    public boolean stateful() {
        return kind != Kind.NONE;
    }

    /**
     * Whether the listed calls include a hidden example. The analysis keeps one only when no
     * history without hidden calls was found to make the call fail: then a student may be told
     * no more than that the failure follows a hidden test.
     */
    public boolean throughHiddenExample() {
        return calls.stream().anyMatch(Call::hidden);
    }
}

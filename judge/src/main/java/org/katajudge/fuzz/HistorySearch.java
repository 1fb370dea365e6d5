package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;

import java.util.List;
import java.util.Optional;

/**
 * The fewest earlier calls a failing call needs, for a failure that does not show when the call
 * is made alone. Among the calls the search made before it (examples included), from a fresh
 * start each time:
 * <ol>
 *   <li>the shortest suffix of them that still makes it fail (galloping, then bisecting);</li>
 *   <li>delta debugging over that suffix, down to a 1-minimal list: for a memo keyed by a
 *       colliding hash that is the one colliding call, however far back it was;</li>
 *   <li>when that list is short ({@link #LISTED_LIMIT} calls at most) it is the history, listed
 *       call by call; when the failure needs many calls ("after 500 calls") it is given by seed
 *       instead: the fewest first calls of the method's own stream that make it fail, or failing
 *       that, a rerun of the search.</li>
 * </ol>
 * Hidden examples come last: the search is first made among the calls without them, and a
 * hidden example is kept only when no history without one was found ({@link History#throughHiddenExample()}).
 * Every step is counted against the {@link AnalysisBudget} in calls, so the history found
 * depends on the seed, never on the machine's load.
 */
final class HistorySearch {

    /** Histories up to this long are listed (and replayed call by call). */
    static final int LISTED_LIMIT = 20;
    /** Suffixes up to this long are delta-debugged. */
    static final int DDMIN_LIMIT = 1024;
    /**
     * Delta debugging a suffix may spend what this many replays of the whole suffix cost: finding
     * one colliding call far back takes about four, a history that must stay long would take
     * thousands (and is then given by seed anyway).
     */
    static final int DDMIN_REPLAYS = 32;
    /** The most calls a drawn history may have. */
    static final int DRAWN_LIMIT = 1 << 16;

    private final String kataId;
    private final List<EntryPoint> entryPoints;
    private final long seed;
    private final Replays replays;

    HistorySearch(String kataId, List<EntryPoint> entryPoints, long seed, Replays replays) {
        this.kataId = kataId;
        this.entryPoints = entryPoints;
        this.seed = seed;
        this.replays = replays;
    }

    /**
     * @param method      the failing call's entry point
     * @param failing     the failing call
     * @param found       how it failed
     * @param before      the remembered calls before it, oldest first
     * @param beforeCount how many calls came before it since the submission started fresh (the
     *                    remembered ones and any older)
     */
    History find(int method, Call failing, Failure found, List<Call> before, long beforeCount) {
        List<Call> open = before.stream().filter(call -> !call.hidden()).toList();
        Optional<List<Call>> calls = fewest(open, failing, found);
        if (calls.isEmpty() && open.size() < before.size()) {
            calls = fewest(before, failing, found); // only a history through a hidden example shows it
        }
        if (calls.isPresent() && calls.get().size() <= LISTED_LIMIT) {
            return new History(History.Kind.LISTED, calls.get(), beforeCount, 0, 0);
        }
        return drawnOrRerun(method, failing, found, beforeCount, calls.isPresent() || beforeCount > before.size());
    }

    /** The fewest of {@code calls} (in order) after which the call fails, or empty when even all of them do not make it fail. */
    Optional<List<Call>> fewest(List<Call> calls, Call failing, Failure found) {
        int n = calls.size();
        if (n == 0) {
            return Optional.empty();
        }
        // The shortest failing suffix: gallop, then bisect. (More history rarely helps a call pass.)
        int passing = 0;
        int failingLength = -1;
        for (int length = 1; replays.budget().left(); length = Math.min(n, length * 2)) {
            if (replays.failsAfter(calls.subList(n - length, n), failing, found)) {
                failingLength = length;
                break;
            }
            passing = length;
            if (length == n) {
                break;
            }
        }
        if (failingLength < 0) {
            return Optional.empty();
        }
        while (failingLength - passing > 1 && replays.budget().left()) {
            int middle = (passing + failingLength) >>> 1;
            if (replays.failsAfter(calls.subList(n - middle, n), failing, found)) {
                failingLength = middle;
            } else {
                passing = middle;
            }
        }
        List<Call> suffix = calls.subList(n - failingLength, n);
        if (suffix.size() == 1 || suffix.size() > DDMIN_LIMIT) {
            return Optional.of(List.copyOf(suffix));
        }
        return Optional.of(List.copyOf(ddmin(suffix, failing, found)));
    }

    /** Delta debugging over {@code calls}, within {@link #DDMIN_REPLAYS} replays' worth of them. */
    List<Call> ddmin(List<Call> calls, Call failing, Failure found) {
        if (calls.size() > 1 && replays.failsAfter(calls.subList(calls.size() - 1, calls.size()), failing, found)) {
            return calls.subList(calls.size() - 1, calls.size());
        }
        AnalysisBudget budget = replays.budget();
        long cap = budget.spent() + DDMIN_REPLAYS * Replays.cost(calls);
        return DeltaDebugging.minimize(calls, history -> replays.failsAfter(history, failing, found),
                () -> budget.left() && budget.spent() < cap);
    }

    /**
     * A long history: the fewest calls drawn from the method's own stream (with the run's seed)
     * that make the call fail, found by galloping and bisecting their number; else a rerun.
     */
    private History drawnOrRerun(int method, Call failing, Failure found, long beforeCount, boolean reproducible) {
        long limit = Math.min(DRAWN_LIMIT, Math.max(beforeCount, 1) * 2);
        List<Call> drawn = draw(method, (int) limit);
        int passing = 0;
        int failingLength = -1;
        int length = Math.min(1, drawn.size());
        while (length > 0 && replays.budget().left()) {
            if (replays.failsAfter(drawn.subList(0, length), failing, found)) {
                failingLength = length;
                break;
            }
            passing = length;
            if (length == drawn.size()) {
                break;
            }
            length = Math.min(drawn.size(), length * 2);
        }
        if (failingLength > 0) {
            while (failingLength - passing > 1 && replays.budget().left()) {
                int middle = (passing + failingLength) >>> 1;
                if (replays.failsAfter(drawn.subList(0, middle), failing, found)) {
                    failingLength = middle;
                } else {
                    passing = middle;
                }
            }
            if (failingLength <= DDMIN_LIMIT) {
                // A few drawn calls may do: then they are listed, not given by seed.
                List<Call> fewest = failingLength == 1 ? drawn.subList(0, 1) : ddmin(drawn.subList(0, failingLength), failing, found);
                if (fewest.size() <= LISTED_LIMIT) {
                    return new History(History.Kind.LISTED, fewest, beforeCount, 0, 0);
                }
            }
            return new History(History.Kind.DRAWN, List.of(), beforeCount, seed, failingLength);
        }
        // Not reproduced: unless the budget ran out first, the answers vary from run to run.
        boolean rerun = reproducible || !replays.budget().left();
        return new History(rerun ? History.Kind.RERUN : History.Kind.NOT_REPRODUCED, List.of(), beforeCount, 0, 0);
    }

    /** The first {@code count} calls of the method's stream for the run's seed, as the search draws its new cases. */
    List<Call> draw(int method, int count) {
        return DrawnCalls.draw(kataId, entryPoints.get(method), method, seed, count);
    }
}

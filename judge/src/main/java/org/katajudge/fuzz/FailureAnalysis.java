package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a failing call of the search depends on, and its smallest form. First the call is made
 * again alone, as the first call of a submission loaded anew:
 * <ul>
 *   <li>if it fails the same way, the failure is the call's own: the case is shrunk (each smaller
 *       case it keeps is checked alone again, so state left by the shrinker's own calls cannot
 *       make a case look failing);</li>
 *   <li>if it passes, the failure depends on the calls before it: the submission keeps state
 *       between calls. The history is shrunk: the shortest suffix of the calls before it that
 *       still makes it fail (a binary search), then delta debugging over that suffix to the
 *       fewest calls. A history too long for that is replayed instead by seed: that many calls
 *       drawn from the method's own stream, when they show the failure too; else by rerunning
 *       the search.</li>
 * </ul>
 * Every history it reports was seen to make the call fail, replayed from a fresh start. The
 * submission is loaded anew when it is done, so the search goes on from a fresh start too.
 */
final class FailureAnalysis {

    /** Histories up to this long are delta-debugged call by call. */
    static final int DDMIN_LIMIT = 64;
    /** Histories up to this long are listed (and replayed call by call). */
    static final int LISTED_LIMIT = 32;
    /** The most calls a drawn history may have. */
    static final int DRAWN_LIMIT = 1 << 16;

    private final String kataId;
    private final List<EntryPoint> entryPoints;
    private final CallLog log;
    private final Fuzzer.Settings settings;
    private final long deadlineNanos;
    private int replays;

    FailureAnalysis(String kataId, List<EntryPoint> entryPoints, CallLog log, Fuzzer.Settings settings,
                    long deadlineNanos) {
        this.kataId = kataId;
        this.entryPoints = entryPoints;
        this.log = log;
        this.settings = settings;
        this.deadlineNanos = deadlineNanos;
    }

    /**
     * @param method   the failing call's entry point
     * @param failing  the failing call: a generated case (the search's calls always are)
     * @param expected the reference's answer
     * @param result   what the submission did
     * @param verdict  the verdict that earns
     * @param before   the remembered calls before it, oldest first
     * @param number   its number among the calls since the submission started fresh
     * @param reask    when it asked an input again, the first time
     */
    Failure analyze(int method, Call failing, Explanation expected, CallResult result, Verdict verdict,
                    List<Call> before, long number, Optional<Reask> reask) {
        EntryPoint entryPoint = entryPoints.get(method);
        GeneratedCase generated = new GeneratedCase(failing.args(), failing.choices());
        Failure found = new Failure(generated, expected, result, verdict, 0, generated, History.NONE, reask, number);
        if (!Shrinker.shrinkable(result)) {
            return found; // a timeout or a crash: not worth replaying, and the JVM may be gone
        }
        try {
            if (failsAfter(List.of(), failing, found)) {
                return shrinkAlone(method, entryPoint, found);
            }
            History history = history(method, failing, found, before, number - 1);
            return shrinkAfter(method, entryPoint, found.with(history, reask, number));
        } finally {
            log.reset(); // the search goes on from a fresh start
        }
    }

    /** A failure of the call alone: shrink it, keeping only smaller cases that fail alone too. */
    private Failure shrinkAlone(int method, EntryPoint entryPoint, Failure found) {
        if (settings.shrinkCalls() <= 0) {
            return found;
        }
        Target target = log.target();
        Failure shrunk = new Shrinker(entryPoint, method, target, settings.shrinkCalls(), deadlineNanos).shrink(found);
        if (shrunk.found().choices().equals(found.found().choices())) {
            return shrunk;
        }
        // Checked from a fresh start: a case that failed only because of the shrinker's own earlier calls is not kept.
        Call call = new Call(method, shrunk.found().args(), shrunk.found().choices(), null);
        return failsAfter(List.of(), call, shrunk) ? shrunk : found;
    }

    /**
     * A failure that needs earlier calls: its case shrunk with those calls made before every
     * candidate (a case that fails alone is shrunk alone), then its listed history shrunk again
     * for the smaller case.
     */
    private Failure shrinkAfter(int method, EntryPoint entryPoint, Failure found) {
        History history = found.history();
        List<Call> prefix = switch (history.kind()) {
            case LISTED -> history.calls();
            case DRAWN -> draw(method, history.drawn());
            default -> null;
        };
        if (prefix == null || settings.shrinkCalls() <= 0 || !budgetLeft()) {
            return found;
        }
        Target prefixed = new PrefixedTarget(log.target(), prefix, deadlineNanos);
        int calls = Math.max(1, settings.shrinkCalls() / Math.max(1, prefix.size()));
        Failure shrunk = new Shrinker(entryPoint, method, prefixed, calls, deadlineNanos).shrink(found);
        if (shrunk.found().choices().equals(found.found().choices())) {
            return found;
        }
        Call call = new Call(method, shrunk.found().args(), shrunk.found().choices(), null);
        if (!failsAfter(prefix, call, shrunk)) {
            return found; // checked from a fresh start: kept only when it holds
        }
        if (failsAfter(List.of(), call, shrunk)) {
            return shrinkAlone(method, entryPoint, shrunk.with(History.NONE, found.reask(), found.call()));
        }
        if (history.kind() == History.Kind.LISTED && history.calls().size() > 1) {
            List<Call> fewer = ddmin(history.calls(), call, shrunk);
            history = new History(History.Kind.LISTED, fewer, history.before(), 0, 0);
        }
        return shrunk.with(history, found.reask(), found.call());
    }

    /** The shortest history that makes the call fail, or how else to show it. */
    private History history(int method, Call failing, Failure found, List<Call> before, long beforeCount) {
        int n = before.size();
        // The shortest failing suffix: gallop, then bisect. (More history rarely helps a call pass.)
        int passing = 0;
        int failingLength = -1;
        for (int length = Math.min(1, n); length > 0 && budgetLeft(); length = Math.min(n, length * 2)) {
            if (failsAfter(before.subList(n - length, n), failing, found)) {
                failingLength = length;
                break;
            }
            passing = length;
            if (length == n) {
                break;
            }
        }
        if (failingLength < 0) {
            return drawnOrRerun(method, failing, found, beforeCount, beforeCount > n);
        }
        while (failingLength - passing > 1 && budgetLeft()) {
            int middle = (passing + failingLength) >>> 1;
            if (failsAfter(before.subList(n - middle, n), failing, found)) {
                failingLength = middle;
            } else {
                passing = middle;
            }
        }
        List<Call> suffix = before.subList(n - failingLength, n);
        List<Call> shrunk = suffix.size() <= DDMIN_LIMIT ? ddmin(suffix, failing, found) : suffix;
        if (shrunk.size() <= LISTED_LIMIT) {
            return new History(History.Kind.LISTED, shrunk, beforeCount, 0, 0);
        }
        return drawnOrRerun(method, failing, found, beforeCount, true);
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
        while (length > 0 && budgetLeft()) {
            if (failsAfter(drawn.subList(0, length), failing, found)) {
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
            while (failingLength - passing > 1 && budgetLeft()) {
                int middle = (passing + failingLength) >>> 1;
                if (failsAfter(drawn.subList(0, middle), failing, found)) {
                    failingLength = middle;
                } else {
                    passing = middle;
                }
            }
            return new History(History.Kind.DRAWN, List.of(), beforeCount, settings.seed(), failingLength);
        }
        return new History(reproducible ? History.Kind.RERUN : History.Kind.NOT_REPRODUCED, List.of(), beforeCount, 0, 0);
    }

    /** The first {@code count} calls of the method's stream for the run's seed, as the search draws its new cases. */
    private List<Call> draw(int method, int count) {
        return DrawnCalls.draw(kataId, entryPoints.get(method), method, settings.seed(), count);
    }

    /** Delta debugging (ddmin): a 1-minimal subsequence of {@code calls} after which the call still fails. */
    private List<Call> ddmin(List<Call> calls, Call failing, Failure found) {
        if (calls.size() > 1 && failsAfter(calls.subList(calls.size() - 1, calls.size()), failing, found)) {
            return new ArrayList<>(calls.subList(calls.size() - 1, calls.size()));
        }
        return DeltaDebugging.minimize(calls, history -> failsAfter(history, failing, found), this::budgetLeft);
    }

    /**
     * Whether, from a fresh start, the calls {@code history} and then {@code failing} make
     * {@code failing} fail the same way as {@code found}.
     */
    boolean failsAfter(List<Call> history, Call failing, Failure found) {
        Target target = log.target();
        target.reset();
        replays++;
        List<Call> all = new ArrayList<>(history);
        all.add(failing);
        CallResult last = null;
        int start = 0;
        while (start < all.size()) {
            int method = all.get(start).method();
            int end = start;
            while (end < all.size() && all.get(end).method() == method) {
                end++;
            }
            List<CallResult> results = target.call(method, all.subList(start, end).stream().map(Call::args).toList());
            if (results.size() < end - start) {
                return false; // the JVM died before the failing call
            }
            last = results.get(results.size() - 1);
            start = end;
        }
        EntryPoint entryPoint = entryPoints.get(failing.method());
        Verdict verdict = CaseJudgement.judge(entryPoint, found.expected(), last);
        return CaseJudgement.sameFailure(found.verdict(), found.result(), verdict, last);
    }

    /** Fresh-start replays made so far. */
    int replays() {
        return replays;
    }

    private boolean budgetLeft() {
        return System.nanoTime() < deadlineNanos;
    }
}

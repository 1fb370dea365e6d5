package org.katajudge.fuzz;

import org.katajudge.sandbox.CallResult;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The submission as the search calls it: every call goes through here and is remembered (the
 * last {@link #CAPACITY} of them) with its number since the submission last started fresh, so
 * that a failing call's history is known. A fatal result (the JVM is gone) and a reset start the
 * count over. Shrinking and replays go to {@link #target()} directly and are not logged.
 */
public final class CallLog {

    /** Calls remembered; a history longer than this is replayed by seed or by rerunning the search. */
    public static final int CAPACITY = 1 << 14;

    private final Target target;
    private final Deque<Call> calls = new ArrayDeque<>();
    private long count;
    private boolean pendingClear;

    public CallLog(Target target) {
        this.target = target;
    }

    /** Calls {@code batch} (all of one method) in order. */
    public List<CallResult> call(int method, List<Call> batch) {
        List<CallResult> results = target.call(method, batch.stream().map(Call::args).toList());
        for (int i = 0; i < results.size(); i++) {
            calls.addLast(batch.get(i));
            count++;
            if (calls.size() > CAPACITY) {
                calls.removeFirst();
            }
        }
        if (!results.isEmpty() && results.get(results.size() - 1).fatal()) {
            // The JVM is gone and the next call starts a new one: its history starts over. The
            // failing call stays readable until the caller has looked at it.
            pendingClear = true;
        }
        return results;
    }

    /** Calls made since the submission last started fresh, the ones still remembered or not. */
    public long count() {
        return count;
    }

    /** The remembered calls, oldest first, the last one included. */
    public List<Call> remembered() {
        return new ArrayList<>(calls);
    }

    /** Forgets the calls after a fatal result, once the caller has read them. */
    public void settle() {
        if (pendingClear) {
            clear();
        }
    }

    /** Loads the submission anew and forgets every call. */
    public void reset() {
        target.reset();
        clear();
    }

    private void clear() {
        calls.clear();
        count = 0;
        pendingClear = false;
    }

    /** The submission itself, for calls that must not be logged (shrinking, replays). */
    public Target target() {
        return target;
    }
}

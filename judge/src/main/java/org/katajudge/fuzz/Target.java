package org.katajudge.fuzz;

import org.katajudge.sandbox.CallResult;

import java.util.List;

/**
 * The submission under test, as the fuzzer sees it: something that answers batches of calls.
 * The judge's implementation is a sandboxed child JVM that is restarted after a fatal result;
 * the benchmark's baseline calls the class in-process. All calls go to one instance of the
 * submission, as in real use, so state it keeps between calls shows.
 */
public interface Target {

    /**
     * Calls entry point {@code method} on each case in order.
     *
     * @return one result per case up to and including the first fatal one (so possibly fewer)
     * @throws TargetUnavailableException when the submission cannot be run at all any more
     */
    List<CallResult> call(int method, List<Object[]> cases);

    /**
     * Forgets every earlier call: the submission's classes are loaded anew (or its JVM is
     * started anew), so its static state is what a first call in a fresh JVM sees. How the judge
     * replays a failing case alone, and how it finds the earlier calls a failure depends on.
     */
    void reset();

    /**
     * Forgets every earlier call as a new process would: the next call is the first of a new JVM,
     * as in a printed replay, where {@link #reset()} may leave what the JVM itself keeps (its
     * interned strings, the JDK's own caches). Costs a JVM's start: the analysis of a failure makes
     * it once, to confirm what it reports. A target without a JVM of its own resets.
     */
    default void restart() {
        reset();
    }
}

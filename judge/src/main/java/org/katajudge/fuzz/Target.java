package org.katajudge.fuzz;

import org.katajudge.sandbox.CallResult;

import java.util.List;

/**
 * The submission under test, as the fuzzer sees it: something that answers batches of calls.
 * The judge's implementation is a sandboxed child JVM that is restarted after a fatal result;
 * the benchmark's baseline calls the class in-process.
 */
public interface Target {

    /**
     * Calls entry point {@code method} on each case in order.
     *
     * @return one result per case up to and including the first fatal one (so possibly fewer)
     * @throws TargetUnavailableException when the submission cannot be run at all any more
     */
    List<CallResult> call(int method, List<Object[]> cases);
}

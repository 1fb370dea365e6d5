package org.katajudge.sandbox;

import org.katajudge.sandbox.runner.Runner;

/** What a fatal {@link CallResult} says happened, in words a student reads, from the limits it broke. */
final class Details {

    private Details() {
    }

    static String timedOut(Limits limits) {
        return "the call ran longer than " + limits.perCall().toMillis() + " ms";
    }

    static String pastItsCap(Limits limits) {
        return "the call did not finish within " + limits.perCallCap().toMillis() + " ms, not counting time it waited"
                + " for a CPU (its limit: " + limits.perCall().toMillis() + " ms of CPU or blocked time)";
    }

    static String printedTooMuch(Limits limits) {
        return "the submission printed more than " + limits.outputBytes() + " bytes";
    }

    static String answerTooLarge() {
        return "the call returned an answer larger than " + Runner.MAX_ANSWER_BYTES + " bytes";
    }

    /** The memory limits, for a result that ran out: {@code heap limit 256 MiB, 1024 MiB in all}. */
    static String memoryLimits(Limits limits) {
        return "heap limit " + limits.heapMegabytes() + " MiB, " + limits.memoryMegabytes() + " MiB in all";
    }
}

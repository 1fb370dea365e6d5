package org.katajudge.sandbox;

import org.katajudge.sandbox.CallResult.Outcome;
import org.katajudge.sandbox.runner.Runner;

import java.io.EOFException;
import java.io.IOException;
import java.time.Duration;
import java.util.OptionalInt;

/**
 * What the call in progress did, told from how its child ended when the answers pipe ended or
 * broke instead of answering: the monitor's reason when it killed the child, else a broken
 * protocol, else the JVM's exit status and its last words on stderr (that it ran out of memory,
 * say), which are read to their end first: how soon the judge's drain threads get a CPU must not
 * decide between MEMORY_LIMIT_EXCEEDED and a plain death.
 */
final class ExitDiagnosis {

    /** How long the judge waits for a dead child's last words on stderr to be read. */
    private static final Duration OUTPUT_END = Duration.ofSeconds(30);
    /** Said of a child whose output did not end with it: a process it started, out of the judge's reach, held it. */
    static final String OUTPUT_HELD = "a process it started kept its output open";

    private ExitDiagnosis() {
    }

    /** The result of the call during which the pipe gave {@code cause}; the child is gone after it. */
    static CallResult of(IOException cause, ChildProcess child, ChildMonitor monitor, Limits limits) {
        boolean corrupt = !(cause instanceof EOFException) && monitor.killedBecause() == null && !monitor.closedAfterExit();
        if (corrupt) {
            child.killTree(); // it writes what is not the protocol: nothing it says can be trusted now
        }
        OptionalInt status = child.awaitExit(Duration.ofSeconds(5));
        if (status.isEmpty()) {
            child.killTree();
            status = child.awaitExit(Duration.ofSeconds(5));
        }
        child.killTree(); // and whatever it left behind
        // an orphan holding the output pipes would keep their ends away until OUTPUT_END
        child.endLeftovers();
        boolean outputEnded = child.awaitOutputEnd(OUTPUT_END);
        String stderr = child.stderrHead().strip();
        String reason = monitor.killedBecause();
        if (reason != null) {
            return died(monitor.killedAs(), reason);
        }
        if (corrupt) {
            return died(Outcome.DIED, "the child JVM broke the judge's protocol (" + cause.getMessage() + ") and was stopped");
        }
        if (jvmRanOutOfMemory(status, stderr)) {
            return died(Outcome.OUT_OF_MEMORY, "ran out of memory (" + Details.memoryLimits(limits) + "): "
                    + memoryLine(stderr));
        }
        // Should the runner's last answer ever be lost, its exit status still says what it was.
        if (status.isPresent() && status.getAsInt() == Runner.EXIT_AFTER_TIMEOUT) {
            return died(Outcome.TIMED_OUT, Details.timedOut(limits));
        }
        if (status.isPresent() && status.getAsInt() == Runner.EXIT_AFTER_OUTPUT_LIMIT) {
            return died(Outcome.OUTPUT_LIMIT, Details.printedTooMuch(limits));
        }
        String how = status.isEmpty() ? "the child JVM could not be stopped"
                : status.getAsInt() > 128 ? "the child JVM was killed by signal " + (status.getAsInt() - 128)
                : "the child JVM exited with status " + status.getAsInt();
        return died(Outcome.DIED, how + " during this call" + (stderr.isEmpty() ? "" : ": " + firstLine(stderr))
                + (outputEnded ? "" : " (" + OUTPUT_HELD + ")"));
    }

    private static CallResult died(Outcome outcome, String detail) {
        return new CallResult(outcome, null, detail, 0, "", 0);
    }

    /**
     * Whether the JVM's last words and exit status say it ran out of memory: -XX:+ExitOnOutOfMemoryError
     * (heap, metaspace, thread stacks) exits with status 3, a failed native allocation in the JVM is a
     * fatal error (status 1 without core dumps); each after its own message on stderr.
     */
    static boolean jvmRanOutOfMemory(OptionalInt status, String stderr) {
        if (status.isEmpty()) {
            return false;
        }
        int code = status.getAsInt();
        // a fatal error ends with exit(1) when core dumps are off (-XX:-CreateCoredumpOnCrash), else abort()
        // The JVM's fatal-error report: lines that begin with '#'. Not anywhere in stderr: the runner's
        // own last words there may quote a submission's exception, whose text the submission chose.
        return (code == 3 && stderr.contains("Terminating due to java.lang.OutOfMemoryError"))
                || ((code == 1 || code == 128 + 6) && stderr.lines().anyMatch(line -> line.startsWith("#")
                && (line.contains("insufficient memory for the Java Runtime Environment")
                || line.contains("Native memory allocation") || line.contains("Out of Memory Error"))))
                || code == Runner.EXIT_AFTER_OUT_OF_MEMORY;
    }

    private static String firstLine(String text) {
        return text.lines().findFirst().orElse("");
    }

    /** The line of the JVM's last words that says what ran out. */
    private static String memoryLine(String stderr) {
        return stderr.lines().filter(line -> line.contains("OutOfMemoryError") || line.contains("memory allocation")
                        || line.contains("insufficient memory"))
                .map(line -> line.replaceFirst("^#\\s*", "")).findFirst().orElse(firstLine(stderr));
    }
}

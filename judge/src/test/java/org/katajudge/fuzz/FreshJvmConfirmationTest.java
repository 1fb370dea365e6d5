package org.katajudge.fuzz;

import org.junit.jupiter.api.Test;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;
import org.katajudge.sandbox.CallResult;
import org.katajudge.sandbox.CallResult.Outcome;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A failure's analysis starts the submission afresh by loading its classes anew, in the same JVM;
 * what the JVM itself keeps (an interned string) survives that, not a new JVM, which is what a
 * printed replay starts. The analysis confirms what it reports in a new JVM, and a failure that
 * does not show there is reported as found, replayed by the whole run again.
 */
class FreshJvmConfirmationTest {

    private static final Kata SQUARES = Katas.byId("chess-square-color").orElseThrow();

    /**
     * Right on every square but e4, where it is wrong unless it is the first call it saw: since its
     * JVM started (it keeps what it saw where a reload leaves it, an interned string), or since
     * its classes were loaded (a static field).
     */
    private static final class WrongOnE4AfterACall implements Target {
        private final EntryPoint entryPoint = SQUARES.entryPoints().get(0);
        private final boolean keptByTheJvm;
        private boolean sawACall;
        int restarts;

        WrongOnE4AfterACall(boolean keptByTheJvm) {
            this.keptByTheJvm = keptByTheJvm;
        }

        @Override
        public List<CallResult> call(int method, List<Object[]> cases) {
            List<CallResult> results = new ArrayList<>();
            for (Object[] args : cases) {
                Object answer = Fuzzer.expected(entryPoint, args).answer();
                if (args[0].equals("e4") && sawACall) {
                    answer = !(Boolean) answer;
                }
                sawACall = true;
                results.add(new CallResult(Outcome.RETURNED, answer, null, 0, "", 0));
            }
            return results;
        }

        @Override
        public void reset() {
            sawACall &= keptByTheJvm;
        }

        @Override
        public void restart() {
            sawACall = false;
            restarts++;
        }
    }

    @Test
    void aFailureANewJvmDoesNotShowIsReportedAsFoundWithTheWholeRunAsItsReplay() {
        WrongOnE4AfterACall target = new WrongOnE4AfterACall(true);
        MethodRun run = Fuzzer.run(SQUARES.id(), SQUARES.entryPoints(), target, Fuzzer.Settings.grading(0, 300)).get(0);
        Failure failure = run.failure().orElseThrow();
        assertEquals("e4", failure.found().args()[0]);
        assertEquals(failure.original().choices(), failure.found().choices(), "the case as found");
        assertEquals(History.Kind.RERUN, failure.history().kind(), "alone, in a new JVM, e4 passes: " + failure.history());
        assertEquals(failure.call() - 1, failure.history().before());
        assertEquals(1, target.restarts, "one new JVM, to confirm the analysis");
    }

    @Test
    void aFailureThatNeedsOnlyItsListedCallsKeepsItsAnalysis() {
        WrongOnE4AfterACall target = new WrongOnE4AfterACall(false); // e4 fails after any one call
        MethodRun run = Fuzzer.run(SQUARES.id(), SQUARES.entryPoints(), target, Fuzzer.Settings.grading(0, 300)).get(0);
        Failure failure = run.failure().orElseThrow();
        assertEquals("e4", failure.found().args()[0]);
        assertEquals(History.Kind.LISTED, failure.history().kind());
        assertEquals(1, failure.history().calls().size(), failure.history()::toString);
        assertEquals(1, target.restarts);
    }
}

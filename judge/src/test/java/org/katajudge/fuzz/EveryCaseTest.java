package org.katajudge.fuzz;

import org.junit.jupiter.api.Test;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;
import org.katajudge.sandbox.CallResult.Outcome;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Fuzzer.Settings#everyCase()}, scoring's random tests: the whole fixed set of cases runs,
 * failures and crashes included, with a fresh "JVM" after each crash; the first failure is the one
 * reported; a method that keeps crashing is given up on, and the cases left count in the set.
 */
class EveryCaseTest {

    private static final Kata SQUARES = Katas.byId("chess-square-color").orElseThrow();
    private static final Kata SAFE_SPACES = Katas.byId("checkers-safe-spaces").orElseThrow();

    /**
     * A submission that answers like the reference except on the inputs {@code wrong} picks (it
     * answers the opposite) and {@code hangs} picks (it times out, which ends its "JVM": no answer
     * after that one in the batch, as the sandbox does).
     */
    private static final class Scripted implements Target {
        private final EntryPoint entryPoint;
        private final Predicate<Object[]> wrong;
        private final Predicate<Object[]> hangs;
        int calls;
        int jvms = 1;
        private boolean dead;

        Scripted(Kata kata, Predicate<Object[]> wrong, Predicate<Object[]> hangs) {
            this.entryPoint = kata.entryPoints().get(0);
            this.wrong = wrong;
            this.hangs = hangs;
        }

        @Override
        public List<CallResult> call(int method, List<Object[]> cases) {
            if (dead) {
                jvms++;
                dead = false;
            }
            List<CallResult> results = new ArrayList<>();
            for (Object[] args : cases) {
                calls++;
                if (hangs.test(args)) {
                    results.add(new CallResult(Outcome.TIMED_OUT, null, "the call ran longer than 1000 ms", 0, "", 0));
                    dead = true;
                    return results;
                }
                Object answer = Fuzzer.expected(entryPoint, args).answer();
                if (wrong.test(args)) {
                    answer = !(Boolean) answer;
                }
                results.add(new CallResult(Outcome.RETURNED, answer, null, 0, "", 0));
            }
            return results;
        }

        @Override
        public void reset() {
            jvms++;
            dead = false;
        }
    }

    private static boolean onFile(Object[] args, char file) {
        return ((String) args[0]).charAt(0) == file;
    }

    @Test
    void everyCaseOfTheSetRunsAfterWrongAnswersAndCrashes() {
        // chess-square-color: 64 squares, enumerated file by file; wrong on file b, times out on rank 8
        // (b8 times out): 7 wrong, 8 time-outs, never two in a row
        Scripted target = new Scripted(SQUARES, args -> onFile(args, 'b'), args -> ((String) args[0]).charAt(1) == '8');
        MethodRun run = Fuzzer.run(SQUARES.id(), SQUARES.entryPoints(), target, Fuzzer.Settings.scoring(0, 300)).get(0);
        assertEquals(64, run.cases(), "the whole domain ran");
        assertEquals(64, run.planned());
        assertEquals(64 - 7 - 8, run.passed());
        assertFalse(run.gaveUp());
        assertTrue(target.jvms >= 8, "a fresh JVM after each time-out but the last (h8 is the last square): " + target.jvms);
        Failure first = run.failure().orElseThrow();
        assertTrue(first.verdict() == Verdict.WRONG_ANSWER || first.verdict() == Verdict.TIME_LIMIT_EXCEEDED);
    }

    @Test
    void theFirstFailureIsTheOneReportedAsWithoutScoring() {
        Predicate<Object[]> wrong = args -> onFile(args, 'c') || onFile(args, 'e');
        Failure scoring = Fuzzer.run(SQUARES.id(), SQUARES.entryPoints(), new Scripted(SQUARES, wrong, args -> false),
                Fuzzer.Settings.scoring(0, 300)).get(0).failure().orElseThrow();
        Failure grading = Fuzzer.run(SQUARES.id(), SQUARES.entryPoints(), new Scripted(SQUARES, wrong, args -> false),
                Fuzzer.Settings.grading(0, 300)).get(0).failure().orElseThrow();
        assertEquals(grading.found().choices(), scoring.found().choices(), "the same (shrunk) counterexample");
        assertEquals(grading.original().choices(), scoring.original().choices());
    }

    @Test
    void withoutScoringTheFirstFailureEndsTheMethodsRandomTests() {
        Scripted target = new Scripted(SQUARES, args -> onFile(args, 'b'), args -> false);
        MethodRun run = Fuzzer.run(SQUARES.id(), SQUARES.entryPoints(), target, Fuzzer.Settings.grading(0, 300)).get(0);
        assertTrue(run.cases() < 64, "stopped at the first failure: " + run.cases());
        assertEquals(run.cases() - 1, run.passed());
    }

    @Test
    void aRandomSetOfCasesRunsToItsSizeWhateverFails() {
        EntryPoint isSafe = SAFE_SPACES.entryPoints().get(0);
        // wrong on every board with an odd number of rows
        Scripted target = new Scripted(SAFE_SPACES, args -> ((int[][]) args[0]).length % 2 == 1, args -> false);
        MethodRun run = Fuzzer.run(SAFE_SPACES.id(), List.of(isSafe), target, Fuzzer.Settings.scoring(5, 200)).get(0);
        assertEquals(200, run.cases());
        assertEquals(200, run.planned());
        assertTrue(run.passed() > 0 && run.passed() < 200, "some right, some wrong: " + run.passed());
        assertTrue(target.calls > 200, "the set's 200 calls, and the shrinker's on top: " + target.calls);
        assertTrue(run.failure().orElseThrow().shrinkSteps() > 0, "the first failure is still shrunk");
    }

    @Test
    void aMethodThatCrashesThreeTimesInARowIsGivenUpAndTheRestCountsAsFailed() {
        // times out on everything: a JVM start and a full time limit per case would cost minutes
        Scripted target = new Scripted(SQUARES, args -> false, args -> true);
        MethodRun run = Fuzzer.run(SQUARES.id(), SQUARES.entryPoints(), target, Fuzzer.Settings.scoring(0, 300)).get(0);
        assertTrue(run.gaveUp());
        assertTrue(run.cases() >= 1 && run.cases() <= Fuzzer.MAX_FATAL_IN_A_ROW, "cases run: " + run.cases());
        assertEquals(0, run.passed());
        assertEquals(64, run.planned(), "the rest of the domain is still part of the set, as failed");
        // the set's calls (new cases and cases asked again) stop at the third crash in a row; the
        // analysis of the first failure asks it once more alone
        assertTrue(target.calls <= Fuzzer.MAX_FATAL_IN_A_ROW + 2, "calls: " + target.calls);
    }

    @Test
    void crashesApartAreGivenUpOnAfterThirtyInAll() {
        EntryPoint isSafe = SAFE_SPACES.entryPoints().get(0);
        int[] call = {0};
        // every other case hangs: never three in a row, but each costs a JVM
        Scripted target = new Scripted(SAFE_SPACES, args -> false, args -> call[0]++ % 2 == 0);
        MethodRun run = Fuzzer.run(SAFE_SPACES.id(), List.of(isSafe), target, Fuzzer.Settings.scoring(0, 300)).get(0);
        assertTrue(run.gaveUp());
        assertTrue(run.cases() - run.passed() <= Fuzzer.MAX_FATAL, "crashed cases: " + (run.cases() - run.passed()));
        assertEquals(300, run.planned());
        assertTrue(run.cases() < 300);
        // every other call hangs, re-asked cases included: at most MAX_FATAL crashes, plus the analysis of the first
        assertTrue(target.calls <= 2 * Fuzzer.MAX_FATAL + 4, "calls: " + target.calls);
    }
}

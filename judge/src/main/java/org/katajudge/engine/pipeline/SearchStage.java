package org.katajudge.engine.pipeline;

import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.fuzz.CallLog;
import org.katajudge.fuzz.CaseStreams;
import org.katajudge.fuzz.Failure;
import org.katajudge.fuzz.Fuzzer;
import org.katajudge.fuzz.MethodRun;
import org.katajudge.kata.EntryPoint;
import org.katajudge.report.Counterexample;
import org.katajudge.report.TestKind;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;

import java.util.List;

/**
 * The search stage: the generated cases of every method against the reference ({@link Fuzzer}:
 * drawn, asked, asked again, the first failure shrunk), each method's as one test. A failure
 * there is the verdict unless an example decided it; failing the same way as that example, its
 * shrunk case becomes the counterexample.
 */
final class SearchStage {

    private SearchStage() {
    }

    /** @param streams the cases drawn and answered before, shared by every submission of the kata */
    static void run(Grading grading, CallLog log, CaseStreams streams) {
        GradingMode.Search mode = (GradingMode.Search) grading.options().mode();
        List<EntryPoint> entryPoints = grading.kata().entryPoints();
        grading.planned().tests().random().forEach(e -> grading.record().started(new PlannedTest.RandomTests(e)));
        long budgetStart = mode instanceof GradingMode.Fuzz fuzz && fuzz.startedNanos() != 0 ? fuzz.startedNanos()
                : grading.startedNanos();
        List<MethodRun> runs = Fuzzer.run(grading.kata().id(), entryPoints, log,
                settings(mode, grading.options().seed()).startingAt(budgetStart), streams);
        for (int m = 0; m < entryPoints.size(); m++) {
            EntryPoint entryPoint = entryPoints.get(m);
            if (!entryPoint.hasGenerator()) {
                // examples only: no random tests exist, and every report says so (worth nothing)
                PlannedTest none = new PlannedTest.NoRandomTests(entryPoint);
                grading.record().finish(none, none.notRun(null));
            } else if (grading.planned().tests().graded(entryPoint)) { // else --cases 0: not part of the grade
                record(grading, mode, entryPoint, runs.get(m), runs);
            }
        }
    }

    private static void record(Grading grading, GradingMode.Search mode, EntryPoint entryPoint, MethodRun run,
                               List<MethodRun> runs) {
        PlannedTest test = new PlannedTest.RandomTests(entryPoint);
        grading.tally().cases += run.cases();
        grading.tally().reasked += run.reasked();
        grading.tally().coverage.addAll(run.coverage());
        if (run.failure().isEmpty()) {
            Status status = run.cases() > 0 ? Status.PASSED : Status.NOT_RUN;
            String notRun = mode instanceof GradingMode.Fuzz ? "not run: the search stopped at the first failure"
                    : "not run: the random tests stopped at a crash or timeout";
            grading.record().finish(test, outcome(entryPoint, status, status == Status.PASSED ? null : notRun, run),
                    run.planned());
            return;
        }
        Failure failure = run.failure().get();
        String problem = Messages.describe(failure.verdict(), entryPoint, failure.expected(), failure.result());
        String found = Messages.generatedSummary(entryPoint, run, failure, mode instanceof GradingMode.Score);
        Counterexample shrunk = grading.counterexamples().of(entryPoint, null, failure.found().args(), failure.expected(),
                failure.result(), failure.found().choices().toString(), failure.shrinkSteps(),
                grading.commands().searched(entryPoint, failure, runs), failure.history(), failure.reask(),
                failure.call() > 0 ? failure.call() : null);
        grading.record().fail(test, outcome(entryPoint, Status.FAILED, problem + " (" + found + ")", run), run.planned(),
                failure.verdict(), shrunk);
        String where = failure.reask().isPresent() ? "a case asked again"
                : entryPoint.smallDomain() ? "an enumerated case" : "a generated case";
        grading.judgement().failOnGeneratedCase(failure.verdict(), failure.verdict().words() + " on " + where + " ("
                + found + "): " + problem + Messages.statefulNote(failure.history()), shrunk);
    }

    /** The search's settings in this mode: how many cases, how long, when to stop. */
    private static Fuzzer.Settings settings(GradingMode.Search mode, long seed) {
        if (mode instanceof GradingMode.Fuzz fuzz) {
            return Fuzzer.Settings.fuzzing(seed, fuzz.cases(), fuzz.time());
        }
        return mode instanceof GradingMode.Score ? Fuzzer.Settings.scoring(seed, mode.cases())
                : Fuzzer.Settings.grading(seed, mode.cases());
    }

    /** The generated cases of one method as a test: {@code enumerated: M} for a small domain, else {@code random: M}. */
    private static TestOutcome outcome(EntryPoint entryPoint, Status status, String text, MethodRun run) {
        return new TestOutcome((entryPoint.smallDomain() ? "enumerated: " : "random: ") + entryPoint.method(),
                TestKind.RANDOM, entryPoint.method(), status, text, run.cases(), run.passed(), run.exhaustive(),
                status == Status.PASSED ? 1 : 0, 1, false);
    }
}

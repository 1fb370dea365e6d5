package org.katajudge.engine.pipeline;

import org.katajudge.engine.plan.Submission;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.ResultBounds;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Timings;
import org.katajudge.sandbox.Isolation;

import java.util.ArrayList;
import java.util.List;

/**
 * The result of one submission as it is put together: what the stages found (in the
 * {@link Grading}'s parts) with what only the end knows (timings, what it printed, the compiler's
 * notes), every planned test in it, bounded ({@link ResultBounds}).
 */
final class ResultBuilder {

    private long compileNanos;
    private CapturedOutput output = CapturedOutput.NONE;
    private final List<String> notes = new ArrayList<>();

    void compiled(long nanos, List<String> compilerNotes) {
        compileNanos = nanos;
        notes.addAll(compilerNotes);
    }

    void printed(CapturedOutput captured) {
        output = captured;
    }

    /** The result: every planned test not ended yet is recorded as not run first. */
    SubmissionResult build(Grading grading, List<String> diagnostics, Isolation isolation) {
        Judgement judgement = grading.judgement();
        grading.record().notRunRemaining("not run: " + judgement.verdict().words());
        long total = System.nanoTime() - grading.startedNanos();
        Timings timings = new Timings(compileNanos / 1_000_000, (total - compileNanos) / 1_000_000, total / 1_000_000);
        List<TestOutcome> tests = grading.record().outcomes();
        double[] totals = SubmissionResult.totals(tests);
        Submission submission = grading.submission();
        // the intake and the compiler may both note one thing (a package line): said once
        List<String> allNotes = new ArrayList<>(new java.util.LinkedHashSet<>(submission.notes()));
        notes.stream().filter(n -> !allNotes.contains(n)).forEach(allNotes::add);
        return ResultBounds.apply(new SubmissionResult(submission.displayPath(), submission.student(), grading.kata().id(),
                judgement.verdict(), judgement.message(), totals[0], totals[1], tests, grading.tally().cases,
                grading.options().seed(), timings, output, judgement.counterexample(), diagnostics, allNotes,
                grading.tally().coverage, new SubmissionResult.Isolation(isolation.optionValue(), isolation.description())));
    }
}

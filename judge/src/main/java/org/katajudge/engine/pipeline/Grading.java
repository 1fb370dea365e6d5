package org.katajudge.engine.pipeline;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.PlannedSubmission;
import org.katajudge.engine.plan.Submission;
import org.katajudge.engine.plan.TestListener;

/**
 * One submission being graded: what was planned and asked for, and the parts the stages write
 * to, each with one job (the tests' outcomes and points, the verdict, the generated cases'
 * count, the replay commands, the counterexamples).
 */
record Grading(PlannedSubmission planned, GradingOptions options, long startedNanos, TestRecord record,
               Judgement judgement, Tally tally, FailureCommands commands, Counterexamples counterexamples) {

    /** Grading {@code planned} from now on ({@link System#nanoTime()}). */
    static Grading of(PlannedSubmission planned, GradingOptions options, TestListener listener) {
        return new Grading(planned, options, System.nanoTime(), new TestRecord(planned.tests(), listener),
                new Judgement(), new Tally(),
                new FailureCommands(planned.kata(), planned.submission().displayPath(), options),
                new Counterexamples(planned.kata()));
    }

    KataDefinition kata() {
        return planned.kata();
    }

    Submission submission() {
        return planned.submission();
    }
}

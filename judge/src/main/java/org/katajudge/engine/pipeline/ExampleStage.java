package org.katajudge.engine.pipeline;

import org.katajudge.catalog.Example;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.fuzz.CallLog;
import org.katajudge.kata.EntryPoint;
import org.katajudge.report.Counterexample;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;
import org.katajudge.report.Verdict;

import java.util.List;

/**
 * The fixed examples stage: runs examples ({@link ExampleCalls}) and records each as a test; a
 * failed example is the verdict unless an earlier failure decided it, with its case (a fixed
 * example replays by grading the submission again).
 *
 * <p>The visible examples run first, the hidden ones last, in a JVM of their own, after everything
 * else ({@link Grader}): a submission sees every input it is called with, so anything that ran
 * after a hidden example in the same JVM (a visible test's failure, its message, an answer shown
 * to the student) could carry that input out.
 */
final class ExampleStage {

    private ExampleStage() {
    }

    /** The kata's visible examples, in file order. */
    static void runVisible(Grading grading, CallLog log) {
        run(grading, log, grading.kata().examples().stream().filter(e -> !e.hidden()).toList());
    }

    /** Whether the kata has hidden examples. */
    static boolean hasHidden(Grading grading) {
        return grading.kata().examples().stream().anyMatch(Example::hidden);
    }

    /** The kata's hidden examples, in file order, through {@code log}: a JVM that ran nothing else. */
    static void runHidden(Grading grading, CallLog log) {
        run(grading, log, grading.kata().examples().stream().filter(Example::hidden).toList());
    }

    private static void run(Grading grading, CallLog log, List<Example> examples) {
        ExampleCalls.run(grading.kata(), examples, log, new ExampleCalls.Listener() {
            @Override
            public void started(Example example) {
                grading.record().started(new PlannedTest.ExampleTest(example));
            }

            @Override
            public void finished(ExampleCalls.Call call) {
                record(grading, call);
            }
        });
    }

    private static void record(Grading grading, ExampleCalls.Call call) {
        Example example = call.example();
        PlannedTest test = new PlannedTest.ExampleTest(example);
        String method = example.method();
        if (call.notRun() != null) {
            grading.record().finish(test, outcome(example, Status.NOT_RUN, call.notRun()));
            return;
        }
        if (call.verdict() == Verdict.ACCEPTED) {
            grading.record().finish(test, outcome(example, Status.PASSED, null));
            return;
        }
        EntryPoint entryPoint = grading.kata().entryPoint(method);
        String problem = Messages.describe(call.verdict(), entryPoint, call.expected(), call.result());
        Counterexample failing = grading.counterexamples().of(entryPoint, example.name(), example.args(), call.expected(),
                call.result(), null, 0, grading.commands().rerun());
        grading.record().fail(test, outcome(example, Status.FAILED, problem), 0, call.verdict(), failing);
        grading.judgement().fail(call.verdict(), call.verdict().words() + " on " + (example.hidden() ? "hidden " : "")
                + "example \"" + example.name() + "\": " + problem, failing);
    }

    private static TestOutcome outcome(Example example, Status status, String message) {
        return TestOutcome.example(example.name(), example.method(), status, message).withHidden(example.hidden());
    }
}

package org.katajudge.engine.pipeline;

import org.katajudge.catalog.Example;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.fuzz.CallLog;
import org.katajudge.kata.EntryPoint;
import org.katajudge.report.Counterexample;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;
import org.katajudge.report.Verdict;

/**
 * The fixed examples stage: runs every example ({@link ExampleCalls}) and records each as a
 * test; a failed example is the verdict unless an earlier one decided it, with its case (a
 * fixed example replays by grading the submission again).
 */
final class ExampleStage {

    private ExampleStage() {
    }

    static void run(Grading grading, CallLog log) {
        ExampleCalls.run(grading.kata(), log, new ExampleCalls.Listener() {
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

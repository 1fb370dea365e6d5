package org.katajudge.engine.pipeline;

import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.engine.plan.PlannedTests;
import org.katajudge.engine.plan.TestListener;
import org.katajudge.report.Counterexample;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;
import org.katajudge.scoring.PointsTable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The outcomes of one submission's tests, in the order they ended, each with the points it
 * earned (the scoring stage), each told to the listener as it ends. A test ends once: a second
 * outcome for it is ignored. At the end every planned test not ended yet is recorded as not run,
 * so that every result holds all its tests and every student's maximum score is the same.
 */
final class TestRecord {

    private final PlannedTests plan;
    private final TestListener listener;
    private final List<TestOutcome> outcomes = new ArrayList<>();
    private final Set<String> ended = new HashSet<>();
    private PointsTable points;

    TestRecord(PlannedTests plan, TestListener listener) {
        this.plan = plan;
        this.listener = listener;
        this.points = plan.defaultPoints();
    }

    /** From now on, tests earn the points of the kata's and the assignment's rules (not the defaults). */
    void scoreByTheRules() {
        points = plan.points();
    }

    void started(PlannedTest test) {
        listener.started(test);
    }

    /** A test that passed or was not run. */
    void finish(PlannedTest test, TestOutcome outcome) {
        finish(test, outcome, 0);
    }

    /** @param plannedCases a random test's fixed set of cases (its share of points with partial credit) */
    void finish(PlannedTest test, TestOutcome outcome, int plannedCases) {
        if (ended.add(test.key())) {
            TestOutcome scored = points.score(outcome, plannedCases);
            outcomes.add(scored);
            listener.finished(test, scored);
        }
    }

    /** A failed test, with the verdict of the case that failed it and that case (null when no single case did). */
    void fail(PlannedTest test, TestOutcome outcome, int plannedCases, Verdict caseVerdict, Counterexample example) {
        if (ended.add(test.key())) {
            TestOutcome scored = points.score(outcome, plannedCases);
            outcomes.add(scored);
            listener.failed(test, scored, caseVerdict, example);
        }
    }

    /** Every planned test not ended yet, as not run, saying {@code why}. */
    void notRunRemaining(String why) {
        for (PlannedTest test : plan.tests()) {
            if (!ended.contains(test.key())) {
                finish(test, test.notRun(why));
            }
        }
    }

    boolean isEmpty() {
        return outcomes.isEmpty();
    }

    List<TestOutcome> outcomes() {
        return List.copyOf(outcomes);
    }
}

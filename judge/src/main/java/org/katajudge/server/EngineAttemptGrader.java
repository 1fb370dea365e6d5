package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import org.katajudge.catalog.Example;
import org.katajudge.catalog.JsonValues;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.GradingEngine;
import org.katajudge.engine.GradingEvents;
import org.katajudge.engine.GradingOutcome;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.PlannedSubmission;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.engine.plan.PlannedTests;
import org.katajudge.engine.plan.Submission;
import org.katajudge.kata.EntryPoint;
import org.katajudge.report.Counterexample;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;
import org.katajudge.scoring.ScoringException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The {@link AttemptGrader} on the engine's typed API: one {@link GradingEngine} for the server's
 * lifetime (its compiler workers, its sandbox, the generated cases drawn once per kata), each
 * attempt a plan of one submission graded on it, its tests' events heard as they happen, its
 * result an object. A student's saved cases join the kata's examples in memory, as examples of a
 * copy of the kata's definition; nothing is written to disk.
 */
public final class EngineAttemptGrader implements AttemptGrader, AutoCloseable {

    private final GradingEngine engine;
    private final KataCatalog catalog;
    private final GradingOptions options;
    private final Set<AtomicBoolean> underWay = ConcurrentHashMap.newKeySet();

    /**
     * @param engine  grades every attempt; closed with this grader
     * @param catalog the katas
     * @param options the seed, the cases of a full grade (the mode's), the command in replay commands
     */
    public EngineAttemptGrader(GradingEngine engine, KataCatalog catalog, GradingOptions options) {
        this.engine = engine;
        this.catalog = catalog;
        this.options = options;
    }

    @Override
    public SubmissionResult grade(Submission submission, Mode mode, List<SavedCase> extra, TestEvents events) {
        AtomicBoolean cancelled = new AtomicBoolean();
        underWay.add(cancelled);
        try {
            GradingPlan plan = plan(submission, mode, extra);
            GradingOutcome outcome = engine.grade(plan, new Events(events), cancelled::get);
            return outcome.results().isEmpty()
                    ? GradingOutcome.judgeError(submission, cancelled.get() ? GradingEngine.INTERRUPTED
                    : "the engine reported no result")
                    : outcome.results().get(0);
        } catch (ScoringException | RuntimeException e) {
            return GradingOutcome.judgeError(submission, e.toString());
        } finally {
            underWay.remove(cancelled);
        }
    }

    @Override
    public void cancelAll() {
        underWay.forEach(cancelled -> cancelled.set(true));
    }

    /** Stops grading and ends the engine (its compiler workers, the submissions' JVMs). */
    @Override
    public void close() {
        cancelAll();
        engine.close();
    }

    /**
     * The plan of one attempt: {@code grade --cases 0} (the fixed examples, and the saved cases
     * as more) or the full grade.
     */
    private GradingPlan plan(Submission submission, Mode mode, List<SavedCase> extra) throws ScoringException {
        KataDefinition kata = catalog.byId(submission.kataId()).orElseThrow(
                () -> new IllegalArgumentException("unknown kata \"" + submission.kataId() + "\""));
        GradingOptions graded = mode == Mode.EXAMPLES ? options.withMode(new GradingMode.Grade(0)) : options;
        if (mode == Mode.EXAMPLES && !extra.isEmpty()) {
            kata = withCases(kata, extra);
        }
        return GradingPlan.of(List.of(new PlannedSubmission(submission, PlannedTests.of(kata, graded))), graded);
    }

    /** The kata with the saved cases after its examples, visible, as its examples.json would hold them. */
    private static KataDefinition withCases(KataDefinition kata, List<SavedCase> extra) {
        List<Example> examples = new ArrayList<>(kata.examples());
        for (SavedCase saved : extra) {
            EntryPoint entryPoint = kata.entryPoint(saved.method());
            JsonNode args = saved.args();
            if (args == null || !args.isArray() || args.size() != entryPoint.parameters().size()) {
                throw new IllegalArgumentException("saved case " + saved.name() + ": args must be an array of "
                        + entryPoint.parameters().size() + " value(s) for " + entryPoint.signature());
            }
            Object[] values = new Object[args.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = JsonValues.fromJson(args.get(i), entryPoint.parameters().get(i));
            }
            JsonNode expected = saved.expected() == null ? NullNode.instance : saved.expected();
            examples.add(new Example(saved.name(), entryPoint.method(), values,
                    JsonValues.fromJson(expected, entryPoint.returns())));
        }
        return new KataDefinition(kata.spec(), examples, kata.code(), kata.folder(), kata.sources(), kata.scoring());
    }

    /**
     * The engine's events as the server's: a test started, then passed, failed or not run (a test
     * that never started is told only as not run); every planned test told once.
     */
    private static final class Events implements GradingEvents {

        private final TestEvents events;
        private final Set<String> started = new HashSet<>();
        private final Set<String> finished = new HashSet<>();

        Events(TestEvents events) {
            this.events = events;
        }

        @Override
        public void testStarted(PlannedSubmission submission, PlannedTest test) {
            started(test);
        }

        @Override
        public void testFinished(PlannedSubmission submission, PlannedTest test, TestOutcome outcome) {
            finished(test, switch (outcome.status()) {
                case PASSED -> TestEvent.Status.PASSED;
                case FAILED -> TestEvent.Status.FAILED;
                default -> TestEvent.Status.NOT_RUN;
            });
        }

        @Override
        public void testFailed(PlannedSubmission submission, PlannedTest test, TestOutcome outcome, Verdict verdict,
                               Counterexample counterexample) {
            finished(test, TestEvent.Status.FAILED);
        }

        @Override
        public void submissionGraded(PlannedSubmission submission, SubmissionResult result) {
            // a test the grader did not tell of (e.g. after a judge error) is not run
            submission.tests().tests().forEach(test -> finished(test, TestEvent.Status.NOT_RUN));
        }

        private void started(PlannedTest test) {
            if (started.add(test.key())) {
                events.test(event(test, TestEvent.Status.STARTED));
            }
        }

        private void finished(PlannedTest test, TestEvent.Status status) {
            if (!finished.add(test.key())) {
                return;
            }
            if (status != TestEvent.Status.NOT_RUN) {
                started(test);
            }
            events.test(event(test, status));
        }

        private static TestEvent event(PlannedTest test, TestEvent.Status status) {
            boolean hidden = test instanceof PlannedTest.ExampleTest example && example.example().hidden();
            return new TestEvent(test.key(), test.displayName(), hidden, status);
        }
    }
}

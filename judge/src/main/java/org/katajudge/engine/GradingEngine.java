package org.katajudge.engine;

import org.katajudge.compile.SourceCompiler;
import org.katajudge.compile.worker.CompilerPool;
import org.katajudge.engine.pipeline.ChildTiming;
import org.katajudge.engine.pipeline.Grader;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.PlannedSubmission;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.engine.plan.Submission;
import org.katajudge.engine.plan.TestListener;
import org.katajudge.jvm.JvmShutdown;
import org.katajudge.report.Counterexample;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.Isolation;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/**
 * The judge's engine: what every front end calls (the command line, the JUnit Platform engine,
 * a server) to grade a {@link GradingPlan}. It holds what grading needs across submissions and
 * runs (the compiler workers, the sandbox, the grading threads, the generated cases drawn once
 * per kata), grades submissions {@link EngineOptions#jobs()} at a time, tells each event as it
 * happens ({@link GradingEvents}), and returns every result as an object ({@link GradingOutcome}).
 *
 * <p>Every submission gets its result, whatever goes wrong while grading another; only a
 * cancelled run leaves submissions without one (those not started, and those in progress, which
 * stop at their next call). Closing the engine waits for the submissions' JVMs still ending in
 * the background.
 */
public final class GradingEngine implements AutoCloseable {

    /** Why a submission was not graded after the run was cancelled. */
    public static final String INTERRUPTED = "not graded: the run was interrupted";
    /** How long closing waits for the JVMs still ending in the background (each ends within seconds). */
    private static final Duration CLOSING_WAIT = Duration.ofSeconds(30);

    private final SandboxLauncher launcher;
    private final CompilerPool workers;
    private final Grader grader;
    private final ExecutorService pool;
    private final int jobs;
    private boolean closed;

    private GradingEngine(SandboxLauncher launcher, CompilerPool workers, Grader grader, ExecutorService pool, int jobs) {
        this.launcher = launcher;
        this.workers = workers;
        this.grader = grader;
        this.pool = pool;
        this.jobs = jobs;
    }

    /**
     * An engine ready to grade: the sandbox checked (its isolation works here), a compiler worker
     * started in the background and the others when first needed.
     *
     * @throws SandboxException when the isolation asked for does not work on this machine
     */
    public static GradingEngine open(EngineOptions options) throws SandboxException {
        return start(options).open();
    }

    /**
     * Starts an engine: its first compiler worker and the sandbox check begin now, in the
     * background; {@link EngineStart#open()} gives the engine once they are needed. For a caller
     * with work of its own to do first (reading the katas and the submissions).
     */
    public static EngineStart start(EngineOptions options) {
        return EngineStart.begin(options, UnaryOperator.identity());
    }

    /** An engine whose grader compiles through {@code compilers} applied to the worker pool (for tests). */
    static GradingEngine open(EngineOptions options, UnaryOperator<SourceCompiler> compilers) throws SandboxException {
        return EngineStart.begin(options, compilers).open();
    }

    /** The engine of a {@link EngineStart}: its checked sandbox and its workers. */
    static GradingEngine of(EngineOptions options, SandboxLauncher launcher, CompilerPool workers,
                            UnaryOperator<SourceCompiler> compilers) {
        AtomicInteger thread = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(options.jobs(), runnable -> {
            Thread t = new Thread(runnable, "kata-judge-grader-" + thread.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        return new GradingEngine(launcher, workers, new Grader(compilers.apply(workers), workers.limits(), launcher), pool,
                options.jobs());
    }

    /** How submissions are isolated. */
    public Isolation isolation() {
        return launcher.isolation();
    }

    /**
     * Grades every submission of {@code plan}; returns when all are graded (or, cancelled, stopped).
     *
     * @param events    told what happens as it happens
     * @param cancelled asked before each submission and each batch of calls; once true, nothing more is graded
     */
    public GradingOutcome grade(GradingPlan plan, GradingEvents events, BooleanSupplier cancelled) {
        GradingEvents told = new OneAtATime(events);
        List<PlannedSubmission> submissions = plan.submissions();
        SubmissionResult[] results = new SubmissionResult[submissions.size()];
        ChildTiming timing = childTiming(submissions.size());
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < submissions.size(); i++) {
            int index = i;
            running.add(pool.submit(() -> results[index] = gradeOne(plan, submissions.get(index), told, cancelled,
                    timing)));
        }
        for (Future<?> future : running) {
            try {
                future.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (ExecutionException e) {
                // not reached: gradeOne keeps every failure in its submission's result
            }
        }
        boolean interrupted = cancelled.getAsBoolean() || Thread.currentThread().isInterrupted() || JvmShutdown.begun();
        List<SubmissionResult> graded = new ArrayList<>();
        List<Submission> notGraded = new ArrayList<>();
        for (int i = 0; i < submissions.size(); i++) {
            if (results[i] != null) {
                graded.add(results[i]);
            } else if (interrupted) {
                notGraded.add(submissions.get(i).submission());
            } else {
                // never lost: a submission without a result is the judge's failure, and says so
                SubmissionResult result = GradingOutcome.judgeError(submissions.get(i).submission(),
                        "the engine reported no result");
                told.submissionGraded(submissions.get(i), result);
                graded.add(result);
            }
        }
        return new GradingOutcome(graded, notGraded, interrupted);
    }

    /**
     * When each submission's child JVM starts. A run of at most one submission per grading thread
     * (one student's run, the common case in a fresh process) starts each while its sources compile:
     * cores are free then, and the child's start-up leaves the submission's path. A larger batch keeps
     * every core busy with the other submissions anyway; there an early start would only add a child
     * for each source that does not compile.
     */
    private ChildTiming childTiming(int submissions) {
        return submissions <= jobs ? ChildTiming.WHILE_COMPILING : ChildTiming.AFTER_COMPILE;
    }

    /** One submission: its result, or null when the run was cancelled before it ended. */
    private SubmissionResult gradeOne(GradingPlan plan, PlannedSubmission submission, GradingEvents events,
                                      BooleanSupplier cancelled, ChildTiming timing) {
        if (cancelled.getAsBoolean() || JvmShutdown.begun()) {
            events.submissionNotGraded(submission, INTERRUPTED, false);
            return null;
        }
        SubmissionResult result;
        try {
            events.submissionStarted(submission);
            result = grader.grade(submission, plan.options(), new Tests(submission, events), cancelled, timing);
        } catch (RuntimeException | Error e) {
            // not the grader (it never throws): a front end's listener failed; the submission still gets a result
            result = GradingOutcome.judgeError(submission.submission(), e.toString());
        }
        if (cancelled.getAsBoolean() || JvmShutdown.begun()) {
            // Interrupted while in progress: whatever it got so far is not its grade (a JVM shutting
            // down closes the compilers and children before its front end may have said so).
            events.submissionNotGraded(submission, INTERRUPTED, true);
            return null;
        }
        try {
            events.submissionGraded(submission, result);
        } catch (RuntimeException | Error e) {
            // a front end that failed to hear of a result does not lose it: it is in the outcome
        }
        return result;
    }

    /**
     * Ends the grading threads and the compiler workers, and waits for the submissions' JVMs to
     * end. Closing again does nothing.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        pool.shutdownNow();
        workers.close();
        if (!launcher.awaitClosed(CLOSING_WAIT)) {
            System.err.println("kata-judge: warning: some submissions' JVMs had not ended " + CLOSING_WAIT.toSeconds()
                    + " s after grading");
        }
    }

    /** One submission's test events, as the engine's events. */
    private record Tests(PlannedSubmission submission, GradingEvents events) implements TestListener {

        @Override
        public void started(PlannedTest test) {
            events.testStarted(submission, test);
        }

        @Override
        public void finished(PlannedTest test, TestOutcome outcome) {
            events.testFinished(submission, test, outcome);
        }

        @Override
        public void failed(PlannedTest test, TestOutcome outcome, Verdict verdict, Counterexample counterexample) {
            events.testFailed(submission, test, outcome, verdict, counterexample);
        }
    }

    /** Events told one at a time, whichever thread tells them. */
    private record OneAtATime(GradingEvents events) implements GradingEvents {

        @Override
        public synchronized void submissionStarted(PlannedSubmission submission) {
            events.submissionStarted(submission);
        }

        @Override
        public synchronized void testStarted(PlannedSubmission submission, PlannedTest test) {
            events.testStarted(submission, test);
        }

        @Override
        public synchronized void testFinished(PlannedSubmission submission, PlannedTest test, TestOutcome outcome) {
            events.testFinished(submission, test, outcome);
        }

        @Override
        public synchronized void testFailed(PlannedSubmission submission, PlannedTest test, TestOutcome outcome,
                                            Verdict verdict, Counterexample counterexample) {
            events.testFailed(submission, test, outcome, verdict, counterexample);
        }

        @Override
        public synchronized void submissionGraded(PlannedSubmission submission, SubmissionResult result) {
            events.submissionGraded(submission, result);
        }

        @Override
        public synchronized void submissionNotGraded(PlannedSubmission submission, String why, boolean started) {
            events.submissionNotGraded(submission, why, started);
        }
    }
}

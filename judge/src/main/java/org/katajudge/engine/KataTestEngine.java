package org.katajudge.engine;

import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.UniqueId;
import org.katajudge.compile.SourceCompiler;
import org.katajudge.engine.plan.GradingPlan;

import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The judge as a JUnit Platform {@link TestEngine}: a front end of the {@link GradingEngine}, so
 * that any Platform tool reports on grading (Maven Surefire in a challenge repository, an IDE,
 * the judge's own {@code grade --open-test-report}). Each submission is a container in the test
 * plan and its tests are its planned tests: compiling it, each fixed example, the random tests
 * of each method.
 *
 * <p>Discovery ({@link Discovery}) reads the selected classes, folders and files into a grading
 * plan, configured by {@link EngineSettings}; execution ({@link Execution}) grades it and tells
 * the Platform each event as it happens ({@link PlatformEvents}), each submission's complete
 * result published as JSON in a report entry keyed {@link #RESULT_ENTRY}. When the request is
 * cancelled, submissions not started are skipped, and those in progress stop at their next call
 * and are reported aborted, without a result: only finished submissions are graded.
 *
 * <p>Only Platform API present since JUnit Platform 1.10 (JUnit 5.10) is used, so the engine
 * runs on whatever Platform version the project that uses it has.
 */
public final class KataTestEngine implements TestEngine {

    public static final String ID = "kata-judge";
    /** The report entry carrying a submission's {@link org.katajudge.report.SubmissionResult} as JSON. */
    public static final String RESULT_ENTRY = "katajudge.result";
    /**
     * Begins the line with a failing submission's whole result (JSON, as in a report's
     * {@code results}) that a run under a {@link KataSolutions} class prints as the output of
     * its first failed test, so it reaches the files Surefire writes ({@code <system-out>}).
     */
    public static final String RESULT_OUTPUT_PREFIX = "kata-judge result: ";
    /** A report entry of the engine: what the teacher should know about paths read (files ignored...). */
    public static final String WARNING_ENTRY = "katajudge.warning";
    /** Why a submission was not graded after the run was cancelled. */
    public static final String INTERRUPTED = GradingEngine.INTERRUPTED;

    /** What the graders compile with, given the pool of compiler workers: the pool itself but in tests. */
    private final UnaryOperator<SourceCompiler> compilers;
    /** A plan made in this process to grade through the Platform, instead of what the request selects. */
    private final Execution.InProcess inProcess;
    private GradingOutcome outcome;

    public KataTestEngine() {
        this(UnaryOperator.identity());
    }

    /** An engine whose graders compile through {@code compilers} applied to the worker pool (for tests). */
    KataTestEngine(UnaryOperator<SourceCompiler> compilers) {
        this.compilers = compilers;
        this.inProcess = null;
    }

    private KataTestEngine(Execution.InProcess inProcess) {
        this.compilers = UnaryOperator.identity();
        this.inProcess = inProcess;
    }

    /**
     * An engine for a launcher that grades {@code plan}, already made in this process, whatever the
     * request selects: how a front end that has its own engine and plan gets the Platform's reports
     * too (the judge's {@code grade --open-test-report}). {@code events} hears every event besides
     * the Platform; {@link #outcome()} is the outcome once the launcher has run.
     *
     * @param studentView whether the tree and the published results are as students may see them
     */
    public static KataTestEngine grading(GradingEngine engine, GradingPlan plan, boolean studentView,
                                         GradingEvents events) {
        return new KataTestEngine(new Execution.InProcess(engine, plan, studentView, events));
    }

    /** What a {@link #grading} engine graded, once the launcher ran it. */
    public Optional<GradingOutcome> outcome() {
        return Optional.ofNullable(outcome);
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    public Optional<String> getGroupId() {
        return Optional.of("org.katajudge");
    }

    @Override
    public Optional<String> getArtifactId() {
        return Optional.of("kata-judge");
    }

    @Override
    public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
        return inProcess != null ? Discovery.discover(uniqueId, inProcess.plan(), inProcess.studentView())
                : Discovery.discover(request, uniqueId);
    }

    @Override
    public void execute(ExecutionRequest request) {
        if (inProcess != null) {
            outcome = Execution.run(request, inProcess);
        } else {
            Execution.run(request, compilers);
        }
    }

    /** A submission whose grading was cut short by cancellation. */
    static final class InterruptedGradingException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InterruptedGradingException() {
            super(INTERRUPTED, null, false, false);
        }
    }
}

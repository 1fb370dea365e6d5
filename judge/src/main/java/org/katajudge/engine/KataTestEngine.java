package org.katajudge.engine;

import java.util.concurrent.ExecutionException;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.DirectorySelector;
import org.junit.platform.engine.discovery.FileSelector;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;
import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.Example;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.compile.SourceCompiler;
import org.katajudge.compile.worker.CompilerPool;
import org.katajudge.kata.EntryPoint;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * The judge as a JUnit Platform {@link TestEngine}: each submission is a container in the test
 * plan, its tests are compiling it, each fixed example, and the random tests of each method.
 * So any Platform tool reports on grading (the judge's CLI, its JUnit XML, Maven Surefire).
 *
 * <p>Discovery takes file and directory selectors (or {@link EngineSettings#PATHS}); execution
 * grades submissions on {@link EngineSettings#JOBS} threads and publishes each submission's
 * complete result as JSON in a report entry keyed {@link #RESULT_ENTRY}. Every submission gets
 * its result, whatever goes wrong while grading another.
 */
public final class KataTestEngine implements TestEngine {

    public static final String ID = "kata-judge";
    /** The report entry carrying a submission's {@link SubmissionResult} as JSON. */
    public static final String RESULT_ENTRY = "katajudge.result";

    /** What the graders compile with, given the pool of compiler workers: the pool itself but in tests. */
    private final UnaryOperator<SourceCompiler> compilers;

    public KataTestEngine() {
        this(UnaryOperator.identity());
    }

    /** An engine whose graders compile through {@code compilers} applied to the worker pool (for tests). */
    KataTestEngine(UnaryOperator<SourceCompiler> compilers) {
        this.compilers = compilers;
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
        EngineDescriptor engine = new EngineDescriptor(uniqueId, "kata-judge");
        ConfigurationParameters parameters = request.getConfigurationParameters();
        List<Path> paths = new ArrayList<>(EngineSettings.paths(parameters));
        request.getSelectorsByType(DirectorySelector.class).forEach(s -> paths.add(s.getPath()));
        request.getSelectorsByType(FileSelector.class).forEach(s -> paths.add(s.getPath()));
        if (paths.isEmpty()) {
            return engine;
        }
        GradingOptions options = EngineSettings.options(parameters);
        try {
            KataCatalog catalog = EngineSettings.katas(parameters).isPresent()
                    ? KataCatalog.load(EngineSettings.katas(parameters).get()) : KataCatalog.loadBundled();
            SubmissionFinder finder = new SubmissionFinder(catalog.ids(), EngineSettings.kata(parameters));
            for (Submission submission : finder.find(paths)) {
                KataDefinition kata = catalog.byId(submission.kataId()).orElseThrow();
                SubmissionDescriptor descriptor = new SubmissionDescriptor(engine.getUniqueId(), submission, kata);
                addTests(descriptor, kata, options);
                engine.addChild(descriptor);
            }
        } catch (CatalogException | SubmissionException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return engine;
    }

    private static void addTests(SubmissionDescriptor descriptor, KataDefinition kata, GradingOptions options) {
        UniqueId id = descriptor.getUniqueId();
        descriptor.addChild(new SubmissionTestDescriptor(id, GradingListener.compileKey(), "compile"));
        if (!options.fuzz() && options.replay().isEmpty()) {
            for (Example example : kata.examples()) {
                descriptor.addChild(new SubmissionTestDescriptor(id, GradingListener.exampleKey(example.name()),
                        "example: " + example.name()));
            }
        }
        for (EntryPoint entryPoint : kata.entryPoints()) {
            if (options.replay().isEmpty() || options.replay().get().method().equals(entryPoint.method())) {
                descriptor.addChild(new SubmissionTestDescriptor(id, GradingListener.randomKey(entryPoint.method()),
                        (options.replay().isPresent() ? "replay: " : "random: ") + entryPoint.method()));
            }
        }
    }

    @Override
    public void execute(ExecutionRequest request) {
        TestDescriptor root = request.getRootTestDescriptor();
        EngineExecutionListener listener = new SynchronizedListener(request.getEngineExecutionListener());
        listener.executionStarted(root);
        ConfigurationParameters parameters = request.getConfigurationParameters();
        GradingOptions options = EngineSettings.options(parameters);
        List<SubmissionDescriptor> submissions = root.getChildren().stream()
                .filter(SubmissionDescriptor.class::isInstance).map(SubmissionDescriptor.class::cast).toList();
        SandboxLauncher launcher;
        try {
            launcher = SandboxLauncher.create(EngineSettings.isolation(parameters), Limits.DEFAULT);
        } catch (SandboxException e) {
            submissions.forEach(s -> listener.executionSkipped(s, e.getMessage()));
            listener.executionFinished(root, TestExecutionResult.failed(e));
            return;
        }
        int jobs = Math.max(1, Math.min(EngineSettings.jobs(parameters), submissions.size()));
        try (CompilerPool workers = new CompilerPool(EngineSettings.compileLimits(parameters), jobs)) {
            Grader grader = new Grader(compilers.apply(workers), workers.limits(), launcher);
            execute(request, root, listener, options, submissions, grader, jobs);
        }
    }

    private static void execute(ExecutionRequest request, TestDescriptor root, EngineExecutionListener listener,
                                GradingOptions options, List<SubmissionDescriptor> submissions, Grader grader,
                                int jobs) {
        AtomicInteger thread = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(jobs, runnable -> {
            Thread t = new Thread(runnable, "kata-judge-grader-" + thread.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> running = new ArrayList<>();
            for (SubmissionDescriptor submission : submissions) {
                running.add(pool.submit(() -> {
                    if (request.getCancellationToken().isCancellationRequested()) {
                        listener.executionSkipped(submission, "cancelled");
                    } else {
                        grade(grader, submission, options, listener);
                    }
                }));
            }
            // Every submission runs to its end, whatever happened to another (grade() never throws).
            Throwable failure = null;
            for (Future<?> future : running) {
                try {
                    future.get();
                } catch (ExecutionException e) {
                    failure = failure == null ? e.getCause() : failure;
                }
            }
            if (failure != null) {
                listener.executionFinished(root, TestExecutionResult.failed(failure));
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            pool.shutdownNow();
        }
        listener.executionFinished(root, TestExecutionResult.successful());
    }

    /** Grades one submission and reports it; whatever goes wrong stays in this submission's result. */
    private static void grade(Grader grader, SubmissionDescriptor descriptor, GradingOptions options,
                              EngineExecutionListener listener) {
        listener.executionStarted(descriptor);
        DescriptorEvents events = new DescriptorEvents(descriptor, listener);
        SubmissionResult result;
        try {
            result = grader.grade(descriptor.submission(), descriptor.kata(), options, events);
            events.finishRemaining(result.message());
            listener.reportingEntryPublished(descriptor, ReportEntry.from(RESULT_ENTRY, ReportJson.toJson(result)));
        } catch (Throwable e) {
            // A listener failed (Grader.grade itself does not throw): the submission is finished as failed, and
            // the command line, finding no result for it, reports a JUDGE_ERROR that says why.
            listener.executionFinished(descriptor, TestExecutionResult.failed(e));
            return;
        }
        listener.executionFinished(descriptor, result.verdict() == Verdict.ACCEPTED
                ? TestExecutionResult.successful()
                : TestExecutionResult.failed(new SubmissionFailedError(result.verdict() + ": " + result.message())));
    }

    /** A submission that is not ACCEPTED, as the Platform reports a failed container. */
    static final class SubmissionFailedError extends AssertionError {
        SubmissionFailedError(String message) {
            super(message);
        }
    }
}

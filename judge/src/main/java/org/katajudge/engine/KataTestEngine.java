package org.katajudge.engine;

import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.DirectorySelector;
import org.junit.platform.engine.discovery.FileSelector;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;
import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.Example;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.compile.SourceCompiler;
import org.katajudge.compile.worker.CompilerPool;
import org.katajudge.intake.ClassDownload;
import org.katajudge.intake.Intake;
import org.katajudge.intake.IntakeException;
import org.katajudge.kata.EntryPoint;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SafeText;
import org.katajudge.report.StudentView;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;
import org.katajudge.scoring.ScoringException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/**
 * The judge as a JUnit Platform {@link TestEngine}: each submission is a container in the test
 * plan, its tests are compiling it, each fixed example, and the random tests of each method.
 * So any Platform tool reports on grading (the judge's CLI, Maven Surefire, an IDE).
 *
 * <p>Discovery takes test classes annotated {@link KataSolutions} (how build tools select
 * tests: the submissions become tests of that class, so class-based reports include them),
 * file and directory selectors, or {@link EngineSettings#PATHS} when no class was selected,
 * read into students by the {@link Intake}, and {@link SubmissionSelector}s of submissions
 * already read (the judge's CLI reads a class download once). Execution grades submissions on {@link EngineSettings#JOBS} threads and
 * publishes each submission's complete result as JSON in a report entry keyed
 * {@link #RESULT_ENTRY} (as students may see it, with {@link EngineSettings#STUDENT_VIEW}). When
 * the request is cancelled, submissions not started are skipped, and those in progress stop at
 * their next call and are reported aborted, without a result: only finished submissions are graded.
 *
 * Every submission gets its result, whatever goes wrong while grading another.
 *
 * <p>Only Platform API present since JUnit Platform 1.10 (JUnit 5.10) is used, so the engine
 * runs on whatever Platform version the project that uses it has.
 */
public final class KataTestEngine implements TestEngine {

    public static final String ID = "kata-judge";
    /** How long the end of grading waits for the JVMs still ending in the background (each ends within seconds). */
    private static final Duration CLOSING_WAIT = Duration.ofSeconds(30);
    /** The report entry carrying a submission's {@link SubmissionResult} as JSON. */
    public static final String RESULT_ENTRY = "katajudge.result";
    /**
     * Begins the line with a failing submission's whole result (JSON, as in a report's
     * {@code results}) that a run under a {@link KataSolutions} class prints as the output of
     * its first failed test, so it reaches the files Surefire writes ({@code <system-out>}).
     */
    public static final String RESULT_OUTPUT_PREFIX = "kata-judge result: ";
    /** A report entry of the engine: what the teacher should know about paths read (files ignored...). */
    public static final String WARNING_ENTRY = "katajudge.warning";

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
        Engine engine = new Engine(uniqueId);
        ConfigurationParameters parameters = request.getConfigurationParameters();
        List<ClassSelector> classSelectors = request.getSelectorsByType(ClassSelector.class);
        Set<String> classes = new HashSet<>();
        for (ClassSelector selector : classSelectors) {
            solutionsClass(selector).filter(type -> classes.add(type.getName()))
                    .ifPresent(type -> engine.addChild(discoverClass(engine, type, parameters)));
        }
        List<UniqueIdSelector> uniqueIds = request.getSelectorsByType(UniqueIdSelector.class);
        discoverByUniqueIds(engine, uniqueIds, classes, parameters);
        List<Path> paths = new ArrayList<>();
        request.getSelectorsByType(DirectorySelector.class).forEach(s -> paths.add(s.getPath()));
        request.getSelectorsByType(FileSelector.class).forEach(s -> paths.add(s.getPath()));
        List<Submission> read = new ArrayList<>();
        request.getSelectorsByType(SubmissionSelector.class).forEach(s -> read.add(s.submission()));
        if (paths.isEmpty() && read.isEmpty() && classSelectors.isEmpty() && uniqueIds.isEmpty()) {
            paths.addAll(EngineSettings.paths(parameters));
        }
        if (!paths.isEmpty() || !read.isEmpty()) {
            try {
                addSubmissions(engine, engine, paths, read, parameters);
            } catch (CatalogException | IntakeException | ScoringException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        return engine;
    }

    /**
     * Tests selected by unique id, as tools select tests to run again (Surefire's
     * {@code rerunFailingTestsCount}, an IDE's "rerun failed"): the submission is graded again,
     * and only the selected tests are reported. A rerun that found nothing would pass in silence.
     */
    private static void discoverByUniqueIds(Engine engine, List<UniqueIdSelector> selectors, Set<String> classes,
                                            ConfigurationParameters parameters) {
        Map<String, Map<String, Set<String>>> wanted = new LinkedHashMap<>(); // class -> submission -> test keys
        Set<String> wholeClasses = new HashSet<>();
        Set<String> wholeSubmissions = new HashSet<>();
        for (UniqueIdSelector selector : selectors) {
            List<UniqueId.Segment> segments = selector.getUniqueId().getSegments();
            if (segments.size() < 2 || !selector.getUniqueId().getEngineId().equals(Optional.of(ID))
                    || !segments.get(1).getType().equals(SolutionsClassDescriptor.SEGMENT)) {
                continue;
            }
            String type = segments.get(1).getValue();
            Map<String, Set<String>> submissions = wanted.computeIfAbsent(type, t -> new LinkedHashMap<>());
            if (segments.size() == 2) {
                wholeClasses.add(type);
                continue;
            }
            String submission = SubmissionDescriptor.displayPathOf(segments.get(2).getValue());
            Set<String> tests = submissions.computeIfAbsent(submission, p -> new HashSet<>());
            if (segments.size() == 3) {
                wholeSubmissions.add(type + "\n" + submission);
            } else {
                tests.add(segments.get(3).getValue());
            }
        }
        wanted.forEach((name, submissions) -> {
            if (classes.contains(name)) {
                return; // selected whole already
            }
            Optional<Class<?>> type = solutionsClass(name);
            if (type.isEmpty()) {
                return;
            }
            classes.add(name);
            if (wholeClasses.contains(name)) {
                engine.addChild(discoverClass(engine, type.get(), parameters));
                return;
            }
            SolutionsClassDescriptor container = discoverClass(engine, type.get(),
                    submissions.keySet().stream().map(Path::of).toList(), parameters);
            for (TestDescriptor submission : List.copyOf(container.getChildren())) {
                String path = ((SubmissionDescriptor) submission).submission().displayPath();
                Set<String> tests = submissions.getOrDefault(path, Set.of());
                if (!wholeSubmissions.contains(name + "\n" + path) && !tests.isEmpty()) {
                    List.copyOf(submission.getChildren()).stream()
                            .filter(test -> !tests.contains(((SubmissionTestDescriptor) test).key()))
                            .forEach(TestDescriptor::removeFromHierarchy);
                }
            }
            engine.addChild(container);
        });
    }

    private static Optional<Class<?>> solutionsClass(String name) {
        try {
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            Class<?> type = Class.forName(name, false, loader != null ? loader : KataTestEngine.class.getClassLoader());
            return type.isAnnotationPresent(KataSolutions.class) ? Optional.of(type) : Optional.empty();
        } catch (ClassNotFoundException | RuntimeException | LinkageError e) {
            return Optional.empty();
        }
    }

    /** The selected class, when it is annotated {@link KataSolutions}; classes that cannot be loaded are not ours. */
    private static Optional<Class<?>> solutionsClass(ClassSelector selector) {
        try {
            Class<?> type = selector.getJavaClass();
            return type.isAnnotationPresent(KataSolutions.class) ? Optional.of(type) : Optional.empty();
        } catch (RuntimeException | LinkageError e) {
            return Optional.empty();
        }
    }

    /**
     * A {@link KataSolutions} class with its submissions, or with the problem that stopped
     * discovery: a build must fail loudly, never pass with nothing graded.
     */
    private static SolutionsClassDescriptor discoverClass(Engine engine, Class<?> type, ConfigurationParameters parameters) {
        List<Path> paths = EngineSettings.paths(parameters);
        if (paths.isEmpty()) {
            paths = Arrays.stream(type.getAnnotation(KataSolutions.class).value()).filter(p -> !p.isBlank()).map(Path::of).toList();
        }
        return discoverClass(engine, type, paths, parameters);
    }

    private static SolutionsClassDescriptor discoverClass(Engine engine, Class<?> type, List<Path> paths,
                                                          ConfigurationParameters parameters) {
        if (paths.isEmpty()) {
            return new SolutionsClassDescriptor(engine.getUniqueId(), type, "nothing to grade: name the solution folders in @KataSolutions(\"solutions\")"
                    + " on " + type.getName() + ", or set " + EngineSettings.PATHS);
        }
        SolutionsClassDescriptor container = new SolutionsClassDescriptor(engine.getUniqueId(), type, null);
        try {
            addSubmissions(engine, container, paths, List.of(), parameters);
            return container;
        } catch (CatalogException | IntakeException | ScoringException | RuntimeException e) {
            boolean relative = paths.stream().anyMatch(p -> !p.isAbsolute());
            return new SolutionsClassDescriptor(engine.getUniqueId(), type, e.getMessage()
                    + (relative ? " (relative paths start at " + Path.of("").toAbsolutePath() + ")" : ""));
        }
    }

    /**
     * Adds the submissions read from {@code paths} by the intake, and those already read, to
     * {@code parent}; the intake's warnings go to the engine's root, published when it runs.
     */
    private static void addSubmissions(Engine engine, TestDescriptor parent, List<Path> paths, List<Submission> read,
                                       ConfigurationParameters parameters)
            throws CatalogException, IntakeException, ScoringException {
        GradingOptions options = EngineSettings.options(parameters);
        KataCatalog catalog = EngineSettings.katas(parameters).isPresent()
                ? KataCatalog.load(EngineSettings.katas(parameters).get()) : KataCatalog.loadBundled();
        List<Submission> submissions = new ArrayList<>(read);
        if (!paths.isEmpty()) {
            Map<String, String> classNames = new LinkedHashMap<>();
            catalog.katas().forEach(k -> classNames.put(k.id(), k.spec().className()));
            ClassDownload download = new Intake(classNames, EngineSettings.kata(parameters)).read(paths);
            download.handins().forEach(h -> submissions.add(Submission.of(h)));
            engine.warnings.addAll(download.warnings());
        }
        boolean studentView = EngineSettings.studentView(parameters);
        List<KataDefinition> katas = new ArrayList<>();
        Map<String, Integer> names = new HashMap<>();
        submissions.forEach(s -> names.merge(s.kataId() + "/" + s.student(), 1, Integer::sum));
        for (Submission submission : submissions) {
            KataDefinition kata = catalog.byId(submission.kataId()).orElseThrow(() -> new IllegalArgumentException(
                    "unknown kata \"" + submission.kataId() + "\" of " + submission.displayPath()));
            // whose: the student, unless two submissions of the kata have the same name; then the path tells them apart
            String who = names.get(submission.kataId() + "/" + submission.student()) == 1
                    ? submission.student() : submission.displayPath();
            SubmissionDescriptor descriptor = new SubmissionDescriptor(parent.getUniqueId(), submission, kata, who);
            addTests(descriptor, kata, options, studentView);
            parent.addChild(descriptor);
            katas.add(kata);
        }
        PlannedTests.checkScoring(katas, options);
    }

    private static void addTests(SubmissionDescriptor descriptor, KataDefinition kata, GradingOptions options,
                                 boolean studentView) {
        descriptor.addChild(new SubmissionTestDescriptor(descriptor, GradingListener.compileKey(), "compiles"));
        if (PlannedTests.examples(options)) {
            int hidden = 0;
            for (Example example : kata.examples()) {
                String key = GradingListener.exampleKey(example.name());
                if (example.hidden() && studentView) {
                    String name = StudentView.hiddenName(++hidden);
                    descriptor.addChild(new SubmissionTestDescriptor(descriptor, key, name, name));
                } else {
                    descriptor.addChild(new SubmissionTestDescriptor(descriptor, key, "example " + example.name()));
                }
            }
        }
        for (EntryPoint entryPoint : PlannedTests.random(kata, options)) {
            descriptor.addChild(new SubmissionTestDescriptor(descriptor, GradingListener.randomKey(entryPoint.method()),
                    (options.replay().isPresent() ? "replay of " : entryPoint.smallDomain() ? "enumerated cases of "
                            : "random tests of ") + entryPoint.method()));
        }
        if (options.replay().isEmpty()) {
            // no random tests exist for an examples-only method: a skipped test says so in every Platform report
            for (EntryPoint entryPoint : PlannedTests.examplesOnly(kata)) {
                descriptor.addChild(new SubmissionTestDescriptor(descriptor, GradingListener.randomKey(entryPoint.method()),
                        "random tests of " + entryPoint.method()));
            }
        }
    }

    @Override
    public void execute(ExecutionRequest request) {
        TestDescriptor root = request.getRootTestDescriptor();
        EngineExecutionListener listener = new SynchronizedListener(request.getEngineExecutionListener());
        listener.executionStarted(root);
        if (root instanceof Engine engine) {
            engine.warnings.forEach(w -> listener.reportingEntryPublished(root, ReportEntry.from(WARNING_ENTRY, w)));
        }
        ConfigurationParameters parameters = request.getConfigurationParameters();
        List<SubmissionDescriptor> direct = new ArrayList<>();
        List<SolutionsClassDescriptor> classes = new ArrayList<>();
        for (TestDescriptor child : root.getChildren()) {
            if (child instanceof SubmissionDescriptor submission) {
                direct.add(submission);
            } else if (child instanceof SolutionsClassDescriptor solutions) {
                classes.add(solutions);
            }
        }
        GradingOptions options;
        SandboxLauncher launcher;
        try {
            options = EngineSettings.options(parameters);
            // children end in the background while the next submission compiles; all are waited for below
            launcher = SandboxLauncher.create(EngineSettings.isolation(parameters), Limits.DEFAULT).closingInBackground();
        } catch (SandboxException | RuntimeException e) {
            String why = e instanceof SandboxException ? e.getMessage() : "bad configuration: " + e.getMessage();
            direct.forEach(s -> listener.executionSkipped(s, why));
            for (SolutionsClassDescriptor solutions : classes) {
                listener.executionStarted(solutions);
                listener.executionFinished(solutions, TestExecutionResult.failed(new JudgeError(why)));
            }
            listener.executionFinished(root, direct.isEmpty() ? TestExecutionResult.successful()
                    : TestExecutionResult.failed(new JudgeError(why)));
            return;
        }
        int jobs = Math.max(1, EngineSettings.jobs(parameters));
        try (CompilerPool workers = new CompilerPool(EngineSettings.compileLimits(parameters), jobs);
             Grading grading = new Grading(new Grader(compilers.apply(workers), workers.limits(), launcher), listener,
                     jobs, Cancellation.of(request), EngineSettings.studentView(parameters))) {
            grading.gradeAll(direct, options, false);
            for (SolutionsClassDescriptor solutions : classes) {
                listener.executionStarted(solutions);
                if (solutions.problem().isPresent()) {
                    listener.executionFinished(solutions, TestExecutionResult.failed(new JudgeError(solutions.problem().get())));
                    continue;
                }
                List<SubmissionDescriptor> submissions = solutions.getChildren().stream()
                        .map(SubmissionDescriptor.class::cast).toList();
                // replay commands in the form of the build that ran this class, unless configured
                String command = EngineSettings.command(parameters)
                        .orElse("mvn test -Dtest=" + solutions.testClass().getSimpleName());
                grading.gradeAll(submissions, options.withCommand(command), EngineSettings.printResults(parameters));
                listener.executionFinished(solutions, TestExecutionResult.successful());
            }
        } finally {
            if (!launcher.awaitClosed(CLOSING_WAIT)) {
                System.err.println("kata-judge: warning: some submissions' JVMs had not ended " + CLOSING_WAIT.toSeconds()
                        + " s after grading");
            }
        }
        listener.executionFinished(root, TestExecutionResult.successful());
    }

    /** Grading submissions on a pool of threads, each submission's events as they happen. */
    private static final class Grading implements AutoCloseable {
        private final Grader grader;
        private final EngineExecutionListener listener;
        private final BooleanSupplier cancelled;
        private final ExecutorService pool;
        private final boolean studentView;

        Grading(Grader grader, EngineExecutionListener listener, int jobs, BooleanSupplier cancelled,
                boolean studentView) {
            this.grader = grader;
            this.listener = listener;
            this.cancelled = cancelled;
            this.studentView = studentView;
            AtomicInteger thread = new AtomicInteger();
            this.pool = Executors.newFixedThreadPool(Math.max(1, jobs), runnable -> {
                Thread t = new Thread(runnable, "kata-judge-grader-" + thread.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
        }

        /** @param print whether to print the whole result of a failing submission as its first failed test's output */
        void gradeAll(List<SubmissionDescriptor> submissions, GradingOptions options, boolean print) {
            List<Future<?>> running = new ArrayList<>();
            for (SubmissionDescriptor submission : submissions) {
                running.add(pool.submit(() -> {
                    if (cancelled.getAsBoolean()) {
                        listener.executionSkipped(submission, INTERRUPTED);
                    } else {
                        grade(submission, options, print);
                    }
                }));
            }
            // Every submission runs to its end, whatever happened to another (grade() never throws).
            for (Future<?> future : running) {
                try {
                    future.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (ExecutionException e) {
                    // not reached: grade() keeps every failure in its submission's events
                }
            }
        }

        /** Grades one submission and reports it; whatever goes wrong stays in this submission's result. */
        private void grade(SubmissionDescriptor descriptor, GradingOptions options, boolean print) {
            listener.executionStarted(descriptor);
            try {
                gradeAndReport(descriptor, options, print);
            } catch (Throwable e) {
                // A listener failed (Grader.grade itself does not throw): the submission is finished as failed,
                // and the command line, finding no result for it, reports a JUDGE_ERROR that says why.
                listener.executionFinished(descriptor, TestExecutionResult.failed(e));
            }
        }

        private void gradeAndReport(SubmissionDescriptor descriptor, GradingOptions options, boolean print) {
            DescriptorEvents events = new DescriptorEvents(descriptor, listener, print, studentView, cancelled);
            SubmissionResult teacherResult = grader.grade(descriptor.submission(), descriptor.kata(), options, events);
            if (cancelled.getAsBoolean()) {
                // Interrupted while in progress: whatever it got so far is not its grade.
                events.release(() -> { });
                events.finishRemaining(INTERRUPTED);
                listener.executionFinished(descriptor, TestExecutionResult.aborted(new InterruptedGradingException()));
                return;
            }
            SubmissionResult result = studentView ? StudentView.of(teacherResult) : teacherResult;
            String json = ReportJson.toJson(result);
            // Surefire drops report entries but keeps a test's output in its report files
            events.release(() -> System.out.println(RESULT_OUTPUT_PREFIX + json));
            events.finishRemaining(result.message());
            listener.reportingEntryPublished(descriptor, ReportEntry.from(RESULT_ENTRY, json));
            // A verdict shows on the test that failed; only a verdict no test carries (the judge
            // failed, the class could not be loaded) fails the submission itself.
            boolean untold = result.verdict() != Verdict.ACCEPTED && !events.anyFailed();
            listener.executionFinished(descriptor, untold
                    ? TestExecutionResult.failed(TestFailures.of(result.verdict(), SafeText.oneLine(result.message())))
                    : TestExecutionResult.successful());
        }

        @Override
        public void close() {
            pool.shutdownNow();
        }
    }

    /** Why a submission was not graded after the run was cancelled. */
    public static final String INTERRUPTED = "not graded: the run was interrupted";

    /** A submission whose grading was cut short by cancellation. */
    static final class InterruptedGradingException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InterruptedGradingException() {
            super(INTERRUPTED, null, false, false);
        }
    }

    /** The engine's root, with the warnings of reading the paths, published when it runs. */
    private static final class Engine extends EngineDescriptor {
        final List<String> warnings = new ArrayList<>();

        Engine(UniqueId uniqueId) {
            super(uniqueId, "kata-judge");
        }
    }
}

package org.katajudge.engine;

import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.DirectorySelector;
import org.junit.platform.engine.discovery.FileSelector;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.katajudge.catalog.CatalogException;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.PlannedSubmission;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.engine.plan.Submission;
import org.katajudge.intake.ClassDownload;
import org.katajudge.intake.Intake;
import org.katajudge.intake.IntakeException;
import org.katajudge.report.StudentView;
import org.katajudge.scoring.ScoringException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link KataTestEngine}'s discovery: selectors to the test tree. Test classes annotated
 * {@link KataSolutions} (how build tools select tests: the submissions become tests of that
 * class, so class-based reports include them), file and directory selectors, or
 * {@link EngineSettings#PATHS} when nothing was selected, read into students by the
 * {@link Intake}; tests selected by unique id (a rerun of failed tests). Each submission's tests
 * are its {@link org.katajudge.engine.plan.PlannedTests}: the tree shows the plan the engine grades.
 */
final class Discovery {

    private Discovery() {
    }

    static EngineRoot discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
        EngineRoot engine = new EngineRoot(uniqueId);
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
        if (paths.isEmpty() && classSelectors.isEmpty() && uniqueIds.isEmpty()) {
            paths.addAll(EngineSettings.paths(parameters));
        }
        if (!paths.isEmpty()) {
            try {
                addSubmissions(engine, engine, paths, parameters);
            } catch (CatalogException | IntakeException | ScoringException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        return engine;
    }

    /** The tree of a plan made by a front end in this process (the judge's command line). */
    static EngineRoot discover(UniqueId uniqueId, GradingPlan plan, boolean studentView) {
        EngineRoot engine = new EngineRoot(uniqueId);
        addPlanned(engine, plan.submissions(), studentView);
        return engine;
    }

    /**
     * Tests selected by unique id, as tools select tests to run again (Surefire's
     * {@code rerunFailingTestsCount}, an IDE's "rerun failed"): the submission is graded again,
     * and only the selected tests are reported. A rerun that found nothing would pass in silence.
     */
    private static void discoverByUniqueIds(EngineRoot engine, List<UniqueIdSelector> selectors, Set<String> classes,
                                            ConfigurationParameters parameters) {
        Map<String, Map<String, Set<String>>> wanted = new LinkedHashMap<>(); // class -> submission -> test keys
        Set<String> wholeClasses = new HashSet<>();
        Set<String> wholeSubmissions = new HashSet<>();
        for (UniqueIdSelector selector : selectors) {
            List<UniqueId.Segment> segments = selector.getUniqueId().getSegments();
            if (segments.size() < 2 || !selector.getUniqueId().getEngineId().equals(Optional.of(KataTestEngine.ID))
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
                String path = ((SubmissionDescriptor) submission).planned().submission().displayPath();
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
    private static SolutionsClassDescriptor discoverClass(EngineRoot engine, Class<?> type,
                                                          ConfigurationParameters parameters) {
        List<Path> paths = EngineSettings.paths(parameters);
        if (paths.isEmpty()) {
            paths = Arrays.stream(type.getAnnotation(KataSolutions.class).value()).filter(p -> !p.isBlank()).map(Path::of).toList();
        }
        return discoverClass(engine, type, paths, parameters);
    }

    private static SolutionsClassDescriptor discoverClass(EngineRoot engine, Class<?> type, List<Path> paths,
                                                          ConfigurationParameters parameters) {
        if (paths.isEmpty()) {
            return new SolutionsClassDescriptor(engine.getUniqueId(), type, "nothing to grade: name the solution folders in @KataSolutions(\"solutions\")"
                    + " on " + type.getName() + ", or set " + EngineSettings.PATHS);
        }
        SolutionsClassDescriptor container = new SolutionsClassDescriptor(engine.getUniqueId(), type, null);
        try {
            addSubmissions(engine, container, paths, parameters);
            return container;
        } catch (CatalogException | IntakeException | ScoringException | RuntimeException e) {
            boolean relative = paths.stream().anyMatch(p -> !p.isAbsolute());
            return new SolutionsClassDescriptor(engine.getUniqueId(), type, e.getMessage()
                    + (relative ? " (relative paths start at " + Path.of("").toAbsolutePath() + ")" : ""));
        }
    }

    /**
     * Adds the submissions read from {@code paths} by the intake to {@code parent}, planned; the
     * intake's warnings go to the engine's root, published when it runs.
     */
    private static void addSubmissions(EngineRoot engine, TestDescriptor parent, List<Path> paths,
                                       ConfigurationParameters parameters)
            throws CatalogException, IntakeException, ScoringException {
        var options = EngineSettings.options(parameters);
        KataCatalog catalog = EngineSettings.katas(parameters).isPresent()
                ? KataCatalog.load(EngineSettings.katas(parameters).get()) : KataCatalog.loadBundled();
        Map<String, String> classNames = new LinkedHashMap<>();
        catalog.katas().forEach(k -> classNames.put(k.id(), k.spec().className()));
        ClassDownload download = new Intake(classNames, EngineSettings.kata(parameters)).read(paths);
        engine.warnings.addAll(download.warnings());
        List<Submission> submissions = download.handins().stream().map(Submission::of).toList();
        addPlanned(parent, GradingPlan.of(submissions, catalog, options).submissions(),
                EngineSettings.studentView(parameters));
    }

    /** A descriptor for each submission, and one for each of its planned tests. */
    private static void addPlanned(TestDescriptor parent, List<PlannedSubmission> submissions, boolean studentView) {
        Map<String, Integer> names = new HashMap<>();
        submissions.forEach(s -> names.merge(s.kata().id() + "/" + s.submission().student(), 1, Integer::sum));
        for (PlannedSubmission planned : submissions) {
            Submission submission = planned.submission();
            // whose: the student, unless two submissions of the kata have the same name; then the path tells them apart
            String who = names.get(planned.kata().id() + "/" + submission.student()) == 1
                    ? submission.student() : submission.displayPath();
            SubmissionDescriptor descriptor = new SubmissionDescriptor(parent.getUniqueId(), planned, who);
            addTests(descriptor, planned, studentView);
            parent.addChild(descriptor);
        }
    }

    private static void addTests(SubmissionDescriptor descriptor, PlannedSubmission planned, boolean studentView) {
        int hidden = 0;
        for (PlannedTest test : planned.tests().tests()) {
            if (test instanceof PlannedTest.ExampleTest example && example.example().hidden() && studentView) {
                String name = StudentView.hiddenName(++hidden);
                descriptor.addChild(new SubmissionTestDescriptor(descriptor, test, name, name));
            } else {
                descriptor.addChild(new SubmissionTestDescriptor(descriptor, test, test.displayName()));
            }
        }
    }
}

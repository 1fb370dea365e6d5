package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.platform.engine.CancellationToken;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherExecutionRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.katajudge.catalog.Example;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.EngineSettings;
import org.katajudge.engine.KataTestEngine;
import org.katajudge.engine.Submission;
import org.katajudge.engine.SubmissionSelector;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.ReportJson;
import org.katajudge.report.ResultBounds;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Timings;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The one {@link AttemptGrader}, over what the engine offers today: the {@link KataTestEngine}
 * run through the JUnit Platform Launcher for one submission (as {@code cli/GradingRun} runs it
 * for {@code grade}), its tests' events from the Launcher's, its result from the JSON report
 * entry the engine publishes. Kept thin on purpose: it is to be ported onto the engine's typed
 * API (options as a value, results and events as objects) when that lands, and nothing else in
 * the server changes then.
 */
public final class LauncherAttemptGrader implements AttemptGrader {

    private final Optional<Path> katas;
    private final KataCatalog catalog;
    private final Map<String, String> parameters;
    private final Path scratch;
    private final Set<CancellationToken> underWay = ConcurrentHashMap.newKeySet();

    /**
     * @param katas      the katas folder, or empty for the judge's bundled katas
     * @param catalog    those katas, loaded
     * @param parameters the engine's configuration, as {@code grade} gives it (seed, cases,
     *                   isolation, command); the katas and jobs are set here
     * @param scratch    a folder for the kata folders of runs with saved cases
     */
    public LauncherAttemptGrader(Optional<Path> katas, KataCatalog catalog, Map<String, String> parameters, Path scratch) {
        this.katas = katas;
        this.catalog = catalog;
        this.parameters = Map.copyOf(parameters);
        this.scratch = scratch;
    }

    @Override
    public SubmissionResult grade(Submission submission, Mode mode, List<SavedCase> extra, TestEvents events) {
        Map<String, String> config = new HashMap<>(parameters);
        config.put(EngineSettings.JOBS, "1"); // the server runs gradings side by side itself
        katas.ifPresent(dir -> config.put(EngineSettings.KATAS, dir.toString()));
        if (mode == Mode.EXAMPLES) {
            config.put(EngineSettings.CASES, "0"); // grade --cases 0: the fixed examples only
        }
        Path withCases = null;
        try {
            if (mode == Mode.EXAMPLES && !extra.isEmpty()) {
                withCases = kataWithCases(submission.kataId(), extra);
                config.put(EngineSettings.KATAS, withCases.toString());
            }
            return run(submission, config, events);
        } catch (IOException | RuntimeException e) {
            return judgeError(submission, e.toString());
        } finally {
            if (withCases != null) {
                deleteTree(withCases);
            }
        }
    }

    @Override
    public void cancelAll() {
        underWay.forEach(CancellationToken::cancel);
    }

    private SubmissionResult run(Submission submission, Map<String, String> config, TestEvents events) {
        Set<String> hidden = catalog.byId(submission.kataId()).map(KataDefinition::examples).orElse(List.of()).stream()
                .filter(Example::hidden).map(e -> "example:" + e.name()).collect(Collectors.toSet());
        AtomicReference<SubmissionResult> result = new AtomicReference<>();
        AtomicReference<String> failure = new AtomicReference<>("the engine reported no result");
        TestExecutionListener listener = new TestExecutionListener() {
            private TestPlan plan;

            @Override
            public void testPlanExecutionStarted(TestPlan testPlan) {
                plan = testPlan;
            }

            @Override
            public void executionStarted(TestIdentifier test) {
                if (test.isTest()) {
                    events.test(event(test, TestEvent.Status.STARTED));
                }
            }

            @Override
            public void executionSkipped(TestIdentifier test, String reason) {
                if (test.isTest()) {
                    events.test(event(test, TestEvent.Status.NOT_RUN));
                }
            }

            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult outcome) {
                if (test.isTest()) {
                    events.test(event(test, switch (outcome.getStatus()) {
                        case SUCCESSFUL -> TestEvent.Status.PASSED;
                        case FAILED -> TestEvent.Status.FAILED;
                        case ABORTED -> TestEvent.Status.NOT_RUN;
                    }));
                } else {
                    outcome.getThrowable().ifPresent(e -> failure.set(e.toString()));
                }
            }

            @Override
            public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
                String json = entry.getKeyValuePairs().get(KataTestEngine.RESULT_ENTRY);
                if (json != null) {
                    result.set(ReportJson.fromJson(json));
                }
            }

            private TestEvent event(TestIdentifier test, TestEvent.Status status) {
                String key = UniqueId.parse(test.getUniqueId()).getLastSegment().getValue();
                String name = test.getDisplayName();
                Optional<TestIdentifier> parent = plan == null ? Optional.empty() : plan.getParent(test);
                if (parent.isPresent() && name.startsWith(parent.get().getDisplayName())) {
                    name = name.substring(parent.get().getDisplayName().length()).replaceFirst("^\\s*\\S\\s", "");
                }
                return new TestEvent(key, name, hidden.contains(key), status);
            }
        };
        Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                .enableTestEngineAutoRegistration(false)
                .enableLauncherSessionListenerAutoRegistration(false)
                .enableLauncherDiscoveryListenerAutoRegistration(false)
                .enablePostDiscoveryFilterAutoRegistration(false)
                .enableTestExecutionListenerAutoRegistration(false)
                .addTestEngines(new KataTestEngine())
                .build());
        CancellationToken cancel = CancellationToken.create();
        underWay.add(cancel);
        try {
            launcher.execute(LauncherExecutionRequestBuilder.request(LauncherDiscoveryRequestBuilder.request()
                            .selectors(SubmissionSelector.of(submission))
                            .configurationParameters(config)
                            .enableImplicitConfigurationParameters(false)
                            .build())
                    .listeners(listener)
                    .cancellationToken(cancel)
                    .build());
        } catch (RuntimeException e) {
            failure.set(e.toString());
        } finally {
            underWay.remove(cancel);
        }
        return result.get() != null ? result.get() : judgeError(submission, failure.get());
    }

    /** A copy of the kata's folder whose examples.json also holds the saved cases, in a folder of its own. */
    private Path kataWithCases(String kataId, List<SavedCase> extra) throws IOException {
        Files.createDirectories(scratch);
        Path root = Files.createTempDirectory(scratch, "katas-");
        Path folder = root.resolve(kataId);
        Optional<Path> source = katas.map(dir -> dir.resolve(kataId)).filter(Files::isDirectory);
        if (source.isPresent()) {
            copyTree(source.get(), folder);
        } else {
            Files.createDirectories(folder);
            for (String file : List.of("kata.json", "examples.json", "README.md")) {
                try (InputStream in = LauncherAttemptGrader.class.getClassLoader()
                        .getResourceAsStream("katas/" + kataId + "/" + file)) {
                    if (in != null) {
                        Files.copy(in, folder.resolve(file));
                    }
                }
            }
        }
        Path examples = folder.resolve("examples.json");
        ObjectNode document = (ObjectNode) ReportJson.mapper().readTree(examples.toFile());
        ArrayNode list = (ArrayNode) document.get("examples");
        for (SavedCase saved : extra) {
            ObjectNode example = list.addObject();
            example.put("name", saved.name());
            example.put("method", saved.method());
            example.set("args", saved.args());
            example.set("expected", saved.expected() == null ? com.fasterxml.jackson.databind.node.NullNode.instance
                    : (JsonNode) saved.expected());
        }
        Files.writeString(examples, ReportJson.mapper().writeValueAsString(document));
        return root;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path path : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }

    static void deleteTree(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // a leftover in the scratch folder; the next start clears it
        }
    }

    private static SubmissionResult judgeError(Submission submission, String why) {
        return ResultBounds.apply(new SubmissionResult(submission.displayPath(), submission.student(), submission.kataId(),
                Verdict.JUDGE_ERROR, "judge error (not the submission's fault): " + why, 0, 0, List.of(), 0, 0,
                new Timings(0, 0, 0), CapturedOutput.NONE, null, List.of(), submission.notes(), List.of(), null));
    }
}

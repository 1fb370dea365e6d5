package org.katajudge.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.katajudge.Spinners;
import org.katajudge.TestHome;
import org.junit.platform.engine.CancellationToken;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.engine.EngineOptions;
import org.katajudge.engine.GradingEngine;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.Submission;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.Isolation;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A verdict does not depend on how busy the machine is (issue 19): the limit samples of
 * {@code submissions/chess-square-color/} (time, memory and output limits, run-time error, the
 * rejected ones) and its accepted ones are graded while twice as many spinning processes as
 * cores load the machine, each in a session of its own as another user's job would be, under
 * every isolation mode this machine offers, all modes at once; every verdict is the one its
 * folder names. Once per mode by default; {@code -Dkatajudge.loadRounds=N} grades them N times.
 *
 * <p>A heap exhausted in 0.3 s of CPU time took 12 s by the wall clock on a loaded machine and
 * came out TIME_LIMIT_EXCEEDED instead of MEMORY_LIMIT_EXCEEDED: the judge's clocks must count
 * what the submission did, not how long it waited for a CPU.
 */
@Isolated("loads the machine with processes of its own: nothing else of this JVM should run meanwhile")
class LimitSamplesUnderLoadTest {

    private static final String KATA = "chess-square-color";
    private static final List<Verdict> GRADED = List.of(Verdict.TIME_LIMIT_EXCEEDED, Verdict.MEMORY_LIMIT_EXCEEDED,
            Verdict.OUTPUT_LIMIT_EXCEEDED, Verdict.RUNTIME_ERROR, Verdict.REJECTED, Verdict.ACCEPTED);
    private static final int ROUNDS = Integer.getInteger("katajudge.loadRounds", 1);

    @TempDir
    Path work;

    /**
     * One test per isolation mode. The modes are graded at once, under one set of spinners: each
     * child then gets less of a CPU than one mode alone would leave it, and the whole takes about
     * half the time of one mode after another.
     */
    @TestFactory
    Stream<DynamicTest> everyLimitSampleGetsItsVerdictOnABusyMachine() throws Exception {
        Map<Isolation, String> unavailable = new EnumMap<>(Isolation.class);
        List<Isolation> isolations = new ArrayList<>();
        for (Isolation isolation : Isolation.values()) {
            try {
                SandboxLauncher.create(Optional.of(isolation), Limits.DEFAULT);
                isolations.add(isolation);
            } catch (SandboxException e) {
                unavailable.put(isolation, e.getMessage());
            }
        }
        Map<String, Verdict> expected = copySamples(work.resolve("batch").resolve(KATA));
        List<Submission> submissions = GradeCommand.find(Workspace.open(Optional.empty()), Optional.empty(),
                List.of(work.resolve("batch")));
        assertEquals(expected.size(), submissions.size(), () -> "found " + submissions);
        GradingPlan plan = GradingPlan.of(submissions, KataCatalog.load(TestHome.katas()), GradingOptions.grading(0, 20));

        Map<Isolation, List<Map<String, SubmissionResult>>> rounds = new EnumMap<>(Isolation.class);
        ExecutorService modes = Executors.newFixedThreadPool(Math.max(1, isolations.size()));
        try (Spinners busy = Spinners.twicePerCore()) {
            Map<Isolation, Future<List<Map<String, SubmissionResult>>>> graded = new EnumMap<>(Isolation.class);
            for (Isolation isolation : isolations) {
                graded.put(isolation, modes.submit(() -> gradeRounds(plan, isolation)));
            }
            for (Map.Entry<Isolation, Future<List<Map<String, SubmissionResult>>>> mode : graded.entrySet()) {
                rounds.put(mode.getKey(), mode.getValue().get());
            }
        } finally {
            modes.shutdownNow();
        }
        return Arrays.stream(Isolation.values()).map(isolation -> DynamicTest.dynamicTest(isolation.optionValue(), () -> {
            Assumptions.assumeTrue(rounds.containsKey(isolation), () -> "skipped: " + unavailable.get(isolation));
            List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
            List<Map<String, SubmissionResult>> byRound = rounds.get(isolation);
            for (int round = 1; round <= byRound.size(); round++) {
                Map<String, SubmissionResult> byName = byRound.get(round - 1);
                int at = round;
                expected.forEach((name, verdict) -> checks.add(() -> {
                    SubmissionResult result = byName.get(name);
                    assertNotNull(result, name + " has no result");
                    assertEquals(verdict, result.verdict(), () -> "round " + at + ", " + name + ": " + result.message());
                }));
            }
            assertAll(checks);
        }));
    }

    /** {@link #ROUNDS} gradings of {@code plan} under {@code isolation}: per round, the results by submission folder name. */
    private static List<Map<String, SubmissionResult>> gradeRounds(GradingPlan plan, Isolation isolation) throws Exception {
        List<Map<String, SubmissionResult>> rounds = new ArrayList<>();
        for (int round = 1; round <= ROUNDS; round++) {
            List<SubmissionResult> results;
            try (GradingEngine engine = GradingEngine.open(EngineOptions.defaults().withJobs(2)
                    .withIsolation(Optional.of(isolation)))) {
                results = EngineRun.grade(engine, plan, false, Optional.empty(), result -> { },
                        CancellationToken.disabled()).resultsByPath();
            }
            Map<String, SubmissionResult> byName = new TreeMap<>();
            for (SubmissionResult result : results) {
                byName.put(Path.of(result.submission()).getFileName().toString(), result);
            }
            rounds.add(byName);
        }
        return rounds;
    }

    /** Copies the samples of the verdicts graded here into {@code batch}, as {@code <verdict>-<name>}: name -> verdict. */
    private static Map<String, Verdict> copySamples(Path batch) throws IOException {
        Map<String, Verdict> expected = new TreeMap<>();
        for (Verdict verdict : GRADED) {
            Path folder = TestHome.submissions().resolve(KATA).resolve(verdict.folderName());
            try (Stream<Path> samples = Files.list(folder)) {
                for (Path sample : samples.sorted().toList()) {
                    String name = verdict.folderName() + "-" + sample.getFileName();
                    TestHome.copyTree(sample, batch.resolve(name));
                    expected.put(name, verdict);
                }
            }
        }
        return expected;
    }
}

package org.katajudge.bench;

import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.compile.SolutionPolicy;
import org.katajudge.compile.SubmissionCompiler;
import org.katajudge.engine.EngineSettings;
import org.katajudge.compile.CompileLimits;
import org.katajudge.engine.pipeline.Grader;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.PlannedSubmission;
import org.katajudge.engine.plan.PlannedTests;
import org.katajudge.engine.plan.Submission;
import org.katajudge.engine.plan.TestListener;
import org.katajudge.fuzz.Fuzzer;
import org.katajudge.fuzz.InProcessTarget;
import org.katajudge.fuzz.MethodRun;
import org.katajudge.intake.Intake;
import org.katajudge.report.SubmissionResult;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxLauncher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Fuzzing throughput per kata: the sandboxed fuzzer ({@code fuzz}, a child JVM per submission)
 * against the physical limit, the bare loop of generate + reference + submission in this JVM
 * without a sandbox. Both run the same accepted sample for the same time in the same process,
 * so the ratio holds on a noisy machine. Usage: {@code FuzzThroughput [DURATION] [KATA...]}.
 */
public final class FuzzThroughput {

    private FuzzThroughput() {
    }

    public static void main(String[] args) throws Exception {
        Duration time = args.length > 0 ? EngineSettings.duration(args[0]) : Duration.ofSeconds(5);
        Path home = Path.of(System.getProperty("katajudge.home", "."));
        KataCatalog catalog = KataCatalog.load(home.resolve("katas"));
        List<String> only = args.length > 1 ? List.of(args).subList(1, args.length) : List.of();
        SandboxLauncher launcher = SandboxLauncher.create(Optional.empty(), Limits.DEFAULT);
        Grader grader = new Grader(new SubmissionCompiler(SolutionPolicy.standard()), CompileLimits.DEFAULT, launcher);
        System.out.printf(Locale.ROOT, "fuzz throughput, %s per run, isolation %s, %d cores, java %s%n", time,
                launcher.isolation().optionValue(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"));
        System.out.printf(Locale.ROOT, "%-26s %-22s %14s %14s %7s%n", "kata", "sample", "bare cases/s",
                "sandbox cases/s", "ratio");
        for (KataDefinition kata : catalog.katas()) {
            if (!only.isEmpty() && !only.contains(kata.id())) {
                continue;
            }
            Path sample;
            try (Stream<Path> samples = Files.list(home.resolve("submissions").resolve(kata.id()).resolve("accepted"))) {
                sample = samples.sorted().findFirst().orElseThrow();
            }
            // Warm both paths once (javac, JIT of the judge's own generator and reference code).
            bare(kata, sample, Duration.ofMillis(500));
            sandboxed(grader, kata, sample, Duration.ofMillis(500));
            Run bare = bare(kata, sample, time);
            Run sandboxed = sandboxed(grader, kata, sample, time);
            if (kata.entryPoints().stream().allMatch(e -> e.smallDomain())) {
                // Enumerated whole in milliseconds: the child JVM's start-up is all there is to compare.
                System.out.printf(Locale.ROOT, "%-26s %-22s   the whole domain (%d cases): %.1f ms bare, %.0f ms"
                        + " sandboxed, compile and child JVM start included%n", kata.id(), sample.getFileName(),
                        bare.cases, bare.seconds * 1e3, sandboxed.seconds * 1e3);
                continue;
            }
            System.out.printf(Locale.ROOT, "%-26s %-22s %,14.0f %,14.0f %6.2fx%n", kata.id(), sample.getFileName(),
                    bare.perSecond(), sandboxed.perSecond(), bare.perSecond() / sandboxed.perSecond());
        }
    }

    /** Cases run in so many seconds. */
    private record Run(long cases, double seconds) {
        double perSecond() {
            return cases / seconds;
        }
    }

    /** The bare loop: generate, reference, call in this JVM (compiling and loading not counted). */
    private static Run bare(KataDefinition kata, Path sample, Duration time) throws Exception {
        InProcessTarget target = InProcessTarget.load(sample, kata.code());
        long started = System.nanoTime();
        // fuzz's own settings (a re-ask per eight new cases), a small domain enumerated once
        List<MethodRun> runs = Fuzzer.run(kata.id(), kata.entryPoints(), target,
                Fuzzer.Settings.fuzzing(0, Integer.MAX_VALUE, time).withShrinkCalls(0)
                        .withShrinkSafetyTime(Duration.ZERO).withRepeatSmallDomains(false));
        long cases = runs.stream().mapToLong(MethodRun::cases).sum();
        return new Run(cases, (System.nanoTime() - started) / 1e9);
    }

    /** What {@code fuzz} does: compile, start the child JVM, run; all of it counted. */
    private static Run sandboxed(Grader grader, KataDefinition kata, Path sample, Duration time) throws Exception {
        Submission submission = Submission.of(new Intake(Map.of(kata.id(), kata.spec().className()), Optional.empty())
                .readOne(sample, kata.id()));
        // A small domain: stop after its enumeration (fuzz would go on asking it again until the time ends).
        int cases = kata.entryPoints().stream().allMatch(e -> e.smallDomain()) ? 1 : Integer.MAX_VALUE;
        GradingOptions options = GradingOptions.grading(0, 0).withMode(new GradingMode.Fuzz(cases, time, 0));
        SubmissionResult result = grader.grade(new PlannedSubmission(submission, PlannedTests.of(kata, options)), options,
                TestListener.NONE, () -> false);
        if (result.cases() == 0) {
            throw new IllegalStateException(sample + ": " + result.verdict() + " " + result.message());
        }
        return new Run(result.cases(), result.timings().totalMillis() / 1e3);
    }
}

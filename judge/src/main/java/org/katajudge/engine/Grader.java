package org.katajudge.engine;

import org.katajudge.catalog.Example;
import org.katajudge.catalog.JsonValues;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompilerMessage;
import org.katajudge.compile.SourceFile;
import org.katajudge.compile.SubmissionCompiler;
import org.katajudge.fuzz.CaseJudgement;
import org.katajudge.fuzz.Failure;
import org.katajudge.fuzz.Fuzzer;
import org.katajudge.fuzz.MethodRun;
import org.katajudge.fuzz.TargetUnavailableException;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.ValueType;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.Counterexample;
import org.katajudge.report.RuleCoverage;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;
import org.katajudge.report.Timings;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.LoadRequest;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;
import org.katajudge.sandbox.SubmissionLoadException;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Grades one submission from its sources to its {@link SubmissionResult}: compile and check the
 * policy, start its sandboxed JVM, run the fixed examples, run the random tests of each method
 * against the reference (shrinking the first failure), and decide the verdict.
 *
 * <p>The verdict is that of the first failing case, examples first; when the random tests found
 * the same kind of failure, their shrunk case is the counterexample, since it is the smallest
 * and replays from its choices. A result is always returned: the judge's own failures become
 * {@link Verdict#JUDGE_ERROR}.
 */
public final class Grader {

    /** Larger sources are not compiled: no kata solution needs them, and javac's time is shared. */
    private static final long MAX_SOURCE_BYTES = 1 << 20;

    private final SubmissionCompiler compiler;
    private final SandboxLauncher launcher;

    public Grader(SubmissionCompiler compiler, SandboxLauncher launcher) {
        this.compiler = compiler;
        this.launcher = launcher;
    }

    public SubmissionResult grade(Submission submission, KataDefinition kata, GradingOptions options,
                                  GradingListener listener) {
        Run run = new Run(submission, kata, options, listener);
        try {
            return run.grade();
        } catch (RuntimeException e) {
            return run.judgeError("internal error: " + e, List.of(stackTrace(e)));
        }
    }

    /** The state of grading one submission. */
    private final class Run {
        private final Submission submission;
        private final KataDefinition kata;
        private final GradingOptions options;
        private final GradingListener listener;
        private final long started = System.nanoTime();
        private final List<TestOutcome> tests = new ArrayList<>();
        private final List<RuleCoverage> coverage = new ArrayList<>();
        private long compileNanos;
        private int randomCases;
        private CapturedOutput output = CapturedOutput.NONE;
        private Verdict verdict;
        private String message;
        private Counterexample counterexample;
        private boolean dead;

        Run(Submission submission, KataDefinition kata, GradingOptions options, GradingListener listener) {
            this.submission = submission;
            this.kata = kata;
            this.options = options;
            this.listener = listener;
        }

        SubmissionResult grade() {
            listener.started(GradingListener.compileKey());
            Compilation compilation = compile();
            compileNanos = System.nanoTime() - started;
            if (compilation instanceof Compilation.Failed failed) {
                List<String> errors = failed.errors().stream().map(Object::toString).toList();
                return notRun(Verdict.COMPILE_ERROR, "compile error: " + errors.get(0), errors);
            }
            if (compilation instanceof Compilation.Rejected rejected) {
                List<String> violations = rejected.violations().stream().map(Object::toString).toList();
                return notRun(Verdict.REJECTED, "rejected: " + violations.get(0), violations);
            }
            Compilation.Compiled compiled = (Compilation.Compiled) compilation;
            finish(GradingListener.compileKey(), TestOutcome.compile(Status.PASSED, null));

            LoadRequest request = new LoadRequest(kata.spec().className(), compiled.classes(),
                    kata.entryPoints().stream()
                            .map(e -> new LoadRequest.Method(e.method(), e.parameters(), e.returns()))
                            .toList());
            SandboxLauncher kataLauncher = launcher.withLimits(limits());
            try (SubmissionProcess process = new SubmissionProcess(kataLauncher, request, options.fuzz())) {
                try {
                    process.start();
                } catch (SubmissionLoadException e) {
                    return notRun(Verdict.COMPILE_ERROR, "the class cannot be loaded: " + e.getMessage(), List.of());
                } catch (SandboxException e) {
                    return judgeError("the sandbox failed: " + e.getMessage(), List.of());
                }
                try {
                    if (options.replay().isPresent()) {
                        replay(process, options.replay().get());
                    } else {
                        if (!options.fuzz()) {
                            runExamples(process);
                        }
                        runRandomTests(process);
                    }
                } catch (TargetUnavailableException e) {
                    output = process.output();
                    return judgeError(e.getMessage(), List.of());
                }
                output = process.output();
            }
            if (verdict == null) {
                verdict = Verdict.ACCEPTED;
                message = acceptedMessage();
            }
            return result(List.of());
        }

        /**
         * The kata's time per call (CPU time), and a total budget that grows with the cases asked
         * for: every example and {@code --cases} per method, or, fuzzing, the time budget besides.
         */
        private Limits limits() {
            Limits limits = launcher.limits().withPerCall(Duration.ofMillis(kata.spec().timeLimitMillis()));
            if (options.fuzz()) {
                long cases = options.cases() == Integer.MAX_VALUE ? 0 : options.cases();
                Limits scaled = limits.withTotalForCases(cases);
                return scaled.withTotal(scaled.total().plus(options.time().orElse(GradingOptions.DEFAULT_FUZZ_TIME)));
            }
            return limits.withTotalForCases(kata.examples().size() + (long) options.cases() * kata.entryPoints().size());
        }

        private Compilation compile() {
            List<SourceFile> sources = new ArrayList<>();
            for (Path file : submission.sources()) {
                try {
                    if (Files.size(file) > MAX_SOURCE_BYTES) {
                        return failed(file.getFileName() + " is larger than " + (MAX_SOURCE_BYTES >> 10) + " KiB");
                    }
                    sources.add(new SourceFile(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8)));
                } catch (IOException e) {
                    return failed("cannot read " + file.getFileName() + " as UTF-8 text: " + e.getClass().getSimpleName());
                }
            }
            return compiler.compile(sources, kata.spec().className(), kata.entryPoints(), options.enforcePolicy());
        }

        private Compilation failed(String message) {
            return new Compilation.Failed(List.of(new CompilerMessage("", 0, 0, message)));
        }

        private void runExamples(SubmissionProcess process) {
            List<Example> examples = kata.examples();
            int start = 0;
            while (start < examples.size()) {
                String method = examples.get(start).method();
                int end = start;
                while (end < examples.size() && examples.get(end).method().equals(method)) {
                    end++;
                }
                List<Example> batch = examples.subList(start, end);
                start = end;
                if (dead) {
                    batch.forEach(e -> notRunTest(GradingListener.exampleKey(e.name()),
                            TestOutcome.example(e.name(), e.method(), Status.NOT_RUN, "not run: " + message)));
                    continue;
                }
                int methodIndex = methodIndex(method);
                EntryPoint entryPoint = kata.entryPoint(method);
                batch.forEach(e -> listener.started(GradingListener.exampleKey(e.name())));
                List<CallResult> results = process.call(methodIndex, batch.stream().map(Example::args).toList());
                for (int i = 0; i < batch.size(); i++) {
                    Example example = batch.get(i);
                    String key = GradingListener.exampleKey(example.name());
                    if (i >= results.size() || dead) {
                        finish(key, TestOutcome.example(example.name(), method, Status.NOT_RUN, "not run: " + message));
                        continue;
                    }
                    CallResult result = results.get(i);
                    Explanation expected = Fuzzer.expected(entryPoint, example.args());
                    Verdict caseVerdict = CaseJudgement.judge(entryPoint, expected, result);
                    if (caseVerdict == Verdict.ACCEPTED) {
                        finish(key, TestOutcome.example(example.name(), method, Status.PASSED, null));
                        continue;
                    }
                    String problem = describe(caseVerdict, entryPoint, expected, result);
                    finish(key, TestOutcome.example(example.name(), method, Status.FAILED, problem));
                    fail(caseVerdict, caseVerdict.words() + " on example \"" + example.name() + "\": " + problem,
                            counterexample(entryPoint, example.name(), example.args(), expected, result, null, 0,
                                    options.command() + " grade --kata " + kata.id() + " " + quoted(submission.displayPath())));
                    dead |= result.fatal();
                }
            }
        }

        private void runRandomTests(SubmissionProcess process) {
            List<EntryPoint> entryPoints = kata.entryPoints();
            if (dead) {
                entryPoints.forEach(e -> notRunTest(GradingListener.randomKey(e.method()),
                        TestOutcome.random(e.method(), Status.NOT_RUN, "not run: " + message, 0, false)));
                return;
            }
            entryPoints.forEach(e -> listener.started(GradingListener.randomKey(e.method())));
            List<MethodRun> runs = Fuzzer.run(kata.id(), entryPoints, process, settings());
            for (int m = 0; m < entryPoints.size(); m++) {
                EntryPoint entryPoint = entryPoints.get(m);
                MethodRun methodRun = runs.get(m);
                String key = GradingListener.randomKey(entryPoint.method());
                randomCases += methodRun.cases();
                coverage.addAll(methodRun.coverage());
                if (methodRun.failure().isEmpty()) {
                    Status status = methodRun.cases() > 0 ? Status.PASSED : Status.NOT_RUN;
                    finish(key, TestOutcome.random(entryPoint.method(), status,
                            status == Status.PASSED ? null : "not run: " + message, methodRun.cases(), methodRun.exhaustive()));
                    continue;
                }
                Failure failure = methodRun.failure().get();
                String problem = describe(failure.verdict(), entryPoint, failure.expected(), failure.result());
                String found = "after " + methodRun.cases() + " random case" + (methodRun.cases() == 1 ? "" : "s")
                        + (failure.shrinkSteps() > 0 ? ", shrunk in " + failure.shrinkSteps() + " steps" : "");
                finish(key, TestOutcome.random(entryPoint.method(), Status.FAILED, problem + " (" + found + ")",
                        methodRun.cases(), methodRun.exhaustive()));
                randomFailure(failure, entryPoint, failure.verdict().words() + " on a generated case ("
                        + found + "): " + problem);
            }
        }

        private void replay(SubmissionProcess process, GradingOptions.Replay replay) {
            int m = methodIndex(replay.method());
            EntryPoint entryPoint = kata.entryPoint(replay.method());
            String key = GradingListener.randomKey(entryPoint.method());
            listener.started(key);
            Object[] args = entryPoint.generate(replay.choices().replay());
            Explanation expected = Fuzzer.expected(entryPoint, args);
            CallResult result = process.call(m, List.<Object[]>of(args)).get(0);
            Verdict caseVerdict = CaseJudgement.judge(entryPoint, expected, result);
            randomCases = 1;
            if (caseVerdict == Verdict.ACCEPTED) {
                finish(key, TestOutcome.random(entryPoint.method(), Status.PASSED, null, 1, false));
                return;
            }
            String problem = describe(caseVerdict, entryPoint, expected, result);
            finish(key, TestOutcome.random(entryPoint.method(), Status.FAILED, problem, 1, false));
            fail(caseVerdict, caseVerdict.words() + " on the replayed case: " + problem,
                    counterexample(entryPoint, null, args, expected, result, replay.choices().toString(), 0,
                            replayCommand(entryPoint, replay.choices().toString())));
        }

        private void randomFailure(Failure failure, EntryPoint entryPoint, String text) {
            String choices = failure.found().choices().toString();
            Counterexample shrunk = counterexample(entryPoint, null, failure.found().args(), failure.expected(),
                    failure.result(), choices, failure.shrinkSteps(), replayCommand(entryPoint, choices));
            if (verdict == null) {
                fail(failure.verdict(), text, shrunk);
            } else if (verdict == failure.verdict() && counterexample != null && counterexample.example() != null) {
                // The same kind of failure on a generated case: show that one, the smallest the generator can draw.
                message += "; it also fails on generated cases, the smallest is shown";
                counterexample = shrunk;
            }
            dead |= failure.result().fatal();
        }

        private Fuzzer.Settings settings() {
            return options.fuzz()
                    ? Fuzzer.Settings.fuzzing(options.seed(), options.cases(), options.time().orElse(GradingOptions.DEFAULT_FUZZ_TIME))
                    : Fuzzer.Settings.grading(options.seed(), options.cases());
        }

        private String replayCommand(EntryPoint entryPoint, String choices) {
            return options.command() + " fuzz --kata " + kata.id() + " --method " + entryPoint.method()
                    + " --replay " + choices + " " + quoted(submission.displayPath());
        }

        private void fail(Verdict caseVerdict, String text, Counterexample example) {
            if (verdict == null) {
                verdict = caseVerdict;
                message = text;
                counterexample = example;
            }
        }

        private int methodIndex(String method) {
            List<EntryPoint> entryPoints = kata.entryPoints();
            for (int i = 0; i < entryPoints.size(); i++) {
                if (entryPoints.get(i).method().equals(method)) {
                    return i;
                }
            }
            throw new IllegalArgumentException(kata.id() + " has no method " + method);
        }

        private void finish(String key, TestOutcome outcome) {
            tests.add(outcome);
            listener.finished(key, outcome);
        }

        /** A test that never started: reported as finished (not run) without a start. */
        private void notRunTest(String key, TestOutcome outcome) {
            finish(key, outcome);
        }

        private String acceptedMessage() {
            long examples = tests.stream().filter(t -> t.kind().equals("example")).count();
            String random = randomCases + " random case" + (randomCases == 1 ? "" : "s");
            boolean exhaustive = tests.stream().anyMatch(TestOutcome::exhaustive);
            return (options.fuzz() ? "" : "all " + examples + " examples and ") + random
                    + (exhaustive ? " (every input of the small domains)" : "") + " passed";
        }

        /** A verdict decided before anything ran: every later test is reported as not run. */
        SubmissionResult notRun(Verdict notRunVerdict, String text, List<String> diagnostics) {
            verdict = notRunVerdict;
            message = text;
            if (tests.isEmpty()) {
                finish(GradingListener.compileKey(), TestOutcome.compile(Status.FAILED, text));
            }
            if (!options.fuzz() && options.replay().isEmpty()) {
                kata.examples().forEach(e -> notRunTest(GradingListener.exampleKey(e.name()),
                        TestOutcome.example(e.name(), e.method(), Status.NOT_RUN, "not run: " + notRunVerdict.words())));
            }
            kata.entryPoints().stream()
                    .filter(e -> options.replay().isEmpty() || options.replay().get().method().equals(e.method()))
                    .forEach(e -> notRunTest(GradingListener.randomKey(e.method()),
                            TestOutcome.random(e.method(), Status.NOT_RUN, "not run: " + notRunVerdict.words(), 0, false)));
            return result(diagnostics);
        }

        SubmissionResult judgeError(String text, List<String> diagnostics) {
            verdict = Verdict.JUDGE_ERROR;
            message = "judge error (not the submission's fault): " + text;
            counterexample = null;
            return result(diagnostics);
        }

        private SubmissionResult result(List<String> diagnostics) {
            long total = System.nanoTime() - started;
            Timings timings = new Timings(compileNanos / 1_000_000, (total - compileNanos) / 1_000_000, total / 1_000_000);
            var isolation = new SubmissionResult.Isolation(launcher.isolation().optionValue(),
                    launcher.isolation().description());
            double[] points = SubmissionResult.totals(tests);
            return new SubmissionResult(submission.displayPath(), submission.student(), kata.id(), verdict, message,
                    points[0], points[1], tests, randomCases, options.seed(), timings, output, counterexample,
                    diagnostics, List.of(), coverage, isolation);
        }

        private Counterexample counterexample(EntryPoint entryPoint, String example, Object[] args, Explanation expected,
                                              CallResult result, String choices, int shrinkSteps, String replay) {
            return new Counterexample(entryPoint.method(), example, JsonValues.toJson(args),
                    JsonValues.toJson(expected.answer()),
                    result.returned() ? JsonValues.toJson(result.value()) : null,
                    result.returned() ? null : result.detail(),
                    expected.reason(), entryPoint.render(args), choices, shrinkSteps, replay);
        }
    }

    /** What went wrong on one case, in one line. */
    static String describe(Verdict verdict, EntryPoint entryPoint, Explanation expected, CallResult result) {
        if (verdict == Verdict.WRONG_ANSWER) {
            return entryPoint.method() + " returned " + ValueType.show(result.value()) + ", expected "
                    + ValueType.show(expected.answer());
        }
        String detail = result.detail() == null ? "" : result.detail().lines().findFirst().orElse("");
        return entryPoint.method() + ": " + detail;
    }

    private static String quoted(String path) {
        return path.matches("[A-Za-z0-9_./@%+=:,-]+") ? path : "'" + path.replace("'", "'\\''") + "'";
    }

    private static String stackTrace(Throwable e) {
        StringWriter text = new StringWriter();
        e.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}

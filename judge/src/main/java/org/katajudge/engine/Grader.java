package org.katajudge.engine;

import org.katajudge.catalog.Example;
import org.katajudge.catalog.JsonValues;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.SubmissionCompiler;
import org.katajudge.fuzz.CaseJudgement;
import org.katajudge.fuzz.Failure;
import org.katajudge.fuzz.Fuzzer;
import org.katajudge.fuzz.MethodRun;
import org.katajudge.fuzz.TargetUnavailableException;
import org.katajudge.intake.IntakeVerdict;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.RuleCheck;
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
import org.katajudge.scoring.PointsTable;
import org.katajudge.scoring.ScoringException;
import org.katajudge.sandbox.LoadRequest;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;
import org.katajudge.sandbox.SubmissionLoadException;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Grades one submission from its sources to its {@link SubmissionResult}: compile and check the
 * policy, start its sandboxed JVM, run the fixed examples, run the random tests of each method
 * against the reference (shrinking the first failure), and decide the verdict.
 *
 * <p>The verdict is that of the first failing case, examples first; when the random tests found
 * the same kind of failure, their shrunk case is the counterexample, since it is the smallest
 * and replays from its choices. Every example runs, in a fresh JVM after a crash or timeout
 * ({@link ExampleCalls}); every planned test is in the result, with the points the
 * {@link PointsTable} gives it. A result is always returned: the judge's own failures become
 * {@link Verdict#JUDGE_ERROR}.
 */
public final class Grader {

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
        private final ReplayCommands replays;
        private final long started = System.nanoTime();
        private final List<TestOutcome> tests = new ArrayList<>();
        private final List<RuleCoverage> coverage = new ArrayList<>();
        private long compileNanos;
        private int randomCases;
        private CapturedOutput output = CapturedOutput.NONE;
        private Verdict verdict;
        private String message;
        private Counterexample counterexample;
        private PointsTable points;
        private final Set<String> finished = new HashSet<>();

        Run(Submission submission, KataDefinition kata, GradingOptions options, GradingListener listener) {
            this.submission = submission;
            this.kata = kata;
            this.options = options;
            this.listener = listener;
            this.points = PointsTable.defaults(PlannedTests.scored(kata, options));
            this.replays = ReplayCommands.of(options.command(), kata.katasDirectory());
        }

        SubmissionResult grade() {
            if (submission.decided().isPresent()) {
                // nothing to compile (nothing handed in, an archive refused): said at once, nothing run
                IntakeVerdict decided = submission.decided().get();
                return notRun(decided.verdict(), decided.message(), decided.diagnostics());
            }
            listener.started(GradingListener.compileKey());
            try {
                points = PointsTable.of(PlannedTests.scored(kata, options), kata.scoring(),
                        options.scoring().assignment(), options.scoring().partialCredit());
            } catch (ScoringException e) {
                return judgeError("the scoring rules do not fit: " + e.getMessage(), List.of());
            }
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
            SandboxLauncher kataLauncher = launcher.withLimits(
                    launcher.limits().withPerCall(Duration.ofMillis(kata.spec().timeLimitMillis())));
            try (SubmissionProcess process = new SubmissionProcess(kataLauncher, request, options.fuzz(),
                    listener::cancelled)) {
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
                        if (PlannedTests.examples(options)) {
                            runExamples(process);
                        }
                        runRandomTests(process);
                    }
                } catch (TargetUnavailableException e) {
                    output = process.output();
                    if (verdict == null || listener.cancelled()) {
                        return judgeError(e.getMessage(), List.of());
                    }
                    // A failure is already known: it stays the verdict; what could not run says why.
                    notRunRemaining("not run: " + e.getMessage());
                }
                output = process.output();
            }
            if (verdict == null) {
                List<String> notPassed = tests.stream()
                        .filter(t -> t.status() != Status.PASSED && !TestOutcome.isNoRandomTests(t))
                        .map(TestOutcome::name).toList();
                if (!notPassed.isEmpty()) {
                    // cannot happen; if it ever did, a result with a test not passed must not get full marks
                    return judgeError("no failure was found, yet not every test passed: " + notPassed, List.of());
                }
                verdict = Verdict.ACCEPTED;
                message = acceptedMessage();
            }
            return result(List.of());
        }

        private Compilation compile() {
            return compiler.compile(submission.sources(), kata.spec().className(), kata.entryPoints(), options.enforcePolicy());
        }

        private void runExamples(SubmissionProcess process) {
            ExampleCalls.run(kata, process, new ExampleCalls.Listener() {
                @Override
                public void started(Example example) {
                    listener.started(GradingListener.exampleKey(example.name()));
                }

                @Override
                public void finished(ExampleCalls.Call call) {
                    exampleFinished(call);
                }
            });
        }

        private void exampleFinished(ExampleCalls.Call call) {
            Example example = call.example();
            String key = GradingListener.exampleKey(example.name());
            String method = example.method();
            if (call.notRun() != null) {
                finish(key, TestOutcome.example(example.name(), method, Status.NOT_RUN, call.notRun()).withHidden(example.hidden()));
                return;
            }
            if (call.verdict() == Verdict.ACCEPTED) {
                finish(key, TestOutcome.example(example.name(), method, Status.PASSED, null).withHidden(example.hidden()));
                return;
            }
            EntryPoint entryPoint = kata.entryPoint(method);
            String problem = describe(call.verdict(), entryPoint, call.expected(), call.result());
            Counterexample failing = counterexample(entryPoint, example.name(), example.args(), call.expected(),
                    call.result(), null, 0, replays.rerun(kata.id(), submission.displayPath()));
            failed(key, TestOutcome.example(example.name(), method, Status.FAILED, problem).withHidden(example.hidden()),
                    0, call.verdict(), failing);
            fail(call.verdict(), call.verdict().words() + " on " + (example.hidden() ? "hidden " : "") + "example \""
                    + example.name() + "\": " + problem, failing);
        }

        private void runRandomTests(SubmissionProcess process) {
            List<EntryPoint> entryPoints = kata.entryPoints();
            Set<String> counted = new HashSet<>(PlannedTests.random(kata, options).stream().map(EntryPoint::method).toList());
            entryPoints.stream().filter(e -> counted.contains(e.method()) && e.hasGenerator())
                    .forEach(e -> listener.started(GradingListener.randomKey(e.method())));
            List<MethodRun> runs = Fuzzer.run(kata.id(), entryPoints, process, settings());
            for (int m = 0; m < entryPoints.size(); m++) {
                EntryPoint entryPoint = entryPoints.get(m);
                MethodRun methodRun = runs.get(m);
                if (!entryPoint.hasGenerator()) {
                    // examples only: no random tests exist, and every report says so (worth nothing)
                    notRunTest(GradingListener.randomKey(entryPoint.method()), TestOutcome.noRandomTests(entryPoint.method()));
                    continue;
                }
                if (!counted.contains(entryPoint.method())) {
                    continue; // --cases 0: not part of the grade
                }
                String key = GradingListener.randomKey(entryPoint.method());
                randomCases += methodRun.cases();
                coverage.addAll(methodRun.coverage());
                if (methodRun.failure().isEmpty()) {
                    Status status = methodRun.cases() > 0 ? Status.PASSED : Status.NOT_RUN;
                    finish(key, TestOutcome.random(entryPoint.method(), status,
                                    status == Status.PASSED ? null : settings().stopAtFirstFailure()
                                            ? "not run: the search stopped at the first failure"
                                            : "not run: the random tests stopped at a crash or timeout",
                                    methodRun.cases(), methodRun.passed(), methodRun.exhaustive()),
                            methodRun.planned());
                    continue;
                }
                Failure failure = methodRun.failure().get();
                String problem = describe(failure.verdict(), entryPoint, failure.expected(), failure.result());
                String found = randomSummary(methodRun, failure);
                String choices = failure.found().choices().toString();
                Counterexample shrunk = counterexample(entryPoint, null, failure.found().args(), failure.expected(),
                        failure.result(), choices, failure.shrinkSteps(), replayCommand(entryPoint, choices));
                failed(key, TestOutcome.random(entryPoint.method(), Status.FAILED, problem + " (" + found + ")",
                        methodRun.cases(), methodRun.passed(), methodRun.exhaustive()), methodRun.planned(),
                        failure.verdict(), shrunk);
                randomFailure(failure, shrunk, failure.verdict().words() + " on a generated case ("
                        + found + "): " + problem);
            }
        }

        /** How the random tests of a method that failed went, in words. */
        private String randomSummary(MethodRun run, Failure failure) {
            String shrunk = failure.shrinkSteps() > 0 ? "shrunk in " + failure.shrinkSteps() + " steps" : "";
            if (!settings().everyCase()) {
                return "after " + run.cases() + " random case" + (run.cases() == 1 ? "" : "s")
                        + (shrunk.isEmpty() ? "" : ", " + shrunk);
            }
            int notRun = run.planned() - run.cases();
            return run.passed() + " of " + run.planned() + " random cases passed"
                    + (run.gaveUp() ? ", " + notRun + " not run after repeated crashes or timeouts (counted as failed)" : "")
                    + (shrunk.isEmpty() ? "" : "; the first failure " + shrunk);
        }

        private void replay(SubmissionProcess process, GradingOptions.Replay replay) {
            int m = methodIndex(replay.method());
            EntryPoint entryPoint = kata.entryPoint(replay.method());
            String key = GradingListener.randomKey(entryPoint.method());
            if (!entryPoint.hasGenerator()) {
                notRunTest(key, TestOutcome.noRandomTests(entryPoint.method()));
                verdict = Verdict.JUDGE_ERROR;
                message = "judge error (not the submission's fault): nothing to replay: " + entryPoint.method()
                        + " has no generator";
                return;
            }
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
            Counterexample replayed = counterexample(entryPoint, null, args, expected, result, replay.choices().toString(),
                    0, replayCommand(entryPoint, replay.choices().toString()));
            failed(key, TestOutcome.random(entryPoint.method(), Status.FAILED, problem, 1, false), 0, caseVerdict, replayed);
            fail(caseVerdict, caseVerdict.words() + " on the replayed case: " + problem, replayed);
        }

        private void randomFailure(Failure failure, Counterexample shrunk, String text) {
            if (verdict == null) {
                fail(failure.verdict(), text, shrunk);
            } else if (verdict == failure.verdict() && counterexample != null && counterexample.example() != null) {
                // The same kind of failure on a generated case: show that one, the smallest the generator can draw.
                message += "; it also fails on generated cases, the smallest is shown";
                counterexample = shrunk;
            }
        }

        private Fuzzer.Settings settings() {
            if (options.fuzz()) {
                return Fuzzer.Settings.fuzzing(options.seed(), options.cases(),
                        options.time().orElse(GradingOptions.DEFAULT_FUZZ_TIME));
            }
            return options.scoring().partialCredit() ? Fuzzer.Settings.scoring(options.seed(), options.cases())
                    : Fuzzer.Settings.grading(options.seed(), options.cases());
        }

        private String replayCommand(EntryPoint entryPoint, String choices) {
            return replays.replay(kata.id(), entryPoint.method(), choices, submission.displayPath());
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
            finish(key, outcome, 0);
        }

        /** Records a test's outcome with its points. @param plannedCases a random test's fixed set of cases */
        private void finish(String key, TestOutcome outcome, int plannedCases) {
            if (!finished.add(key)) {
                return;
            }
            TestOutcome scored = points.score(outcome, plannedCases);
            tests.add(scored);
            listener.finished(key, scored);
        }

        /** Records a failed test with its points, and the case that failed it (null when no single case did). */
        private void failed(String key, TestOutcome outcome, int plannedCases, Verdict caseVerdict, Counterexample example) {
            if (!finished.add(key)) {
                return;
            }
            TestOutcome scored = points.score(outcome, plannedCases);
            tests.add(scored);
            listener.failed(key, scored, caseVerdict, example);
        }

        /** A test that never started: reported as finished (not run) without a start. */
        private void notRunTest(String key, TestOutcome outcome) {
            finish(key, outcome);
        }

        /**
         * Reports every planned test not reported yet as not run, so that every result holds all
         * its tests and every student's maximum score is the same.
         */
        private void notRunRemaining(String why) {
            if (!finished.contains(GradingListener.compileKey())) {
                notRunTest(GradingListener.compileKey(), TestOutcome.compile(Status.NOT_RUN, why));
            }
            if (PlannedTests.examples(options)) {
                kata.examples().forEach(e -> notRunTest(GradingListener.exampleKey(e.name()),
                        TestOutcome.example(e.name(), e.method(), Status.NOT_RUN, why).withHidden(e.hidden())));
            }
            PlannedTests.random(kata, options).forEach(e -> notRunTest(GradingListener.randomKey(e.method()),
                    TestOutcome.random(e.method(), Status.NOT_RUN, why, 0, false)));
            if (options.replay().isEmpty()) {
                PlannedTests.examplesOnly(kata).forEach(e -> notRunTest(GradingListener.randomKey(e.method()),
                        TestOutcome.noRandomTests(e.method())));
            }
        }

        private String acceptedMessage() {
            long examples = tests.stream().filter(t -> t.kind().equals("example")).count();
            List<String> examplesOnly = kata.entryPoints().stream().filter(e -> !e.hasGenerator())
                    .map(EntryPoint::method).toList();
            if (examplesOnly.size() == kata.entryPoints().size()) {
                return (options.fuzz() ? "nothing to fuzz" : "all " + examples + " examples passed")
                        + "; " + TestOutcome.NO_RANDOM_TESTS + ": the kata has examples only";
            }
            String random = randomCases + " random case" + (randomCases == 1 ? "" : "s");
            boolean exhaustive = tests.stream().anyMatch(TestOutcome::exhaustive);
            if (tests.stream().noneMatch(t -> t.kind().equals("random"))) {
                return "all " + examples + " examples passed (no random tests: --cases 0)";
            }
            return (options.fuzz() ? "" : "all " + examples + " examples and ") + random
                    + (exhaustive ? " (every input of the small domains)" : "") + " passed"
                    + (examplesOnly.isEmpty() ? "" : "; " + TestOutcome.NO_RANDOM_TESTS + " for "
                    + String.join(", ", examplesOnly) + " (examples only)");
        }

        /** A verdict decided before anything ran: every later test is reported as not run. */
        SubmissionResult notRun(Verdict notRunVerdict, String text, List<String> diagnostics) {
            verdict = notRunVerdict;
            message = text;
            if (tests.isEmpty()) {
                failed(GradingListener.compileKey(), TestOutcome.compile(Status.FAILED, text), 0, notRunVerdict, null);
            }
            return result(diagnostics);
        }

        SubmissionResult judgeError(String text, List<String> diagnostics) {
            verdict = Verdict.JUDGE_ERROR;
            message = "judge error (not the submission's fault): " + text;
            counterexample = null;
            return result(diagnostics);
        }

        private SubmissionResult result(List<String> diagnostics) {
            notRunRemaining("not run: " + verdict.words());
            long total = System.nanoTime() - started;
            Timings timings = new Timings(compileNanos / 1_000_000, (total - compileNanos) / 1_000_000, total / 1_000_000);
            var isolation = new SubmissionResult.Isolation(launcher.isolation().optionValue(),
                    launcher.isolation().description());
            double[] totals = SubmissionResult.totals(tests);
            return new SubmissionResult(submission.displayPath(), submission.student(), kata.id(), verdict, message,
                    totals[0], totals[1], tests, randomCases, options.seed(), timings, output, counterexample,
                    diagnostics, submission.notes(), coverage, isolation);
        }

        private Counterexample counterexample(EntryPoint entryPoint, String example, Object[] args, Explanation expected,
                                              CallResult result, String choices, int shrinkSteps, String replay) {
            RuleCheck cited = expected.cited();
            return new Counterexample(entryPoint.method(), example, JsonValues.toJson(args),
                    JsonValues.toJson(expected.answer()),
                    result.returned() ? JsonValues.toJson(result.value()) : null,
                    result.returned() ? null : result.detail(),
                    expected.reason(), entryPoint.render(args), choices, shrinkSteps, replay, null,
                    cited == null ? null : new Counterexample.Rule(cited.rule(), cited.holds()));
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

    /**
     * {@code " --katas DIR"} for a kata whose code is its folder's own, so a printed command finds
     * it again; nothing for a built-in kata.
     */
    public static String katasOption(KataDefinition kata) {
        return kata.katasDirectory().map(dir -> " --katas " + ReplayCommands.quoted(ReplayCommands.display(dir))).orElse("");
    }

    private static String stackTrace(Throwable e) {
        StringWriter text = new StringWriter();
        e.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}

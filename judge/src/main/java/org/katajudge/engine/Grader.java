package org.katajudge.engine;

import org.katajudge.catalog.Example;
import org.katajudge.catalog.JsonValues;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.ExpectedClass;
import org.katajudge.compile.SourceCompiler;
import org.katajudge.compile.worker.CompilerUnavailableException;
import org.katajudge.fuzz.Call;
import org.katajudge.fuzz.CallLog;
import org.katajudge.fuzz.CaseJudgement;
import org.katajudge.fuzz.CaseStreams;
import org.katajudge.fuzz.DrawnCalls;
import org.katajudge.fuzz.Failure;
import org.katajudge.fuzz.Fuzzer;
import org.katajudge.fuzz.GeneratedCase;
import org.katajudge.fuzz.History;
import org.katajudge.fuzz.MethodRun;
import org.katajudge.fuzz.Reask;
import org.katajudge.fuzz.TargetUnavailableException;
import org.katajudge.intake.IntakeVerdict;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.RuleCheck;
import org.katajudge.kata.ValueType;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.Counterexample;
import org.katajudge.report.ResultBounds;
import org.katajudge.report.RuleCoverage;
import org.katajudge.report.SafeText;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;
import org.katajudge.report.Timings;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;
import org.katajudge.scoring.PointsTable;
import org.katajudge.scoring.ScoringException;
import org.katajudge.sandbox.Limits;
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
import java.util.Optional;
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
 * {@link PointsTable} gives it. A result is always returned, whatever happens while grading
 * (Errors included): the judge's own failures become {@link Verdict#JUDGE_ERROR}, and no failure
 * grading one submission reaches another. Everything the submission can make long in the result
 * is bounded ({@link ResultBounds}).
 */
public final class Grader {

    /** Lines of the judge's own stack trace kept in a JUDGE_ERROR's diagnostics. */
    private static final int STACK_LINES = 12;

    private final SourceCompiler compiler;
    private final CompileLimits compileLimits;
    private final SandboxLauncher launcher;
    /** Every submission of a kata is asked the same generated cases: drawn and answered once. */
    private final CaseStreams streams = new CaseStreams();

    /**
     * @param compiler      compiles and checks the sources (the judge uses a {@code CompilerPool})
     * @param compileLimits the bound on a submission's sources together, checked before compiling
     */
    public Grader(SourceCompiler compiler, CompileLimits compileLimits, SandboxLauncher launcher) {
        this.compiler = compiler;
        this.compileLimits = compileLimits;
        this.launcher = launcher;
    }

    public Grader(SourceCompiler compiler, SandboxLauncher launcher) {
        this(compiler, CompileLimits.DEFAULT, launcher);
    }

    /** The result of grading {@code submission}; never throws. */
    public SubmissionResult grade(Submission submission, KataDefinition kata, GradingOptions options,
                                  GradingListener listener) {
        Run run = new Run(submission, kata, options, listener);
        try {
            return run.grade();
        } catch (CompilerUnavailableException e) {
            return run.judgeError("the compiler cannot start: " + e.getMessage(), List.of());
        } catch (Throwable e) {
            return internalError(run, e);
        }
    }

    /** A JUDGE_ERROR for a failure of the judge itself, even when little memory or stack is left. */
    private static SubmissionResult internalError(Run run, Throwable e) {
        try {
            return run.judgeError("internal error: " + e, List.of(stackTrace(e)));
        } catch (Throwable again) {
            // No room for details (the heap or the stack is exhausted): the shortest result that says so.
            return run.judgeError("internal error: " + e.getClass().getName(), List.of());
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
        /** What the judge noticed about the sources and did about it, for their author. */
        private final List<String> notes = new ArrayList<>();
        private long compileNanos;
        private int randomCases;
        private long reasked;
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
            try {
                // first, so that every result of the kata is on one scale, those decided unrun included
                points = PointsTable.of(PlannedTests.scored(kata, options), kata.scoring(),
                        options.scoring().assignment(), options.scoring().partialCredit());
            } catch (ScoringException e) {
                return judgeError("the scoring rules do not fit: " + e.getMessage(), List.of());
            }
            if (submission.decided().isPresent()) {
                // nothing to compile (nothing handed in, an archive refused): said at once, nothing run
                IntakeVerdict decided = submission.decided().get();
                return notRun(decided.verdict(), decided.message(), decided.diagnostics());
            }
            listener.started(GradingListener.compileKey());
            Compilation compilation = compile();
            compileNanos = System.nanoTime() - started;
            notes.addAll(compilation.notes());
            if (compilation instanceof Compilation.Failed failed) {
                List<String> errors = failed.errors().stream().map(Object::toString).toList();
                return notRun(Verdict.COMPILE_ERROR, "compile error: " + errors.stream().findFirst().orElse("(no message)"),
                        errors);
            }
            if (compilation instanceof Compilation.Rejected rejected) {
                List<String> violations = rejected.violations().stream().map(Object::toString).toList();
                return notRun(Verdict.REJECTED, "rejected: " + violations.stream().findFirst().orElse("(no message)"),
                        violations);
            }
            Compilation.Compiled compiled = (Compilation.Compiled) compilation;
            finish(GradingListener.compileKey(), TestOutcome.compile(Status.PASSED, null));

            LoadRequest request = new LoadRequest(compiled.mainClass(), compiled.classes(),
                    kata.entryPoints().stream()
                            .map(e -> new LoadRequest.Method(e.method(), e.parameters(), e.returns()))
                            .toList());
            SandboxLauncher kataLauncher = launcher.withLimits(limits());
            try (SubmissionProcess process = new SubmissionProcess(kataLauncher, request, options.fuzz(),
                    listener::cancelled)) {
                try {
                    process.start();
                } catch (SubmissionLoadException e) {
                    return notRun(Verdict.COMPILE_ERROR, "the class cannot be loaded: " + e.getMessage(), List.of());
                } catch (SandboxException e) {
                    return judgeError("the sandbox failed: " + e.getMessage(), List.of());
                }
                CallLog log = new CallLog(process);
                try {
                    if (options.replay().isPresent()) {
                        replay(log, options.replay().get());
                    } else {
                        if (PlannedTests.examples(options)) {
                            runExamples(log);
                        }
                        runRandomTests(log);
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
            // each generated case is asked again about twice (consistency probes): three calls a case
            return limits.withTotalForCases(kata.examples().size() + 3L * options.cases() * kata.entryPoints().size());
        }

        private Compilation compile() {
            // The sources together are bounded (the intake bounds each file as it reads it).
            Optional<String> tooLarge = compileLimits.tooLarge(submission.sources());
            if (tooLarge.isPresent()) {
                return Compilation.Failed.because(tooLarge.get());
            }
            return compiler.compile(submission.sources(), ExpectedClass.of(kata.spec().className(), kata.entryPoints()),
                    options.enforcePolicy());
        }

        private void runExamples(CallLog log) {
            ExampleCalls.run(kata, log, new ExampleCalls.Listener() {
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

        private void runRandomTests(CallLog log) {
            List<EntryPoint> entryPoints = kata.entryPoints();
            Set<String> counted = new HashSet<>(PlannedTests.random(kata, options).stream().map(EntryPoint::method).toList());
            entryPoints.stream().filter(e -> counted.contains(e.method()) && e.hasGenerator())
                    .forEach(e -> listener.started(GradingListener.randomKey(e.method())));
            long budgetStart = options.startedNanos() != 0 ? options.startedNanos() : started;
            List<MethodRun> runs = Fuzzer.run(kata.id(), entryPoints, log, settings().startingAt(budgetStart), streams);
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
                reasked += methodRun.reasked();
                coverage.addAll(methodRun.coverage());
                if (methodRun.failure().isEmpty()) {
                    Status status = methodRun.cases() > 0 ? Status.PASSED : Status.NOT_RUN;
                    finish(key, generatedTest(entryPoint, status,
                                    status == Status.PASSED ? null : settings().stopAtFirstFailure()
                                            ? "not run: the search stopped at the first failure"
                                            : "not run: the random tests stopped at a crash or timeout",
                                    methodRun),
                            methodRun.planned());
                    continue;
                }
                Failure failure = methodRun.failure().get();
                String problem = describe(failure.verdict(), entryPoint, failure.expected(), failure.result());
                String found = randomSummary(entryPoint, methodRun, failure);
                String choices = failure.found().choices().toString();
                Counterexample shrunk = counterexample(entryPoint, null, failure.found().args(), failure.expected(),
                        failure.result(), choices, failure.shrinkSteps(), replayCommand(entryPoint, failure, runs),
                        failure.history(), failure.reask(), failure.call() > 0 ? failure.call() : null);
                failed(key, generatedTest(entryPoint, Status.FAILED, problem + " (" + found + ")", methodRun),
                        methodRun.planned(), failure.verdict(), shrunk);
                String where = failure.reask().isPresent() ? "a case asked again"
                        : entryPoint.smallDomain() ? "an enumerated case" : "a generated case";
                randomFailure(failure, shrunk, failure.verdict().words() + " on " + where + " (" + found + "): "
                        + problem + statefulNote(failure.history()));
            }
        }

        /** The generated cases of one method as a test: {@code enumerated: M} for a small domain, else {@code random: M}. */
        private TestOutcome generatedTest(EntryPoint entryPoint, Status status, String text, MethodRun run) {
            return new TestOutcome((entryPoint.smallDomain() ? "enumerated: " : "random: ") + entryPoint.method(),
                    "random", entryPoint.method(), status, text, run.cases(), run.passed(), run.exhaustive(),
                    status == Status.PASSED ? 1 : 0, 1, false);
        }

        /** How the generated cases of a method that failed went, in honest words. */
        private String randomSummary(EntryPoint entryPoint, MethodRun run, Failure failure) {
            String shrunk = failure.shrinkSteps() > 0 ? "shrunk in " + failure.shrinkSteps() + " step"
                    + (failure.shrinkSteps() == 1 ? "" : "s") : "";
            String kind = entryPoint.smallDomain() ? " enumerated" : " random";
            if (!settings().everyCase()) {
                return "after " + casesRun(entryPoint, run) + (shrunk.isEmpty() ? "" : ", " + shrunk);
            }
            int notRun = run.planned() - run.cases();
            return run.passed() + " of " + run.planned() + kind + " cases passed"
                    + (run.gaveUp() ? ", " + notRun + " not run after repeated crashes or timeouts (counted as failed)" : "")
                    + (shrunk.isEmpty() ? "" : "; the first failure " + shrunk);
        }

        /** "4096 enumerated cases, 8190 asked again", "300 random cases": what ran, in honest words. */
        private String casesRun(EntryPoint entryPoint, MethodRun run) {
            String cases = run.cases() + (entryPoint.smallDomain() ? " enumerated" : " random") + " case"
                    + (run.cases() == 1 ? "" : "s");
            return cases + (run.reasked() > 0 ? " and " + run.reasked() + " asked again" : "");
        }

        /** What the message adds when the failure needs earlier calls. */
        private String statefulNote(History history) {
            return switch (history.kind()) {
                case NONE -> "";
                case LISTED, DRAWN, RERUN -> "; alone it passes: it fails only after earlier calls (the solution keeps"
                        + " state between calls)";
                case NOT_REPRODUCED -> "; it did not fail again when replayed, alone or after the calls before it"
                        + " (its answers may vary from run to run)";
            };
        }

        private void replay(CallLog log, GradingOptions.Replay replay) {
            EntryPoint last = kata.entryPoint(replay.method());
            String key = GradingListener.randomKey(last.method());
            if (!last.hasGenerator() && replay.calls().get(replay.calls().size() - 1).example() == null) {
                notRunTest(key, TestOutcome.noRandomTests(last.method()));
                verdict = Verdict.JUDGE_ERROR;
                message = "judge error (not the submission's fault): nothing to replay: " + last.method()
                        + " has no generator";
                return;
            }
            listener.started(key);
            List<Call> calls = new ArrayList<>();
            if (replay.drawn() > 0) {
                calls.addAll(DrawnCalls.draw(kata.id(), last, methodIndex(last.method()), options.seed(), replay.drawn()));
            }
            for (GradingOptions.Replay.Step step : replay.calls()) {
                int m = methodIndex(step.method());
                EntryPoint entryPoint = kata.entryPoint(step.method());
                if (step.choices() != null) {
                    calls.add(Call.generated(m, new GeneratedCase(entryPoint.generate(step.choices().replay()), step.choices())));
                } else {
                    Example example = kata.examples().stream()
                            .filter(e -> e.name().equals(step.example()) && e.method().equals(step.method()))
                            .findFirst()
                            .orElseThrow(() -> new IllegalArgumentException(kata.id() + " has no example \""
                                    + step.example() + "\" of " + step.method()));
                    calls.add(Call.example(m, example.args(), example.name()));
                }
            }
            // The calls before the last are its history: made, not judged (a ddmin-shrunk history may hold
            // calls that fail themselves); only a history call that ends the JVM is reported.
            int start = 0;
            while (start < calls.size()) {
                int m = calls.get(start).method();
                int end = start;
                while (end < calls.size() && calls.get(end).method() == m) {
                    end++;
                }
                EntryPoint entryPoint = kata.entryPoints().get(m);
                List<CallResult> results = log.call(m, calls.subList(start, end));
                for (int i = 0; i < results.size(); i++) {
                    Call call = calls.get(start + i);
                    randomCases++;
                    boolean judged = start + i == calls.size() - 1 || results.get(i).fatal();
                    if (!judged) {
                        continue;
                    }
                    Explanation expected = Fuzzer.expected(entryPoint, call.args());
                    Verdict caseVerdict = CaseJudgement.judge(entryPoint, expected, results.get(i));
                    if (caseVerdict != Verdict.ACCEPTED) {
                        replayFailure(key, entryPoint, call, expected, results.get(i), caseVerdict,
                                calls.subList(0, start + i), replay, log);
                        return;
                    }
                }
                if (results.size() < end - start) {
                    break;
                }
                start = end;
            }
            finish(key, TestOutcome.replay(last.method(), Status.PASSED, null, randomCases));
            if (randomCases > 1) {
                message = "the replayed case passed after the " + (randomCases - 1) + " call" + (randomCases == 2 ? "" : "s")
                        + " before it";
                verdict = Verdict.ACCEPTED;
            }
        }

        private void replayFailure(String key, EntryPoint entryPoint, Call call, Explanation expected, CallResult result,
                                   Verdict caseVerdict, List<Call> before, GradingOptions.Replay replay, CallLog log) {
            String problem = describe(caseVerdict, entryPoint, expected, result);
            Counterexample shown;
            int drawn = Math.min(replay.drawn(), before.size());
            List<Call> listed = before.subList(drawn, before.size());
            // Whether the earlier calls matter: the call again, alone, from a fresh start.
            boolean alone = before.isEmpty() || !(result.outcome() == CallResult.Outcome.RETURNED || result.outcome() == CallResult.Outcome.THREW) || failsAlone(log, call, expected, result, caseVerdict);
            History history = alone ? History.NONE
                    : drawn > 0 && listed.isEmpty() ? new History(History.Kind.DRAWN, List.of(), before.size(), options.seed(), drawn)
                    : drawn > 0 ? new History(History.Kind.RERUN, List.of(), before.size(), 0, 0)
                    : new History(History.Kind.LISTED, listed, before.size(), 0, 0);
            String where = call.example() != null ? "the replayed example \"" + call.example() + "\""
                    : before.isEmpty() ? "the replayed case" : "replayed call " + (before.size() + 1);
            shown = counterexample(entryPoint, call.example(), call.args(), expected, result,
                    call.choices() == null ? null : call.choices().toString(), 0, replayCommand(replay), history,
                    Optional.empty(), before.size() + 1L);
            failed(key, TestOutcome.replay(replay.method(), Status.FAILED, problem, randomCases), 0, caseVerdict, shown);
            fail(caseVerdict, caseVerdict.words() + " on " + where + ": " + problem + statefulNote(history), shown);
        }

        private boolean failsAlone(CallLog log, Call call, Explanation expected, CallResult result, Verdict caseVerdict) {
            log.reset();
            List<CallResult> alone = log.target().call(call.method(), List.<Object[]>of(call.args()));
            if (alone.isEmpty()) {
                return false;
            }
            EntryPoint entryPoint = kata.entryPoints().get(call.method());
            return CaseJudgement.sameFailure(caseVerdict, result, CaseJudgement.judge(entryPoint, expected, alone.get(0)),
                    alone.get(0));
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

        /** The command that shows a failure found by the search again, with the calls before it that it needs. */
        private String replayCommand(EntryPoint entryPoint, Failure failure, List<MethodRun> runs) {
            History history = failure.history();
            Call failing = new Call(methodIndex(entryPoint.method()), failure.found().args(), failure.found().choices(), null);
            return switch (history.kind()) {
                case NONE -> replayCommand(List.of(failing), 0, 0);
                case LISTED -> {
                    List<Call> calls = new ArrayList<>(history.calls());
                    calls.add(failing);
                    yield replayCommand(calls, 0, 0);
                }
                case DRAWN -> replayCommand(List.of(failing), history.seed(), history.drawn());
                case RERUN, NOT_REPRODUCED -> rerunCommand(runs);
            };
        }

        /** The command of a replay run: itself, so a replayed failure prints how to replay it again. */
        private String replayCommand(GradingOptions.Replay replay) {
            List<Call> calls = new ArrayList<>();
            for (GradingOptions.Replay.Step step : replay.calls()) {
                calls.add(new Call(methodIndex(step.method()), null, step.choices(), step.example()));
            }
            return replayCommand(calls, options.seed(), replay.drawn());
        }

        /**
         * {@code fuzz --kata K [--method M] [--seed S --history N] --replay ... SUBMISSION}: one
         * {@code --replay} per call, bare choices when every call is a generated case of one
         * method, else {@code METHOD:CHOICES} and {@code METHOD@EXAMPLE}.
         */
        private String replayCommand(List<Call> calls, long seed, int drawn) {
            int method = calls.get(calls.size() - 1).method();
            boolean oneMethod = calls.stream().allMatch(c -> c.method() == method && c.choices() != null);
            List<String> steps = new ArrayList<>();
            for (Call call : calls) {
                String name = kata.entryPoints().get(call.method()).method();
                steps.add(call.choices() != null ? (oneMethod ? "" : name + ":") + call.choices() : name + "@" + call.example());
            }
            return replays.replay(kata.id(), oneMethod ? kata.entryPoints().get(method).method() : null, steps, seed, drawn,
                    submission.displayPath());
        }

        /**
         * The whole run again with its seed, for a history too long to list or draw: {@code grade}
         * as it was run, or {@code fuzz} with a case count (instead of a time) that covers every
         * call it made, so the same calls come in the same order.
         */
        private String rerunCommand(List<MethodRun> runs) {
            if (!options.fuzz()) {
                return replays.rerunSearch(kata.id(), false, options.seed(), options.cases(), submission.displayPath());
            }
            long calls = runs.stream().mapToLong(r -> r.cases() + r.reasked()).max().orElse(0);
            long cases = Math.min(Integer.MAX_VALUE, calls + 2L * 4096);
            return replays.rerunSearch(kata.id(), true, options.seed(), cases, submission.displayPath());
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
                    options.replay().isPresent() ? TestOutcome.replay(e.method(), Status.NOT_RUN, why, 0)
                            : TestOutcome.generated(e.method(), e.smallDomain(), Status.NOT_RUN, why, 0, false)));
            if (options.replay().isEmpty()) {
                PlannedTests.examplesOnly(kata).forEach(e -> notRunTest(GradingListener.randomKey(e.method()),
                        TestOutcome.noRandomTests(e.method())));
            }
        }

        private String acceptedMessage() {
            long examples = tests.stream().filter(t -> t.kind().equals("example")).count();
            if (options.replay().isPresent()) {
                return "all " + randomCases + " replayed call" + (randomCases == 1 ? "" : "s") + " passed";
            }
            List<String> examplesOnly = kata.entryPoints().stream().filter(e -> !e.hasGenerator())
                    .map(EntryPoint::method).toList();
            if (examplesOnly.size() == kata.entryPoints().size()) {
                return (options.fuzz() ? "nothing to fuzz" : "all " + examples + " examples passed")
                        + "; " + TestOutcome.NO_RANDOM_TESTS + ": the kata has examples only";
            }
            if (tests.stream().noneMatch(t -> t.kind().equals("random") && !TestOutcome.isNoRandomTests(t))) {
                return "all " + examples + " examples passed (no random tests: --cases 0)";
            }
            long enumerated = tests.stream().filter(TestOutcome::exhaustive).mapToLong(TestOutcome::cases).sum();
            long random = randomCases - enumerated;
            List<String> parts = new ArrayList<>();
            if (!options.fuzz()) {
                parts.add("all " + examples + " examples");
            }
            if (random > 0 || enumerated == 0) {
                parts.add(random + " random case" + (random == 1 ? "" : "s"));
            }
            if (enumerated > 0) {
                parts.add(enumerated + " enumerated case" + (enumerated == 1 ? "" : "s") + " (every input of the small domains)");
            }
            return String.join(" and ", parts) + " passed"
                    + (reasked > 0 ? ", also when asked again (" + reasked + " calls)" : "")
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
            List<String> allNotes = new ArrayList<>(submission.notes());
            allNotes.addAll(notes);
            return ResultBounds.apply(new SubmissionResult(submission.displayPath(), submission.student(), kata.id(),
                    verdict, message, totals[0], totals[1], tests, randomCases, options.seed(), timings, output,
                    counterexample, diagnostics, allNotes, coverage, isolation));
        }

        private Counterexample counterexample(EntryPoint entryPoint, String example, Object[] args, Explanation expected,
                                              CallResult result, String choices, int shrinkSteps, String replay) {
            return counterexample(entryPoint, example, args, expected, result, choices, shrinkSteps, replay, History.NONE,
                    Optional.empty(), null);
        }

        private Counterexample counterexample(EntryPoint entryPoint, String example, Object[] args, Explanation expected,
                                              CallResult result, String choices, int shrinkSteps, String replay,
                                              History history, Optional<Reask> reask, Long call) {
            List<Counterexample.Call> calls = history.kind() == History.Kind.LISTED
                    ? history.calls().stream().map(c -> {
                        EntryPoint called = kata.entryPoints().get(c.method());
                        return new Counterexample.Call(called.method(), JsonValues.toJson(c.args()),
                                c.choices() == null ? null : c.choices().toString(), c.example());
                    }).toList()
                    : null;
            Counterexample.Drawn drawn = history.kind() == History.Kind.DRAWN
                    ? new Counterexample.Drawn(entryPoint.method(), history.seed(), history.drawn()) : null;
            Counterexample.Reask first = reask.map(r -> new Counterexample.Reask(r.firstCall(),
                    r.first().returned() ? JsonValues.toJson(r.first().value()) : null)).orElse(null);
            RuleCheck cited = expected.cited();
            return new Counterexample(entryPoint.method(), example, JsonValues.toJson(args),
                    JsonValues.toJson(expected.answer()),
                    result.returned() ? ResultBounds.answer(JsonValues.toJson(result.value())) : null,
                    result.returned() ? null : SafeText.clip(result.detail(), ResultBounds.ERROR_CHARS),
                    expected.reason(), entryPoint.render(args), choices, shrinkSteps, replay, calls,
                    cited == null ? null : new Counterexample.Rule(cited.rule(), cited.holds()),
                    history.stateful() ? history.kind().name() : null,
                    history.stateful() ? history.before() : null, drawn, first, call);
        }
    }

    /** What went wrong on one case, in one line, bounded: the submission's answer or exception can be any length. */
    static String describe(Verdict verdict, EntryPoint entryPoint, Explanation expected, CallResult result) {
        int room = ResultBounds.TEST_MESSAGE_CHARS;
        if (verdict == Verdict.WRONG_ANSWER) {
            return entryPoint.method() + " returned " + SafeText.clip(ValueType.show(result.value()), room)
                    + ", expected " + SafeText.clip(ValueType.show(expected.answer()), room);
        }
        String detail = result.detail() == null ? "" : SafeText.clip(result.detail(), room).lines().findFirst().orElse("");
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
        return String.join("\n", text.toString().lines().limit(STACK_LINES).toList());
    }
}

package org.katajudge.engine;

import org.katajudge.catalog.Example;
import org.katajudge.catalog.JsonValues;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompilerMessage;
import org.katajudge.compile.SourceFile;
import org.katajudge.compile.SubmissionCompiler;
import org.katajudge.fuzz.Call;
import org.katajudge.fuzz.CallLog;
import org.katajudge.fuzz.CaseJudgement;
import org.katajudge.fuzz.DrawnCalls;
import org.katajudge.fuzz.Failure;
import org.katajudge.fuzz.Fuzzer;
import org.katajudge.fuzz.GeneratedCase;
import org.katajudge.fuzz.History;
import org.katajudge.fuzz.MethodRun;
import org.katajudge.fuzz.Reask;
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
import java.util.Optional;

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
        private long reasked;
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
            SandboxLauncher kataLauncher = launcher.withLimits(
                    launcher.limits().withPerCall(Duration.ofMillis(kata.spec().timeLimitMillis())));
            try (SubmissionProcess process = new SubmissionProcess(kataLauncher, request, options.fuzz())) {
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
                        if (!options.fuzz()) {
                            runExamples(log);
                        }
                        runRandomTests(log);
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

        private void runExamples(CallLog log) {
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
                List<CallResult> results = log.call(methodIndex,
                        batch.stream().map(e -> Call.example(methodIndex, e.args(), e.name())).toList());
                log.settle();
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

        private void runRandomTests(CallLog log) {
            List<EntryPoint> entryPoints = kata.entryPoints();
            if (dead) {
                entryPoints.forEach(e -> notRunTest(GradingListener.randomKey(e.method()),
                        TestOutcome.generated(e.method(), e.smallDomain(), Status.NOT_RUN, "not run: " + message, 0, false)));
                return;
            }
            entryPoints.forEach(e -> listener.started(GradingListener.randomKey(e.method())));
            long budgetStart = options.startedNanos() != 0 ? options.startedNanos() : started;
            List<MethodRun> runs = Fuzzer.run(kata.id(), entryPoints, log, settings().startingAt(budgetStart));
            for (int m = 0; m < entryPoints.size(); m++) {
                EntryPoint entryPoint = entryPoints.get(m);
                MethodRun methodRun = runs.get(m);
                String key = GradingListener.randomKey(entryPoint.method());
                randomCases += methodRun.cases();
                reasked += methodRun.reasked();
                coverage.addAll(methodRun.coverage());
                if (methodRun.failure().isEmpty()) {
                    Status status = methodRun.cases() > 0 ? Status.PASSED : Status.NOT_RUN;
                    finish(key, TestOutcome.generated(entryPoint.method(), entryPoint.smallDomain(), status,
                            status == Status.PASSED ? null : "not run: " + message, methodRun.cases(), methodRun.exhaustive()));
                    continue;
                }
                Failure failure = methodRun.failure().get();
                String problem = describe(failure.verdict(), entryPoint, failure.expected(), failure.result());
                String found = "after " + casesRun(entryPoint, methodRun)
                        + (failure.shrinkSteps() > 0 ? ", shrunk in " + failure.shrinkSteps() + " step"
                        + (failure.shrinkSteps() == 1 ? "" : "s") : "");
                finish(key, TestOutcome.generated(entryPoint.method(), entryPoint.smallDomain(), Status.FAILED,
                        problem + " (" + found + ")", methodRun.cases(), methodRun.exhaustive()));
                String where = failure.reask().isPresent() ? "a case asked again"
                        : entryPoint.smallDomain() ? "an enumerated case" : "a generated case";
                randomFailure(failure, entryPoint, failure.verdict().words() + " on " + where + " (" + found + "): "
                        + problem + statefulNote(failure.history()), runs);
            }
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
            finish(key, TestOutcome.replay(replay.method(), Status.FAILED, problem, randomCases));
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
            Counterexample shown = counterexample(entryPoint, call.example(), call.args(), expected, result,
                    call.choices() == null ? null : call.choices().toString(), 0, replayCommand(replay), history,
                    Optional.empty(), before.size() + 1L);
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

        private void randomFailure(Failure failure, EntryPoint entryPoint, String text, List<MethodRun> runs) {
            String choices = failure.found().choices().toString();
            Counterexample shrunk = counterexample(entryPoint, null, failure.found().args(), failure.expected(),
                    failure.result(), choices, failure.shrinkSteps(), replayCommand(entryPoint, failure, runs),
                    failure.history(), failure.reask(), failure.call() > 0 ? failure.call() : null);
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
            StringBuilder command = new StringBuilder(options.command()).append(" fuzz --kata ").append(kata.id());
            if (oneMethod) {
                command.append(" --method ").append(kata.entryPoints().get(method).method());
            }
            if (drawn > 0) {
                command.append(" --seed ").append(seed).append(" --history ").append(drawn);
            }
            for (Call call : calls) {
                String name = kata.entryPoints().get(call.method()).method();
                String value = call.choices() != null ? (oneMethod ? "" : name + ":") + call.choices()
                        : name + "@" + call.example();
                command.append(" --replay ").append(quoted(value));
            }
            return command.append(' ').append(quoted(submission.displayPath())).toString();
        }

        /**
         * The whole run again with its seed, for a history too long to list or draw: {@code grade}
         * as it was run, or {@code fuzz} with a case count (instead of a time) that covers every
         * call it made, so the same calls come in the same order.
         */
        private String rerunCommand(List<MethodRun> runs) {
            if (!options.fuzz()) {
                return options.command() + " grade --kata " + kata.id() + " --seed " + options.seed() + " --cases "
                        + options.cases() + " " + quoted(submission.displayPath());
            }
            long calls = runs.stream().mapToLong(r -> r.cases() + r.reasked()).max().orElse(0);
            long cases = Math.min(Integer.MAX_VALUE, calls + 2L * 4096);
            return options.command() + " fuzz --kata " + kata.id() + " --seed " + options.seed() + " --cases " + cases
                    + " " + quoted(submission.displayPath());
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
            if (options.replay().isPresent()) {
                return "all " + randomCases + " replayed call" + (randomCases == 1 ? "" : "s") + " passed";
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
            String text = String.join(" and ", parts);
            return text + " passed" + (reasked > 0 ? ", also when asked again (" + reasked + " calls)" : "");
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
                            options.replay().isPresent()
                                    ? TestOutcome.replay(e.method(), Status.NOT_RUN, "not run: " + notRunVerdict.words(), 0)
                                    : TestOutcome.generated(e.method(), e.smallDomain(), Status.NOT_RUN,
                                            "not run: " + notRunVerdict.words(), 0, false)));
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
            return new Counterexample(entryPoint.method(), example, JsonValues.toJson(args),
                    JsonValues.toJson(expected.answer()),
                    result.returned() ? JsonValues.toJson(result.value()) : null,
                    result.returned() ? null : result.detail(),
                    expected.reason(), entryPoint.render(args), choices, shrinkSteps, replay, calls,
                    history.stateful() ? history.kind().name() : null,
                    history.stateful() ? history.before() : null, drawn, first, call);
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

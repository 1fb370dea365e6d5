package org.katajudge.engine.pipeline;

import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.SourceCompiler;
import org.katajudge.compile.worker.CompilerUnavailableException;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.PlannedSubmission;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.engine.plan.TestListener;
import org.katajudge.fuzz.CallLog;
import org.katajudge.fuzz.CaseStreams;
import org.katajudge.fuzz.TargetUnavailableException;
import org.katajudge.intake.IntakeVerdict;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.ChildStart;
import org.katajudge.sandbox.LoadRequest;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;
import org.katajudge.sandbox.SubmissionLoadException;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Grades one submission from its sources to its {@link SubmissionResult}, in stages: compile
 * ({@link CompileStage}), start its sandboxed JVM ({@link SubmissionProcess}), then the visible
 * fixed examples ({@link ExampleStage}), the search on generated cases ({@link SearchStage}) and
 * last the hidden examples, in a JVM of their own, or a replay of given calls ({@link ReplayStage});
 * the verdict ({@link Judgement}) is the first failure's. Each test is recorded with its points as
 * it ends ({@link TestRecord}).
 *
 * <p>A result is always returned, whatever happens (Errors included): the judge's own failures
 * become {@link Verdict#JUDGE_ERROR}, and no failure grading one submission reaches another.
 */
public final class Grader {

    /** Lines of the judge's own stack trace kept in a JUDGE_ERROR's diagnostics. */
    private static final int STACK_LINES = 12;

    private final CompileStage compileStage;
    private final SandboxLauncher launcher;
    /** Every submission of a kata is asked the same generated cases: drawn and answered once. */
    private final CaseStreams streams = new CaseStreams();

    /**
     * @param compiler      compiles and checks the sources (the engine uses a {@code CompilerPool})
     * @param compileLimits the bound on a submission's sources together, checked before compiling
     */
    public Grader(SourceCompiler compiler, CompileLimits compileLimits, SandboxLauncher launcher) {
        this.compileStage = new CompileStage(compiler, compileLimits);
        this.launcher = launcher;
    }

    /**
     * The result of grading {@code planned}; never throws.
     *
     * @param cancelled asked before each batch of calls: once true, the submission is called no more
     */
    public SubmissionResult grade(PlannedSubmission planned, GradingOptions options, TestListener listener,
                                  BooleanSupplier cancelled) {
        return grade(planned, options, listener, cancelled, ChildTiming.AFTER_COMPILE);
    }

    /**
     * The result of grading {@code planned}; never throws.
     *
     * @param cancelled asked before each batch of calls: once true, the submission is called no more
     * @param timing    when the submission's first JVM starts: after its sources compiled, or while they compile
     */
    public SubmissionResult grade(PlannedSubmission planned, GradingOptions options, TestListener listener,
                                  BooleanSupplier cancelled, ChildTiming timing) {
        Grading grading = Grading.of(planned, options, listener);
        ResultBuilder result = new ResultBuilder();
        try {
            grade(grading, result, cancelled, timing);
        } catch (CompilerUnavailableException e) {
            grading.judgement().judgeError(e.getMessage());
        } catch (Throwable e) {
            return internalError(grading, result, e);
        }
        return result.build(grading, diagnostics(grading), launcher.isolation());
    }

    /** The stages, in order; each failure that ends grading early leaves its verdict in the judgement. */
    private void grade(Grading grading, ResultBuilder result, BooleanSupplier cancelled, ChildTiming timing) {
        // first, so that every result of a kata is on one scale, those decided unrun included
        grading.record().scoreByTheRules();
        if (grading.submission().decided().isPresent()) {
            // nothing to compile (nothing handed in, an archive refused): said at once, nothing run
            IntakeVerdict decided = grading.submission().decided().get();
            notRun(grading, decided.verdict(), decided.message(), decided.diagnostics());
            return;
        }
        GradingMode mode = grading.options().mode();
        // the child's limits and speed depend on the kata and the mode only: known before the compile
        SandboxLauncher children = launcher.withLimits(ChildBudget.of(launcher.limits(), grading.kata(), mode));
        boolean peakSpeed = ChildBudget.peakSpeed(mode);
        Optional<ChildStart> early = timing == ChildTiming.WHILE_COMPILING
                ? Optional.of(children.start(peakSpeed)) : Optional.empty();
        SubmissionProcess toRun = null;
        try {
            grading.record().started(new PlannedTest.Compile());
            Compilation compilation = compileStage.compile(grading.submission(), grading.kata(),
                    grading.options().enforcePolicy());
            result.compiled(System.nanoTime() - grading.startedNanos(), compilation.notes());
            if (!(compilation instanceof Compilation.Compiled compiled)) {
                compileFailed(grading, compilation);
                return;
            }
            grading.record().finish(new PlannedTest.Compile(), TestOutcome.compile(Status.PASSED, null));
            toRun = new SubmissionProcess(children, loadRequest(grading, compiled), peakSpeed, cancelled, early);
        } finally {
            if (toRun == null) {
                early.ifPresent(children::close); // started for nothing: ended in the background
            }
        }
        try (SubmissionProcess process = toRun) {
            if (!started(grading, process)) {
                return;
            }
            CallLog log = new CallLog(process);
            try {
                if (mode instanceof GradingMode.Replay replay) {
                    ReplayStage.run(grading, log, replay);
                } else {
                    if (mode.runsExamples()) {
                        ExampleStage.runVisible(grading, log);
                    }
                    SearchStage.run(grading, log, streams);
                    if (mode.runsExamples() && ExampleStage.hasHidden(grading)) {
                        process.restart(); // a fresh JVM: nothing a student sees runs after a hidden input
                        ExampleStage.runHidden(grading, new CallLog(process));
                    }
                }
            } catch (TargetUnavailableException e) {
                result.printed(process.output());
                if (!grading.judgement().decided() || cancelled.getAsBoolean()) {
                    grading.judgement().judgeError(e.getMessage());
                    return;
                }
                // A failure is already known: it stays the verdict; what could not run says why.
                grading.record().notRunRemaining("not run: " + e.getMessage());
            }
            result.printed(process.output());
        }
        if (!grading.judgement().decided()) {
            accept(grading);
        }
    }

    /** Starts the submission's first JVM; a class that cannot be loaded is its compile error. */
    private static boolean started(Grading grading, SubmissionProcess process) {
        try {
            process.start();
            return true;
        } catch (SubmissionLoadException e) {
            notRun(grading, Verdict.COMPILE_ERROR, "the class cannot be loaded: " + e.getMessage(), List.of());
        } catch (SandboxException e) {
            grading.judgement().judgeError("the sandbox failed: " + e.getMessage());
        }
        return false;
    }

    private static LoadRequest loadRequest(Grading grading, Compilation.Compiled compiled) {
        return new LoadRequest(compiled.mainClass(), compiled.classes(), grading.kata().entryPoints().stream()
                .map(e -> new LoadRequest.Method(e.method(), e.parameters(), e.returns())).toList());
    }

    private static void compileFailed(Grading grading, Compilation compilation) {
        List<String> problems = compilation instanceof Compilation.Failed failed
                ? failed.errors().stream().map(Object::toString).toList()
                : ((Compilation.Rejected) compilation).violations().stream().map(Object::toString).toList();
        boolean rejected = compilation instanceof Compilation.Rejected;
        notRun(grading, rejected ? Verdict.REJECTED : Verdict.COMPILE_ERROR, (rejected ? "rejected: " : "compile error: ")
                + problems.stream().findFirst().orElse("(no message)"), problems);
    }

    /** No failure was found: every test passed, which the record must agree with. */
    private static void accept(Grading grading) {
        List<String> notPassed = grading.record().outcomes().stream()
                .filter(t -> t.status() != Status.PASSED && !TestOutcome.isNoRandomTests(t))
                .map(TestOutcome::name).toList();
        if (!notPassed.isEmpty()) {
            // cannot happen; if it ever did, a result with a test not passed must not get full marks
            grading.judgement().judgeError("no failure was found, yet not every test passed: " + notPassed);
            return;
        }
        grading.judgement().accept(Messages.accepted(grading.kata(), grading.options().mode(),
                grading.record().outcomes(), grading.tally()));
    }

    /** A verdict decided before anything ran: its diagnostics kept, every later test reported as not run. */
    private static void notRun(Grading grading, Verdict verdict, String text, List<String> diagnostics) {
        grading.judgement().decide(verdict, text, diagnostics);
        if (grading.record().isEmpty()) {
            grading.record().fail(new PlannedTest.Compile(), TestOutcome.compile(Status.FAILED, text), 0, verdict, null);
        }
    }

    private static List<String> diagnostics(Grading grading) {
        return grading.judgement().diagnostics();
    }

    /** A JUDGE_ERROR for a failure of the judge itself, even when little memory or stack is left. */
    private SubmissionResult internalError(Grading grading, ResultBuilder result, Throwable e) {
        try {
            grading.judgement().judgeError("internal error: " + e, List.of(stackTrace(e)));
            return result.build(grading, diagnostics(grading), launcher.isolation());
        } catch (Throwable again) {
            // No room for details (the heap or the stack is exhausted): the shortest result that says so.
            grading.judgement().judgeError("internal error: " + e.getClass().getName(), List.of());
            return result.build(grading, List.of(), launcher.isolation());
        }
    }

    private static String stackTrace(Throwable e) {
        StringWriter text = new StringWriter();
        e.printStackTrace(new PrintWriter(text));
        return String.join("\n", text.toString().lines().limit(STACK_LINES).toList());
    }
}

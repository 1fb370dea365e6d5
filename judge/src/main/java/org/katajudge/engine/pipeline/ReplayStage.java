package org.katajudge.engine.pipeline;

import org.katajudge.catalog.Example;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.PlannedTest;
import org.katajudge.fuzz.Call;
import org.katajudge.fuzz.CallLog;
import org.katajudge.fuzz.CaseJudgement;
import org.katajudge.fuzz.DrawnCalls;
import org.katajudge.fuzz.Fuzzer;
import org.katajudge.fuzz.GeneratedCase;
import org.katajudge.fuzz.History;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Counterexample;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The replay stage: exactly the calls given, in order, in a fresh submission; the last is the
 * case judged. The calls before it are its history: made, not judged (a shrunk history may hold
 * calls that fail themselves); only a history call that ends the JVM is reported. A failure says
 * whether it needs its history: the case is asked again alone, from a fresh start.
 */
final class ReplayStage {

    private ReplayStage() {
    }

    static void run(Grading grading, CallLog log, GradingMode.Replay replay) {
        KataDefinition kata = grading.kata();
        EntryPoint last = kata.entryPoint(replay.method());
        if (!last.hasGenerator() && replay.calls().get(replay.calls().size() - 1).example() == null) {
            PlannedTest none = new PlannedTest.NoRandomTests(last);
            grading.record().finish(none, none.notRun(null));
            grading.judgement().judgeError("nothing to replay: " + last.method() + " has no generator");
            return;
        }
        PlannedTest test = new PlannedTest.ReplayedCalls(last);
        grading.record().started(test);
        List<Call> calls = calls(grading, replay, last);
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
                grading.tally().cases++;
                boolean judged = start + i == calls.size() - 1 || results.get(i).fatal();
                if (!judged) {
                    continue;
                }
                Explanation expected = Fuzzer.expected(entryPoint, call.args());
                Verdict caseVerdict = CaseJudgement.judge(entryPoint, expected, results.get(i));
                if (caseVerdict != Verdict.ACCEPTED) {
                    failed(grading, test, entryPoint, call, expected, results.get(i), caseVerdict,
                            calls.subList(0, start + i), replay, log);
                    return;
                }
            }
            if (results.size() < end - start) {
                break;
            }
            start = end;
        }
        int replayed = grading.tally().cases;
        grading.record().finish(test, TestOutcome.replay(last.method(), Status.PASSED, null, replayed));
        if (replayed > 1) {
            grading.judgement().accept("the replayed case passed after the " + (replayed - 1) + " call"
                    + (replayed == 2 ? "" : "s") + " before it");
        }
    }

    /** The calls to make: those drawn with the seed first, then the steps given, generated from their choices. */
    private static List<Call> calls(Grading grading, GradingMode.Replay replay, EntryPoint last) {
        KataDefinition kata = grading.kata();
        List<Call> calls = new ArrayList<>();
        if (replay.drawn() > 0) {
            calls.addAll(DrawnCalls.draw(kata.id(), last, FailureCommands.methodIndex(kata, last.method()),
                    grading.options().seed(), replay.drawn()));
        }
        for (GradingMode.Replay.Step step : replay.calls()) {
            int m = FailureCommands.methodIndex(kata, step.method());
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
        return calls;
    }

    private static void failed(Grading grading, PlannedTest test, EntryPoint entryPoint, Call call, Explanation expected,
                               CallResult result, Verdict caseVerdict, List<Call> before, GradingMode.Replay replay,
                               CallLog log) {
        String problem = Messages.describe(caseVerdict, entryPoint, expected, result);
        int drawn = Math.min(replay.drawn(), before.size());
        List<Call> listed = before.subList(drawn, before.size());
        // Whether the earlier calls matter: the call again, alone, from a fresh start.
        boolean alone = before.isEmpty() || !(result.outcome() == CallResult.Outcome.RETURNED
                || result.outcome() == CallResult.Outcome.THREW) || failsAlone(grading, log, call, expected, result, caseVerdict);
        History history = alone ? History.NONE
                : drawn > 0 && listed.isEmpty()
                ? new History(History.Kind.DRAWN, List.of(), before.size(), grading.options().seed(), drawn)
                : drawn > 0 ? new History(History.Kind.RERUN, List.of(), before.size(), 0, 0)
                : new History(History.Kind.LISTED, listed, before.size(), 0, 0);
        String where = call.example() != null ? "the replayed example \"" + call.example() + "\""
                : before.isEmpty() ? "the replayed case" : "replayed call " + (before.size() + 1);
        Counterexample shown = grading.counterexamples().of(entryPoint, call.example(), call.args(), expected, result,
                call.choices() == null ? null : call.choices().toString(), 0, grading.commands().replayed(replay), history,
                Optional.empty(), before.size() + 1L);
        grading.record().fail(test, TestOutcome.replay(replay.method(), Status.FAILED, problem, grading.tally().cases), 0,
                caseVerdict, shown);
        grading.judgement().fail(caseVerdict, caseVerdict.words() + " on " + where + ": " + problem
                + Messages.statefulNote(history), shown);
    }

    private static boolean failsAlone(Grading grading, CallLog log, Call call, Explanation expected, CallResult result,
                                      Verdict caseVerdict) {
        log.reset();
        List<CallResult> alone = log.target().call(call.method(), List.<Object[]>of(call.args()));
        if (alone.isEmpty()) {
            return false;
        }
        EntryPoint entryPoint = grading.kata().entryPoints().get(call.method());
        return CaseJudgement.sameFailure(caseVerdict, result, CaseJudgement.judge(entryPoint, expected, alone.get(0)),
                alone.get(0));
    }
}

package org.katajudge.engine.pipeline;

import org.katajudge.catalog.Example;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.fuzz.CaseJudgement;
import org.katajudge.fuzz.Fuzzer;
import org.katajudge.fuzz.CallLog;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a kata's fixed examples on a submission, every one of them: after a crash or a timeout
 * the remaining examples go to a fresh JVM (the target restarts it), so that a score says what
 * the student got right. A method that crashed or timed out on {@link Fuzzer#MAX_FATAL_IN_A_ROW}
 * of its examples in a row (counted per method, across the file, whose methods may take turns)
 * is not called on its remaining examples, since each costs a JVM start and up to the time
 * limit; those are reported as not run, with the reason.
 */
final class ExampleCalls {

    /**
     * One example's call.
     *
     * @param example  the example
     * @param expected the reference's answer, computed in the judge
     * @param result   what the submission did; null when it was not called
     * @param verdict  what that earns; null when it was not called
     * @param notRun   why it was not called; null when it was
     */
    record Call(Example example, Explanation expected, CallResult result, Verdict verdict, String notRun) {
    }

    /** Hears about each example as it starts and ends. */
    interface Listener {
        void started(Example example);

        void finished(Call call);
    }

    private ExampleCalls() {
    }

    /**
     * Runs {@code examples} (some of the kata's, in file order), batching consecutive examples of one method.
     *
     * @throws org.katajudge.fuzz.TargetUnavailableException when the submission's JVM cannot be
     *                                                        (re)started; examples not finished are not reported
     */
    static void run(KataDefinition kata, List<Example> examples, CallLog log, Listener listener) {
        Map<String, Integer> fatalInARow = new HashMap<>(); // per method
        int start = 0;
        while (start < examples.size()) {
            String method = examples.get(start).method();
            int end = start;
            while (end < examples.size() && examples.get(end).method().equals(method)) {
                end++;
            }
            runMethod(kata, examples.subList(start, end), log, listener, fatalInARow);
            start = end;
        }
    }

    private static void runMethod(KataDefinition kata, List<Example> group, CallLog log, Listener listener,
                                  Map<String, Integer> fatalInARowByMethod) {
        String method = group.get(0).method();
        EntryPoint entryPoint = kata.entryPoint(method);
        int methodIndex = 0;
        while (!kata.entryPoints().get(methodIndex).method().equals(method)) {
            methodIndex++;
        }
        group.forEach(listener::started);
        int next = 0;
        int fatalInARow = fatalInARowByMethod.getOrDefault(method, 0);
        while (next < group.size()) {
            if (fatalInARow >= Fuzzer.MAX_FATAL_IN_A_ROW) {
                notRun(group, next, "not run: " + method + " crashed or timed out on " + fatalInARow
                        + " examples in a row", listener);
                return;
            }
            int index = methodIndex;
            // through the log: examples are calls a later failure may depend on
            List<CallResult> results = log.call(methodIndex, group.subList(next, group.size()).stream()
                    .map(e -> org.katajudge.fuzz.Call.example(index, e.args(), e.name(), e.hidden())).toList());
            log.settle();
            if (results.isEmpty()) {
                notRun(group, next, "not run: the submission's JVM answered nothing", listener);
                return;
            }
            for (CallResult result : results) {
                Example example = group.get(next++);
                Explanation expected = Fuzzer.expected(entryPoint, example.args());
                listener.finished(new Call(example, expected, result,
                        CaseJudgement.judge(entryPoint, expected, result), null));
                fatalInARow = result.fatal() ? fatalInARow + 1 : 0;
            }
            fatalInARowByMethod.put(method, fatalInARow);
        }
    }

    private static void notRun(List<Example> group, int from, String why, Listener listener) {
        for (int i = from; i < group.size(); i++) {
            listener.finished(new Call(group.get(i), null, null, null, why));
        }
    }
}

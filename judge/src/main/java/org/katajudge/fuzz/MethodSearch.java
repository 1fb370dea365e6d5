package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One entry point's search: its new cases, the earlier ones it asks again, and its first
 * failure. Case {@code c} is asked again 1, 2, 4, ... times {@code probeEvery} cases later, as long
 * as that distance divides it (consistency probes). Its calls are planned in batches whose size
 * depends only on how many came before (64, doubling to 4096), so the sequence of calls a seed
 * gives is the same on any machine; a batch is sent in chunks sized by time, so a budget ends
 * within a chunk.
 *
 * <p>Why one long file: the batch plan, the consistency probes and the first failure are one loop over the same calls.
 */
final class MethodSearch {

    private static final int FIRST_BATCH = 64;
    private static final int LARGEST_BATCH = 4096;
    /** A batch is sized to take about this long, so a time budget is kept to within one batch. */
    private static final long BATCH_NANOS = 50_000_000L;

    /** A case planned into a batch: a new one (with the rules it exercises), or one asked again. */
    private record Planned(Call call, Explanation expected, boolean fresh, int caseNumber) {
    }

    /** A case that will be asked again: its first answer, once known. */
    private static final class Asked {
        private final Call call;
        private final Explanation expected;
        private CallResult first;
        private boolean firstFailed;
        /** Whether an ask after the first failed: then the case no longer counts as passed. */
        private boolean failedAgain;
        private long firstCall;

        Asked(Call call, Explanation expected) {
            this.call = call;
            this.expected = expected;
        }
    }

    private final EntryPoint entryPoint;
    private final int index;
    /** What is reported: the cases that ran. */
    private final Coverage coverage;
    /** The new cases with their answers; steering reads only the reference's, so they depend on the seed alone. */
    private final AnsweredCases schedule;
    private final int probeEvery;
    private final boolean repeat;
    private final Map<Integer, Asked> asked = new HashMap<>();
    private final Map<ChoiceSequence, Asked> domain = new HashMap<>();
    /** Re-asks held back until a collision probe's partner has been asked. */
    private final List<Planned> deferred = new ArrayList<>();
    private int run;
    private int passed;
    private int fatalInARow;
    private int fatal;
    private int notRun;        // cases of the fixed set left out after too many crashes in a row
    private boolean gaveUp;
    private long reasked;
    private int batchSize = FIRST_BATCH;
    private int chunkSize = FIRST_BATCH;
    private boolean done;
    private Failure failure;
    private long nanos;

    MethodSearch(String kataId, EntryPoint entryPoint, int index, Fuzzer.Settings settings, CaseStreams streams) {
        this.entryPoint = entryPoint;
        this.index = index;
        List<String> rules = entryPoint.hasGenerator() ? entryPoint.rules() : List.of();
        this.coverage = new Coverage(entryPoint.method(), rules);
        this.repeat = settings.repeatSmallDomains();
        this.schedule = !entryPoint.hasGenerator() ? null // examples only: no random tests
                : streams != null ? streams.cases(kataId, entryPoint, settings)
                : new AnsweredCases.Live(entryPoint, settings.seed(), DrawnCalls.salt(kataId, entryPoint), repeat);
        this.done = schedule == null;
        this.probeEvery = Math.max(1, settings.probeEvery());
    }

    /** Whether this search has nothing more to do: its cases are done, or it stopped. */
    boolean done() {
        return done;
    }

    /** Whether it ran a case yet. */
    boolean started() {
        return run > 0;
    }

    /** Whether its failure stops every entry point's search: the first failure when fuzzing, a fatal one when grading. */
    boolean stopsTheSearch(Fuzzer.Settings settings) {
        return failure != null && !settings.everyCase() && (settings.stopAtFirstFailure() || failure.result().fatal());
    }

    /** Runs its next batch of calls (or the part of it the budget leaves). */
    void runBatch(SearchContext context) {
        long before = System.nanoTime();
        runPlannedBatch(context);
        nanos += System.nanoTime() - before;
    }

    private void runPlannedBatch(SearchContext context) {
        List<Planned> plan = plan(context.settings());
        if (plan.isEmpty()) {
            done = true;
            return;
        }
        int position = 0;
        while (position < plan.size()) {
            if (System.nanoTime() >= context.stopDrawingAt() && run > 0) {
                done = true; // the budget ended inside this batch: the rest of it is not run
                return;
            }
            int end = Math.min(plan.size(), position + chunkSize);
            long started = System.nanoTime();
            if (!execute(context, plan, position, end)) {
                return;
            }
            long perCall = Math.max(1, (System.nanoTime() - started) / (end - position));
            chunkSize = (int) Math.max(1, Math.min(Math.min(LARGEST_BATCH, chunkSize * 2L), BATCH_NANOS / perCall));
            position = end;
        }
        batchSize = Math.min(batchSize * 2, LARGEST_BATCH);
        Fuzzer.Settings settings = context.settings();
        done = schedule.finished()
                || (!schedule.exhaustive() && run >= settings.cases())
                || (schedule.enumerated() && repeat && run + reasked >= settings.cases());
    }

    /** The next batch: new cases, each followed by the earlier ones it is time to ask again. */
    private List<Planned> plan(Fuzzer.Settings settings) {
        int room = schedule.exhaustive() ? batchSize : Math.min(batchSize, settings.cases() - run);
        List<Planned> plan = new ArrayList<>();
        int fresh = 0;
        while (plan.size() < room) {
            if (schedule.enumerated() && repeat) {
                if (run + reasked + plan.size() >= settings.cases()) {
                    break;
                }
                Asked known = schedule.next().map(d -> domain.get(d.generated().choices())).orElse(null);
                if (known == null) {
                    break;
                }
                plan.add(new Planned(known.call, known.expected, false, -1));
                continue;
            }
            Optional<AnsweredCases.Answered> next = schedule.next();
            if (next.isEmpty()) {
                break;
            }
            GeneratedCase generated = next.get().generated();
            Explanation expected = next.get().expected();
            Call call = Call.generated(index, generated);
            int number = run + ++fresh;
            plan.add(new Planned(call, expected, true, number));
            Asked entry = new Asked(call, expected);
            if (number % probeEvery == 0) {
                asked.put(number, entry);
            }
            if (repeat && schedule.exhaustive()) {
                domain.put(generated.choices(), entry);
            }
            // Earlier cases asked again: at distances probeEvery * 2^k that divide this case's number;
            // after a collision probe's first input they wait until its partner was asked right after it.
            List<Planned> again = next.get().leadsPair() ? deferred : plan;
            for (long distance = probeEvery; number % distance == 0 && number - distance >= 1; distance *= 2) {
                Asked earlier = asked.get((int) (number - distance));
                if (earlier != null) {
                    again.add(new Planned(earlier.call, earlier.expected, false, (int) (number - distance)));
                }
            }
            if (!next.get().leadsPair()) {
                plan.addAll(deferred);
                deferred.clear();
            }
        }
        return plan;
    }

    /** Runs {@code plan[from, to)}; false when a failure ended this method. */
    private boolean execute(SearchContext context, List<Planned> plan, int from, int to) {
        CallLog log = context.log();
        int position = from;
        while (position < to) {
            // A fatal result ends the child's answers early; in every-case mode the rest of the
            // chunk goes to a fresh JVM (the target restarts it), without asking again a case
            // that already failed: it says nothing new and may cost a time limit again.
            List<Planned> chunk = new ArrayList<>();
            List<Integer> at = new ArrayList<>();
            for (int p = position; p < to; p++) {
                if (plan.get(p).fresh() || !firstFailed(plan.get(p))) {
                    chunk.add(plan.get(p));
                    at.add(p);
                }
            }
            if (chunk.isEmpty()) {
                break;
            }
            log.settle(); // a JVM that ended is a fresh start: the calls before it are no history
            List<CallResult> results = log.call(index, chunk.stream().map(Planned::call).toList());
            if (results.isEmpty()) {
                done = true; // a target that answers nothing cannot be asked again
                return false;
            }
            if (!judge(context, chunk, results, plan, at)) {
                return false;
            }
            position = at.get(results.size() - 1) + 1;
        }
        forgetProbed();
        return true;
    }

    /** Whether a case asked again already failed when first asked. */
    private boolean firstFailed(Planned planned) {
        Asked entry = planned.caseNumber() > 0 ? asked.get(planned.caseNumber()) : domain.get(planned.call().choices());
        return entry != null && entry.first != null && entry.firstFailed;
    }

    /** Judges the answers to the start of {@code chunk}; false when a failure ended this method. */
    private boolean judge(SearchContext context, List<Planned> chunk, List<CallResult> results, List<Planned> plan, List<Integer> at) {
        CallLog log = context.log();
        Fuzzer.Settings settings = context.settings();
        long firstNumber = log.count() - results.size() + 1;
        for (int i = 0; i < results.size(); i++) {
            Planned planned = chunk.get(i);
            CallResult result = results.get(i);
            Verdict verdict = CaseJudgement.judge(entryPoint, planned.expected(), result);
            Asked entry = planned.caseNumber() > 0 ? asked.get(planned.caseNumber())
                    : domain.get(planned.call().choices());
            if (planned.fresh()) {
                run++;
                coverage.record(null, planned.expected().checks());
                if (entry != null && entry.first == null) {
                    entry.first = result;
                    entry.firstFailed = verdict != Verdict.ACCEPTED;
                    entry.firstCall = firstNumber + i;
                }
                Asked inDomain = domain.get(planned.call().choices());
                if (inDomain != null && inDomain.first == null) {
                    inDomain.first = result;
                    inDomain.firstFailed = verdict != Verdict.ACCEPTED;
                    inDomain.firstCall = firstNumber + i;
                }
            } else {
                reasked++;
            }
            if (!result.fatal()) {
                fatalInARow = 0;
            }
            if (verdict == Verdict.ACCEPTED) {
                if (planned.fresh()) {
                    passed++;
                }
                continue;
            }
            if (!planned.fresh() && entry != null && entry.first != null && !entry.firstFailed && !entry.failedAgain) {
                // a case passes when every ask of it does: right the first time and wrong when asked again
                // is not passed (with partial credit it earned full marks for a wrong answer: red team)
                entry.failedAgain = true;
                passed--;
            }
            if (failure == null) {
                Optional<Reask> reask = planned.fresh() || entry == null || entry.first == null ? Optional.empty()
                        : Optional.of(new Reask(entry.firstCall, entry.first));
                List<Call> remembered = log.remembered();
                List<Call> before = remembered.subList(0, Math.max(0, remembered.size() - (results.size() - i)));
                FailureAnalysis analysis = new FailureAnalysis(context.kataId(), context.entryPoints(), log, settings);
                failure = analysis.analyze(index, planned.call(), planned.expected(), result, verdict, before,
                        firstNumber + i, reask);
                log.settle();
            }
            if (!settings.everyCase()) {
                done = true;
                return false;
            }
            if (result.fatal()) {
                // every crash or timeout costs a JVM start and up to the time limit, re-asked cases' too
                fatalInARow++;
                fatal++;
                if (fatalInARow >= Fuzzer.MAX_FATAL_IN_A_ROW || fatal >= Fuzzer.MAX_FATAL) {
                    int left = (int) plan.subList(at.get(i) + 1, plan.size()).stream().filter(Planned::fresh).count();
                    giveUp(settings, left);
                    return false;
                }
            }
        }
        return true;
    }

    /** Stops calling this entry point, counting what is left of its fixed set as not run. */
    private void giveUp(Fuzzer.Settings settings, int drawnButNotRun) {
        gaveUp = true;
        done = true;
        if (schedule.exhaustive()) {
            int left = drawnButNotRun;
            while (schedule.next().isPresent()) {
                left++;
            }
            notRun = left;
        } else {
            notRun = Math.max(0, settings.cases() - run);
        }
    }

    /** Drops the cases whose last re-ask is done: case c is asked again up to probeEvery * lowestOneBit(c / probeEvery) later. */
    private void forgetProbed() {
        asked.keySet().removeIf(c -> c + (long) probeEvery * Integer.lowestOneBit(c / probeEvery) <= run);
    }

    MethodRun result() {
        boolean enumerated = schedule != null && schedule.enumerated();
        return new MethodRun(run, passed, run + notRun, gaveUp, enumerated, Optional.ofNullable(failure),
                coverage.summary(), nanos, reasked, schedule == null ? 0 : schedule.passes());
    }
}

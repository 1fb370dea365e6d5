package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Differential testing of a kata's entry points: draws cases from the kata's generators in the
 * order of a {@link CaseSchedule}, computes each expected answer in the judge from a copy of the
 * input, runs the submission on them in batches, and shrinks the first disagreement. The entry
 * points take turns, a batch each, so a bug in the last method is found as soon as one in the
 * first. {@code grade} and {@code fuzz} both use it; they differ in {@link Settings}.
 *
 * <p>All calls go to one instance of the submission, as in real use, and among the new cases the
 * search asks earlier inputs again at growing distances (consistency probes): case {@code c} is
 * asked again 1, 2, 4, ... cases later, as long as that distance divides it. An answer that changed
 * is a wrong answer that only shows after other calls: {@link FailureAnalysis} then finds the
 * calls it depends on. In fuzz mode a small domain is not enumerated once but again and again,
 * each pass shuffled, until the budget ends.
 */
public final class Fuzzer {

    private static final int FIRST_BATCH = 64;
    private static final int LARGEST_BATCH = 4096;
    /** A batch is sized to take about this long, so a time budget is kept to within one batch. */
    private static final long BATCH_NANOS = 50_000_000L;

    private Fuzzer() {
    }

    /**
     * @param seed               reproduces the cases
     * @param cases              random cases per entry point (small domains are enumerated whole regardless)
     * @param time               the budget, for all entry points together, counted from {@code startedNanos}
     *                           (or from the start of {@link #run}); empty for no limit
     * @param stopAtFirstFailure stop every entry point at the first failure (fuzzing); else only a fatal failure
     *                           (the submission's JVM died) stops the others
     * @param shrinkCalls        at most this many submission calls while shrinking; 0 for no shrinking
     * @param shrinkTime         at most this long shrinking and finding the calls a failure depends on
     * @param probeEvery         ask earlier inputs again after every this many new cases (1: two re-asks per case)
     * @param repeatSmallDomains after a small domain's enumeration, pass over it again until the budget ends
     * @param startedNanos       when the budget started ({@link System#nanoTime()}), 0 for the start of {@link #run}
     * @param everyCase          scoring: run every case of each entry point's fixed set, failures and crashes
     *                           included (the first failure is still the one analysed and shrunk), so that the
     *                           fraction passed means something; an entry point stops early only after
     *                           {@link #MAX_FATAL_IN_A_ROW} crashes or timeouts in a row, or {@link #MAX_FATAL}
     *                           in all
     */
    public record Settings(long seed, int cases, Optional<Duration> time, boolean stopAtFirstFailure, int shrinkCalls,
                           Duration shrinkTime, int probeEvery, boolean repeatSmallDomains, long startedNanos,
                           boolean everyCase) {

        public Settings(long seed, int cases, Optional<Duration> time, boolean stopAtFirstFailure, int shrinkCalls,
                        Duration shrinkTime) {
            this(seed, cases, time, stopAtFirstFailure, shrinkCalls, shrinkTime, 1, false, 0, false);
        }

        /** {@code grade}: {@code cases} per method, each asked again twice on average. */
        public static Settings grading(long seed, int cases) {
            return new Settings(seed, cases, Optional.empty(), false, 100_000, Duration.ofSeconds(10), 1, false, 0, false);
        }

        /** Grading for points: every one of the {@code cases} cases runs (see {@link #everyCase()}). */
        public static Settings scoring(long seed, int cases) {
            return new Settings(seed, cases, Optional.empty(), false, 100_000, Duration.ofSeconds(10), 1, false, 0, true);
        }

        /**
         * {@code fuzz}: until the first failure or the end of the budget; one re-ask per four new
         * cases, small domains over and over. A failure found late gets a tenth of the budget to
         * shrink beyond it.
         */
        public static Settings fuzzing(long seed, int cases, Duration time) {
            return new Settings(seed, cases, Optional.of(time), true, 1_000_000, Duration.ofSeconds(20), 8, true, 0, false);
        }

        /** These settings with the budget counted from {@code nanos}, e.g. the start of compiling. */
        public Settings startingAt(long nanos) {
            return new Settings(seed, cases, time, stopAtFirstFailure, shrinkCalls, shrinkTime, probeEvery,
                    repeatSmallDomains, nanos, everyCase);
        }
    }

    /**
     * In {@link Settings#everyCase()} mode, an entry point whose calls crashed or timed out this
     * many times in a row is not called again: each costs a new JVM and up to the per-call limit,
     * so a submission that hangs on everything would otherwise cost minutes. The cases not run
     * count as failed, and the run says so.
     */
    public static final int MAX_FATAL_IN_A_ROW = 3;
    /** As {@link #MAX_FATAL_IN_A_ROW}, for crashes or timeouts in all: bounds what hanging on some inputs costs. */
    public static final int MAX_FATAL = 30;

    /**
     * Runs the random tests of every entry point on a submission no call has been made to yet;
     * one without a generator (examples only) gets a run of no cases.
     *
     * @param kataId distinguishes the case streams of katas under one seed
     * @return one run per entry point, in order
     */
    public static List<MethodRun> run(String kataId, List<EntryPoint> entryPoints, Target target, Settings settings) {
        return run(kataId, entryPoints, new CallLog(target), settings);
    }

    /** Runs the random tests of every entry point; {@code log} holds the calls made before (fixed examples). */
    public static List<MethodRun> run(String kataId, List<EntryPoint> entryPoints, CallLog log, Settings settings) {
        return run(kataId, entryPoints, log, settings, null);
    }

    /**
     * As {@link #run(String, List, CallLog, Settings)}, reading the new cases and their expected
     * answers from {@code streams} (shared by the submissions of one grader; null: drawn here).
     */
    public static List<MethodRun> run(String kataId, List<EntryPoint> entryPoints, CallLog log, Settings settings,
                                      CaseStreams streams) {
        long started = settings.startedNanos() != 0 ? settings.startedNanos() : System.nanoTime();
        // A twentieth of the budget is left for what follows the search: closing the JVM, the report.
        long stopDrawingAt = settings.time().map(t -> started + t.toNanos() - t.toNanos() / 20).orElse(Long.MAX_VALUE);
        List<MethodState> methods = new ArrayList<>();
        for (int m = 0; m < entryPoints.size(); m++) {
            methods.add(new MethodState(kataId, entryPoints.get(m), m, settings, streams));
        }
        Run run = new Run(kataId, entryPoints, log, settings, stopDrawingAt);
        boolean stopped = false;
        boolean first = true; // every method gets its first batch, even if compiling and starting ate the budget
        while (!stopped && methods.stream().anyMatch(s -> !s.done) && (first || System.nanoTime() < stopDrawingAt)) {
            first = false;
            for (MethodState method : methods) {
                if (method.done) {
                    continue;
                }
                long before = System.nanoTime();
                method.runBatch(run);
                method.nanos += System.nanoTime() - before;
                if (method.failure != null && !settings.everyCase()
                        && (settings.stopAtFirstFailure() || method.failure.result().fatal())) {
                    stopped = true;
                    break;
                }
                if (System.nanoTime() >= stopDrawingAt && methods.stream().allMatch(m -> m.run > 0 || m.done)) {
                    break;
                }
            }
        }
        return methods.stream().map(MethodState::result).toList();
    }

    /** What every method's batches share. */
    private record Run(String kataId, List<EntryPoint> entryPoints, CallLog log, Settings settings, long stopDrawingAt) {

        /** When analysing a failure found now must end. */
        long analysisDeadline() {
            long now = System.nanoTime();
            long limit = now + settings.shrinkTime().toNanos();
            if (settings.time().isEmpty()) {
                return limit;
            }
            // Within the budget, or a tenth of it beyond when the failure came late.
            long grace = settings.time().get().toNanos() / 10;
            return Math.min(limit, Math.max(stopDrawingAt, now + grace));
        }
    }

    /** A case planned into a batch: a new one (with the rules it exercises), or one asked again. */
    private record Planned(Call call, Explanation expected, boolean fresh, int caseNumber) {
    }

    /** A case that will be asked again: its first answer, once known. */
    private static final class Asked {
        private final Call call;
        private final Explanation expected;
        private CallResult first;
        private boolean firstFailed;
        private long firstCall;

        Asked(Call call, Explanation expected) {
            this.call = call;
            this.expected = expected;
        }
    }

    /**
     * One entry point's progress. Its calls are planned in batches whose size depends only on
     * how many came before (64, doubling to 4096), so the sequence of calls a seed gives is the
     * same on any machine; a batch is sent in chunks sized by time, so a budget ends within a chunk.
     */
    private static final class MethodState {
        private final EntryPoint entryPoint;
        private final int index;
        /** What is reported: the cases that ran. */
        private final Coverage coverage;
        /** The new cases with their answers; steering reads only the reference's, so they depend on the seed alone. */
        private final NewCases schedule;
        private final int probeEvery;
        private final boolean repeat;
        private final Map<Integer, Asked> asked = new HashMap<>();
        private final Map<ChoiceSequence, Asked> domain = new HashMap<>();
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

        MethodState(String kataId, EntryPoint entryPoint, int index, Settings settings, CaseStreams streams) {
            this.entryPoint = entryPoint;
            this.index = index;
            List<String> rules = entryPoint.hasGenerator() ? entryPoint.rules() : List.of();
            this.coverage = new Coverage(entryPoint.method(), rules);
            this.repeat = settings.repeatSmallDomains();
            this.schedule = !entryPoint.hasGenerator() ? null // examples only: no random tests
                    : streams != null ? streams.cases(kataId, entryPoint, settings)
                    : new NewCases.Drawing(entryPoint, settings.seed(), DrawnCalls.salt(kataId, entryPoint), repeat);
            this.done = schedule == null;
            this.probeEvery = Math.max(1, settings.probeEvery());
        }

        void runBatch(Run context) {
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
            Settings settings = context.settings();
            done = schedule.finished()
                    || (!schedule.exhaustive() && run >= settings.cases())
                    || (schedule.enumerated() && repeat && run + reasked >= settings.cases());
        }

        /** The next batch: new cases, each followed by the earlier ones it is time to ask again. */
        private List<Planned> plan(Settings settings) {
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
                Optional<NewCases.Drawn> next = schedule.next();
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
                // Earlier cases asked again: at distances probeEvery * 2^k that divide this case's number.
                for (long distance = probeEvery; number % distance == 0 && number - distance >= 1; distance *= 2) {
                    Asked earlier = asked.get((int) (number - distance));
                    if (earlier != null) {
                        plan.add(new Planned(earlier.call, earlier.expected, false, (int) (number - distance)));
                    }
                }
            }
            return plan;
        }

        /** Runs {@code plan[from, to)}; false when a failure ended this method. */
        private boolean execute(Run context, List<Planned> plan, int from, int to) {
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
        private boolean judge(Run context, List<Planned> chunk, List<CallResult> results, List<Planned> plan, List<Integer> at) {
            CallLog log = context.log();
            Settings settings = context.settings();
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
                if (failure == null) {
                    Optional<Reask> reask = planned.fresh() || entry == null || entry.first == null ? Optional.empty()
                            : Optional.of(new Reask(entry.firstCall, entry.first));
                    List<Call> remembered = log.remembered();
                    List<Call> before = remembered.subList(0, Math.max(0, remembered.size() - (results.size() - i)));
                    FailureAnalysis analysis = new FailureAnalysis(context.kataId(), context.entryPoints(), log,
                            settings, context.analysisDeadline());
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
                    if (fatalInARow >= MAX_FATAL_IN_A_ROW || fatal >= MAX_FATAL) {
                        int left = (int) plan.subList(at.get(i) + 1, plan.size()).stream().filter(Planned::fresh).count();
                        giveUp(settings, left);
                        return false;
                    }
                }
            }
            return true;
        }

        /** Stops calling this entry point, counting what is left of its fixed set as not run. */
        private void giveUp(Settings settings, int drawnButNotRun) {
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

    /** The reference's answer on a copy of {@code args}, so nothing can change the original. */
    public static Explanation expected(EntryPoint entryPoint, Object[] args) {
        return entryPoint.explain(copy(entryPoint, args));
    }

    /** A deep copy of arguments, for callers that must keep the originals untouched. */
    public static Object[] copy(EntryPoint entryPoint, Object[] args) {
        Object[] copy = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            copy[i] = entryPoint.parameters().get(i).copy(args[i]);
        }
        return copy;
    }
}

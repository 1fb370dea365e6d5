package org.katajudge.engine.pipeline;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.sandbox.Limits;

import java.time.Duration;

/**
 * What a submission's child JVMs may take: the kata's time per call (CPU time), and a total
 * budget that grows with the cases asked for: every example and, each asked again about twice,
 * the random cases of every method; fuzzing, its cases and its time budget besides. A replay
 * runs within the budget of the search it replays.
 */
final class ChildBudget {

    private ChildBudget() {
    }

    static Limits of(Limits base, KataDefinition kata, GradingMode mode) {
        GradingMode.Search search = search(mode);
        Limits limits = base.withPerCall(Duration.ofMillis(kata.spec().timeLimitMillis()));
        if (search instanceof GradingMode.Fuzz fuzz) {
            long cases = fuzz.cases() == Integer.MAX_VALUE ? 0 : fuzz.cases();
            Limits scaled = limits.withTotalForCases(cases);
            return scaled.withTotal(scaled.total().plus(fuzz.time()));
        }
        // each generated case is asked again about twice (consistency probes): three calls a case
        return limits.withTotalForCases(kata.examples().size() + 3L * search.cases() * kata.entryPoints().size());
    }

    /** Whether the child's JIT should reach full speed: a search of many cases (fuzzing). */
    static boolean peakSpeed(GradingMode mode) {
        return search(mode).peakSpeed();
    }

    private static GradingMode.Search search(GradingMode mode) {
        return mode instanceof GradingMode.Replay replay ? replay.budget() : (GradingMode.Search) mode;
    }
}

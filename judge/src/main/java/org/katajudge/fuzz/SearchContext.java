package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;

import java.util.List;

/**
 * What the searches of a kata's entry points share: the submission's call log, the settings and
 * when drawing new cases stops.
 *
 * @param stopDrawingAt {@link System#nanoTime()} past which no new batch starts
 */
record SearchContext(String kataId, List<EntryPoint> entryPoints, CallLog log, Fuzzer.Settings settings,
                     long stopDrawingAt) {

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

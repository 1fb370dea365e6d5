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
}

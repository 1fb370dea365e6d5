package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.katajudge.TestHome;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The same {@code fuzz --seed} gives byte-identical counterexamples (shrunk case, listed history,
 * case count) whether the machine is idle-ish or loaded: the analysis of a failure is bounded by a
 * count of calls, never by the clock. The load is this test's own busy threads, started and
 * stopped around the second run. Isolated, so the first run is as quiet as the machine allows.
 */
@Isolated
class SameSeedUnderLoadTest {

    /** A shrink-heavy failure, and a deepHashCode memo (a collision probe, a history of one call, shrunk). */
    private static final List<String> SAMPLES = List.of(
            "checkers-game-over/wrong_answer/multi-jump-chains",
            "checkers-safe-spaces/wrong_answer/memo-keyed-by-deep-hash-code");

    @Test
    void theSameSeedGivesTheSameCounterexampleOnAnIdleAndALoadedMachine(@TempDir Path out) throws Exception {
        List<String> quiet = new ArrayList<>();
        for (String sample : SAMPLES) {
            quiet.add(counterexample(sample, out.resolve("quiet-" + quiet.size() + ".json")));
        }
        List<String> loaded = new ArrayList<>();
        try (Hogs hogs = Hogs.start(2 * Runtime.getRuntime().availableProcessors())) {
            for (String sample : SAMPLES) {
                loaded.add(counterexample(sample, out.resolve("loaded-" + loaded.size() + ".json")));
            }
        }
        for (int i = 0; i < SAMPLES.size(); i++) {
            assertEquals(quiet.get(i), loaded.get(i), SAMPLES.get(i));
        }
    }

    /** The counterexample and case count of {@code fuzz --seed 7} as JSON text. */
    private static String counterexample(String sample, Path json) {
        // a time budget far above what finding these failures takes: the budget must not be what differs
        CliRun run = CliRun.of("fuzz", "--seed", "7", "--time", "300s", "--json", json.toString(),
                TestHome.submissions().resolve(sample).toString());
        assertEquals(1, run.status(), run::toString);
        JsonNode result = Reports.read(json).get("results").get(0);
        return result.get("cases") + "\n" + result.get("counterexample");
    }

    /** Busy threads of this test's own, spinning until closed. */
    private static final class Hogs implements AutoCloseable {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final List<Thread> threads = new ArrayList<>();

        static Hogs start(int count) {
            Hogs hogs = new Hogs();
            for (int i = 0; i < count; i++) {
                Thread thread = new Thread(hogs::spin, "cpu-hog-" + i);
                thread.setDaemon(true);
                thread.start();
                hogs.threads.add(thread);
            }
            return hogs;
        }

        private void spin() {
            long x = 0;
            while (running.get()) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            if (x == 42) {
                System.out.print(""); // keeps the loop from being optimised away
            }
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            for (Thread thread : threads) {
                thread.join();
            }
        }
    }
}

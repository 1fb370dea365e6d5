package org.katajudge.fuzz;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.katajudge.TestHome;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The shrinker reaches the smallest possible counterexample on representative wrong samples
 * (fixed seeds; {@code bench/shrink-minimality.sh} measures all of them over ten seeds). The
 * minima are those {@code SmallestFailing}'s enumeration finds, or stated in the sample.
 */
class MinimalCounterexamplesTest {

    @ParameterizedTest(name = "{0}, seed {1}: {2}")
    @CsvSource({
        "checkers-game-over/wrong_answer/jumps-over-own-pieces, 3, 2",
        "checkers-game-over/wrong_answer/king-on-home-row, 4, 1",
        "checkers-game-over/wrong_answer/blue-jump-to-last-row, 5, 2",
        "xiangqi-board-validator/wrong_answer/black-river-off-by-one, 6, 3",
        "xiangqi-board-validator/wrong_answer/advisor-point-typo, 7, 3",
        "xiangqi-board-validator/wrong_answer/seed-js-port, 8, 2",
        "three-man-chess-vectors/wrong_answer/file-mod-plus-48, 9, 49",
        "three-man-chess-vectors/wrong_answer/int-overflow, 10, 2147483625",
        "knight-moves/wrong_answer/greedy-walk, 11, 1",
    })
    void shrinksToTheSmallestPossible(String sample, long seed, long smallest) throws IOException {
        Kata kata = Katas.byId(sample.substring(0, sample.indexOf('/'))).orElseThrow();
        InProcessTarget target = InProcessTarget.load(TestHome.submissions().resolve(sample), kata);
        Fuzzer.Settings settings = Fuzzer.Settings.fuzzing(seed, Integer.MAX_VALUE, Duration.ofMinutes(2));
        List<MethodRun> runs = Fuzzer.run(kata.id(), kata.entryPoints(), target, settings);
        for (int m = 0; m < runs.size(); m++) {
            if (runs.get(m).failure().isPresent()) {
                Failure failure = runs.get(m).failure().get();
                assertEquals(smallest, kata.entryPoints().get(m).size(failure.found().args()),
                        () -> kata.entryPoints().get(0).render(failure.found().args()));
                return;
            }
        }
        throw new AssertionError(sample + " was not caught");
    }
}

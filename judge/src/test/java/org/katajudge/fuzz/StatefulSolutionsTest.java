package org.katajudge.fuzz;

import org.junit.jupiter.api.Test;
import org.katajudge.TestHome;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;
import org.katajudge.sandbox.CallResult;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Solutions whose answers depend on earlier calls: found (consistency probes, repeated passes over
 * small domains), recognised (the failing call passes alone), and reported with the fewest earlier
 * calls that still make it fail, or by seed when there are too many. In-process, so fast.
 */
public class StatefulSolutionsTest {

    private static final Fuzzer.Settings FUZZING = Fuzzer.Settings.fuzzing(0, Integer.MAX_VALUE, Duration.ofSeconds(30));

    @Test
    void aCacheKeyedByTheFileFailsAfterOneEarlierCall() throws IOException {
        Failure failure = failure("chess-square-color/wrong_answer/cache-keyed-by-file", FUZZING);
        assertEquals(History.Kind.LISTED, failure.history().kind());
        assertEquals(1, failure.history().calls().size(), "one earlier call on the same file suffices");
        String earlier = (String) failure.history().calls().get(0).args()[0];
        String failing = (String) failure.found().args()[0];
        assertEquals(earlier.charAt(0), failing.charAt(0));
        assertFalse(failsAlone("chess-square-color/wrong_answer/cache-keyed-by-file", failure));
    }

    @Test
    void staticArraysReusedAcrossCallsShrinkToOneEarlierCall() throws IOException {
        Failure failure = failure("knight-moves/wrong_answer/static-visited-array", FUZZING);
        assertEquals(History.Kind.LISTED, failure.history().kind());
        assertEquals(1, failure.history().calls().size());
        assertFalse(failsAlone("knight-moves/wrong_answer/static-visited-array", failure));
    }

    @Test
    void aGridParsedOnceShrinksToOneCallAndAOnePieceBoard() throws IOException {
        Failure failure = failure("checkers-game-over/wrong_answer/grid-parsed-once", FUZZING);
        assertEquals(History.Kind.LISTED, failure.history().kind());
        assertEquals(1, failure.history().calls().size());
        Kata kata = Katas.byId("checkers-game-over").orElseThrow();
        long pieces = kata.entryPoints().get(0).size(failure.found().args())
                + kata.entryPoints().get(0).size(failure.history().calls().get(0).args());
        assertEquals(1, pieces, "one piece, on the failing board or on the one before it");
    }

    /**
     * Memos keyed by a colliding key, caught by the default grading and reported with the one
     * earlier call that matters: the input that collides with the failing one (issue 21).
     */
    @Test
    void aMemoKeyedByStringHashCodeNeedsExactlyTheCollidingBoard() throws IOException {
        Failure failure = collidingFailure("xiangqi-board-validator/wrong_answer/memo-keyed-by-hash-code");
        assertEquals(failure.found().args()[0].hashCode(), failure.history().calls().get(0).args()[0].hashCode(),
                "the earlier board has the failing board's String.hashCode");
    }

    @Test
    void aMemoKeyedByDeepHashCodeNeedsExactlyTheCollidingBoard() throws IOException {
        Failure failure = collidingFailure("checkers-safe-spaces/wrong_answer/memo-keyed-by-deep-hash-code");
        assertEquals(Arrays.deepHashCode(failure.found().args()),
                Arrays.deepHashCode(failure.history().calls().get(0).args()),
                "the earlier board has the failing board's Arrays.deepHashCode");
    }

    @Test
    void aMemoKeyedByACharacterSumNeedsExactlyTheCollidingSquares() throws IOException {
        Failure failure = collidingFailure("knight-moves/wrong_answer/memo-keyed-by-char-sum");
        assertEquals(charSum(failure.found().args()), charSum(failure.history().calls().get(0).args()),
                "the earlier squares have the failing squares' character sum");
    }

    private static Failure collidingFailure(String sample) throws IOException {
        Failure failure = failure(sample, Fuzzer.Settings.grading(0, GRADE_CASES));
        assertEquals(History.Kind.LISTED, failure.history().kind(), failure.history().toString());
        assertEquals(1, failure.history().calls().size(), "one earlier call: " + failure.history());
        assertFalse(failsAlone(sample, failure), "it fails only after the colliding call");
        assertFalse(Arrays.deepEquals(failure.found().args(), failure.history().calls().get(0).args()),
                "the earlier call is another input, not the same one asked again");
        return failure;
    }

    private static int charSum(Object[] args) {
        return Arrays.stream(args).mapToInt(a -> ((String) a).chars().sum()).sum();
    }

    /** The default {@code grade}'s cases per method. */
    private static final int GRADE_CASES = org.katajudge.engine.plan.GradingMode.DEFAULT_CASES;

    /** Answers right the first time it sees a square, wrong every time after. */
    public static final String SECOND_ANSWER_WRONG = """
            import java.util.HashSet;
            import java.util.Set;

            public class SquareColor {
                private static final Set<String> SEEN = new HashSet<>();

                public static boolean isLight(String coordinate) {
                    boolean light = (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '1') % 2 == 1;
                    return SEEN.add(coordinate) ? light : !light;
                }
            }
            """;

    @Test
    void anInputAskedAgainThatGetsAnotherAnswerShowsBothCalls(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        java.nio.file.Files.writeString(dir.resolve("SquareColor.java"), SECOND_ANSWER_WRONG);
        Kata kata = Katas.byId("chess-square-color").orElseThrow();
        Failure failure = Fuzzer.run(kata.id(), kata.entryPoints(), InProcessTarget.load(dir, kata),
                Fuzzer.Settings.grading(0, 300)).get(0).failure().orElseThrow();
        Reask reask = failure.reask().orElseThrow(() -> new AssertionError("the failing call asked an input again"));
        assertTrue(reask.firstCall() < failure.call());
        assertEquals(!(Boolean) failure.result().value(), reask.first().value(), "right then, wrong now");
        assertEquals(History.Kind.LISTED, failure.history().kind());
        assertEquals(List.of(failure.found().args()[0]), List.of(failure.history().calls().get(0).args()[0]),
                "the one call it needs is the first ask of the same input");
    }

    @Test
    void defaultGradingCatchesASolutionThatGoesWrongAfter500Calls() throws IOException {
        Failure failure = failure("xiangqi-board-validator/wrong_answer/cache-after-500-calls", Fuzzer.Settings.grading(0, 300));
        assertTrue(failure.history().stateful(), failure.history().toString());
        assertTrue(failure.call() > 500, "it answers right for 500 calls: " + failure.call());
    }

    @Test
    void fuzzingKeepsAskingASmallDomainAndCatchesOneThatGoesWrongAfter5000Calls() throws IOException {
        Failure failure = failure("knight-moves/wrong_answer/memo-reset-every-5000-calls", FUZZING);
        assertEquals(5000, failure.call(), "the first call after the memo's reset");
        assertEquals(History.Kind.DRAWN, failure.history().kind(), failure.history().toString());
        assertEquals(4999, failure.history().drawn(), "any 4999 earlier calls, drawn by seed");
    }

    @Test
    void grading300CasesMakesAboutThreeTimesAsManyCalls() throws IOException {
        Kata kata = Katas.byId("xiangqi-board-validator").orElseThrow();
        InProcessTarget target = load("xiangqi-board-validator/accepted/per-piece-switch");
        MethodRun run = Fuzzer.run(kata.id(), kata.entryPoints(), target, Fuzzer.Settings.grading(0, 300)).get(0);
        assertEquals(300, run.cases());
        assertTrue(run.reasked() >= 500, "each case asked again about twice: " + run.reasked());
        assertEquals(300 + run.reasked(), target.calls());
    }

    @Test
    void fuzzingPassesOverASmallDomainAgainInShuffledOrder() throws IOException {
        Kata kata = Katas.byId("chess-square-color").orElseThrow();
        InProcessTarget target = load("chess-square-color/accepted/parity-formula");
        Fuzzer.Settings settings = Fuzzer.Settings.fuzzing(3, 64 * 10, Duration.ofMinutes(1));
        MethodRun run = Fuzzer.run(kata.id(), kata.entryPoints(), target, settings).get(0);
        assertTrue(run.exhaustive());
        assertEquals(64, run.cases(), "64 new cases");
        assertTrue(run.passes() >= 8, "then passes over all 64 again: " + run.passes());
        assertEquals(640, target.calls());
    }

    @Test
    void theCallsASeedMakesDoNotDependOnTimingOrMachine() throws IOException {
        Kata kata = Katas.byId("checkers-game-over").orElseThrow();
        List<String> first = calls(kata, "checkers-game-over/accepted/direct-scan");
        List<String> second = calls(kata, "checkers-game-over/accepted/direct-scan");
        assertTrue(first.size() > 2000, "all three methods, cases and re-asks: " + first.size());
        assertEquals(first, second);
    }

    @Test
    void theDrawnStreamIsTheSearchsOwn() throws IOException {
        Kata kata = Katas.byId("three-man-chess-vectors").orElseThrow();
        EntryPoint addVec = kata.entryPoints().get(0);
        List<Call> drawn = DrawnCalls.draw(kata.id(), addVec, 0, 5, 200);
        RecordingTarget recording = new RecordingTarget(load("three-man-chess-vectors/accepted/unit-steps"));
        Fuzzer.run(kata.id(), kata.entryPoints(), recording, Fuzzer.Settings.grading(5, 200).withShrinkCalls(0)
                .withShrinkSafetyTime(Duration.ofSeconds(1)).withProbeEvery(1_000_000).withRepeatSmallDomains(true));
        assertEquals(drawn.stream().map(c -> c.method() + Arrays.deepToString(c.args())).toList(), recording.calls,
                "probes off: new cases only");
    }

    private static List<String> calls(Kata kata, String sample) throws IOException {
        RecordingTarget recording = new RecordingTarget(load(sample));
        Fuzzer.run(kata.id(), kata.entryPoints(), recording, Fuzzer.Settings.grading(11, 300));
        return recording.calls;
    }

    /** Records every call's arguments in order. */
    private static final class RecordingTarget implements Target {
        private final Target target;
        private final List<String> calls = new ArrayList<>();

        RecordingTarget(Target target) {
            this.target = target;
        }

        @Override
        public List<CallResult> call(int method, List<Object[]> cases) {
            cases.forEach(c -> calls.add(method + Arrays.deepToString(c)));
            return target.call(method, cases);
        }

        @Override
        public void reset() {
            target.reset();
        }
    }

    private static Failure failure(String sample, Fuzzer.Settings settings) throws IOException {
        Kata kata = kataOf(sample);
        return Fuzzer.run(kata.id(), kata.entryPoints(), load(sample), settings).stream()
                .flatMap(run -> run.failure().stream()).findFirst()
                .orElseThrow(() -> new AssertionError(sample + " was not caught"));
    }

    private static boolean failsAlone(String sample, Failure failure) throws IOException {
        Kata kata = kataOf(sample);
        int method = 0;
        CallResult alone = load(sample).call(method, List.<Object[]>of(failure.found().args())).get(0);
        return !kata.entryPoints().get(method).returns().equal(failure.expected().answer(), alone.value());
    }

    private static Kata kataOf(String sample) {
        return Katas.byId(sample.substring(0, sample.indexOf('/'))).orElseThrow();
    }

    private static InProcessTarget load(String sample) throws IOException {
        Path folder = TestHome.submissions().resolve(sample);
        return InProcessTarget.load(folder, kataOf(sample));
    }
}

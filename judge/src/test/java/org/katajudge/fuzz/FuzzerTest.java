package org.katajudge.fuzz;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.katajudge.TestHome;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;
import org.katajudge.report.RuleCoverage;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fuzzer on its own, with submissions called in-process: finding, shrinking, determinism, coverage. */
class FuzzerTest {

    /** fuzz's settings, bounded by a count of cases rather than time: a loaded machine must not decide what is found. */
    private static final Fuzzer.Settings FUZZING = Fuzzer.Settings.fuzzing(0, 20_000, Duration.ofMinutes(10));

    @TestFactory
    Stream<DynamicTest> everyWrongAnswerSampleIsFoundAndShrunk() throws IOException {
        return samples("wrong_answer").map(sample -> DynamicTest.dynamicTest(label(sample), () -> {
            Kata kata = kataOf(sample);
            Optional<Failure> failure = firstFailure(kata, InProcessTarget.load(sample, kata), FUZZING);
            assertTrue(failure.isPresent(), sample + " was not caught");
            Failure found = failure.get();
            assertEquals(Verdict.WRONG_ANSWER, found.verdict());
            EntryPoint entryPoint = entryPointOf(kata, found);
            long size = entryPoint.size(found.found().args());
            long originalSize = entryPoint.size(found.original().args());
            assertTrue(size < originalSize || size == originalSize
                            && found.found().choices().compareTo(found.original().choices()) <= 0,
                    "the shrunk case is no larger than the one found: its size first, then its choices");
            Object[] replayed = entryPoint.generate(found.found().choices().replay());
            assertTrue(Arrays.deepEquals(found.found().args(), replayed), "the choices replay to the same input");
        }));
    }

    @Test
    void wrapAroundShrinksToAOneColumnBoardOfTwoCells() throws IOException {
        Failure failure = failureOf("checkers-safe-spaces", "wrong_answer/wrap-around-columns");
        assertArrayEquals(new int[][] {{3}, {1}}, (int[][]) failure.found().args()[0]);
        assertTrue(failure.shrinkSteps() > 0);
    }

    @Test
    void missingSoldierLimitShrinksToTheTwoGeneralsAndSixSoldiers() throws IOException {
        Failure failure = failureOf("xiangqi-board-validator", "wrong_answer/no-soldier-count");
        String board = (String) failure.found().args()[0];
        long generals = board.codePoints().filter(c -> c == '帥' || c == '將').count();
        long soldiers = board.codePoints().filter(c -> c == '兵' || c == '卒').count();
        long pieces = board.codePoints().filter(c -> "俥傌炮相仕帥兵車馬砲象士將卒".indexOf(c) >= 0).count();
        assertEquals(2, generals);
        assertEquals(6, soldiers);
        assertEquals(8, pieces, "nothing but the generals and the soldiers:\n" + board);
    }

    @Test
    void theSameSeedGivesTheSameCasesCounterexampleAndShrink() throws IOException {
        for (String sample : List.of("checkers-game-over/wrong_answer/multi-jump-chains",
                "three-man-chess-vectors/wrong_answer/knight-forgets-opposite-side")) {
            Path folder = TestHome.submissions().resolve(sample);
            Kata kata = kataOf(folder);
            Fuzzer.Settings settings = Fuzzer.Settings.grading(42, Integer.MAX_VALUE).withStopAtFirstFailure(true)
                    .withShrinkCalls(5000).withShrinkSafetyTime(Duration.ofMinutes(1));
            Failure first = firstFailure(kata, InProcessTarget.load(folder, kata), settings).orElseThrow();
            Failure second = firstFailure(kata, InProcessTarget.load(folder, kata), settings).orElseThrow();
            assertEquals(first.original().choices(), second.original().choices(), sample);
            assertEquals(first.found().choices(), second.found().choices(), sample);
            assertEquals(first.shrinkSteps(), second.shrinkSteps(), sample);
        }
    }

    @Test
    void smallDomainsAreEnumeratedWhole() throws IOException {
        assertEnumerated("knight-moves", "accepted/seed-bfs", 4096);
        assertEnumerated("chess-square-color", "accepted/parity-formula", 64);
    }

    @Test
    void edgeCasesComeFirstOneOfEachKind() {
        EntryPoint isSafe = Katas.byId("checkers-safe-spaces").orElseThrow().entryPoint("isSafe");
        CaseSchedule schedule = new CaseSchedule(isSafe, 0, "salt", new Coverage("isSafe", isSafe.rules()));
        GeneratedCase first = schedule.next().orElseThrow();
        assertEquals(ChoiceSequence.EMPTY.replay().getClass(), first.choices().replay().getClass());
        assertEquals(0, first.choices().get(0));
        int kinds = 0;
        Set<Integer> seen = new HashSet<>(List.of(0));
        for (GeneratedCase next = schedule.next().orElseThrow(); next.choices().get(0) != 0;
             next = schedule.next().orElseThrow()) {
            assertTrue(seen.add(next.choices().get(0)), "each kind once, in order");
            kinds++;
        }
        assertTrue(kinds >= 10, "the safe-spaces generator has a dozen kinds, saw " + (kinds + 1));
    }

    @Test
    void casesDependOnlyOnTheSeed() {
        EntryPoint board = Katas.byId("xiangqi-board-validator").orElseThrow().entryPoint("chessValidator");
        for (long seed : new long[] {0, 1, 99}) {
            List<ChoiceSequence> first = draw(board, seed, 500);
            assertEquals(first, draw(board, seed, 500));
        }
        assertFalse(draw(board, 1, 500).equals(draw(board, 2, 500)), "different seeds, different cases");
    }

    @TestFactory
    Stream<DynamicTest> defaultGradingCoversEveryRuleBothWays() {
        return Katas.all().stream().map(kata -> DynamicTest.dynamicTest(kata.id(), () -> {
            Path accepted = Files.list(TestHome.submissions().resolve(kata.id()).resolve("accepted"))
                    .sorted().findFirst().orElseThrow();
            InProcessTarget target = InProcessTarget.load(accepted, kata);
            List<MethodRun> runs = Fuzzer.run(kata.id(), kata.entryPoints(), target, Fuzzer.Settings.grading(0, 300));
            for (int m = 0; m < kata.entryPoints().size(); m++) {
                EntryPoint entryPoint = kata.entryPoints().get(m);
                MethodRun run = runs.get(m);
                assertTrue(run.failure().isEmpty(), accepted + " is accepted");
                List<String> uncovered = run.coverage().stream().filter(c -> !c.covered())
                        .map(RuleCoverage::rule).toList();
                assertTrue(uncovered.isEmpty(), kata.id() + "." + entryPoint.method()
                        + ": rules not seen both ways in a default grading run: " + uncovered);
            }
        }));
    }

    @Test
    void theShrinkerKeepsToItsBudget() throws IOException {
        Path folder = TestHome.submissions().resolve("checkers-game-over/wrong_answer/multi-jump-chains");
        Kata kata = kataOf(folder);
        InProcessTarget unlimited = InProcessTarget.load(folder, kata);
        firstFailure(kata, unlimited, FUZZING).orElseThrow();
        InProcessTarget limited = InProcessTarget.load(folder, kata);
        Fuzzer.Settings tight = Fuzzer.Settings.grading(0, Integer.MAX_VALUE).withStopAtFirstFailure(true)
                .withShrinkCalls(10).withShrinkSafetyTime(Duration.ofMinutes(1));
        Failure failure = firstFailure(kata, limited, tight).orElseThrow();
        assertTrue(limited.calls() < unlimited.calls(), "a budget of 10 calls shrinks less");
        assertEquals(Verdict.WRONG_ANSWER, failure.verdict());
    }

    private static List<ChoiceSequence> draw(EntryPoint entryPoint, long seed, int count) {
        CaseSchedule schedule = new CaseSchedule(entryPoint, seed, "salt", new Coverage("m", entryPoint.rules()));
        List<ChoiceSequence> drawn = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            drawn.add(schedule.next().orElseThrow().choices());
        }
        return drawn;
    }

    private static void assertEnumerated(String kataId, String sample, int domain) throws IOException {
        Kata kata = Katas.byId(kataId).orElseThrow();
        InProcessTarget target = InProcessTarget.load(TestHome.submissions().resolve(kataId).resolve(sample), kata);
        MethodRun run = Fuzzer.run(kataId, kata.entryPoints(), target, Fuzzer.Settings.grading(0, 10)).get(0);
        assertTrue(run.exhaustive());
        assertEquals(domain, run.cases(), "every input once, whatever --cases says");
        assertEquals(domain + run.reasked(), target.calls(), "and some asked again");
    }

    private static Failure failureOf(String kataId, String sample) throws IOException {
        Path folder = TestHome.submissions().resolve(kataId).resolve(sample);
        Kata kata = Katas.byId(kataId).orElseThrow();
        return firstFailure(kata, InProcessTarget.load(folder, kata), FUZZING).orElseThrow();
    }

    static Optional<Failure> firstFailure(Kata kata, Target target, Fuzzer.Settings settings) {
        return Fuzzer.run(kata.id(), kata.entryPoints(), target, settings).stream()
                .flatMap(run -> run.failure().stream()).findFirst();
    }

    private static EntryPoint entryPointOf(Kata kata, Failure failure) {
        return kata.entryPoints().stream()
                .filter(e -> e.parameters().size() == failure.found().args().length)
                .filter(e -> Arrays.deepEquals(failure.found().args(), e.generate(failure.found().choices().replay())))
                .findFirst().orElseThrow();
    }

    static Stream<Path> samples(String verdictFolder) throws IOException {
        List<Path> samples = new ArrayList<>();
        for (Kata kata : Katas.all()) {
            Path folder = TestHome.submissions().resolve(kata.id()).resolve(verdictFolder);
            if (Files.isDirectory(folder)) {
                try (Stream<Path> list = Files.list(folder)) {
                    list.filter(Files::isDirectory).sorted().forEach(samples::add);
                }
            }
        }
        return samples.stream();
    }

    static Kata kataOf(Path sample) {
        return Katas.byId(sample.getParent().getParent().getFileName().toString()).orElseThrow();
    }

    private static String label(Path sample) {
        return sample.getParent().getParent().getFileName() + "/" + sample.getFileName();
    }
}

package org.katajudge.fuzz;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.Kata;
import org.katajudge.kata.RuleCheck;
import org.katajudge.kata.ValueType;
import org.katajudge.reference.Katas;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cases drawn once for a whole class: every cursor sees exactly the cases, answers and schedule
 * states a live drawing gives, whatever other cursors did before or at the same time.
 */
class CaseStreamsTest {

    private static final int CASES = 120;
    private static final Fuzzer.Settings GRADING = Fuzzer.Settings.grading(3, CASES);

    /** One step of a drawing as the search sees it: the case, its answer, and the schedule's state after it. */
    private record Step(String args, List<Integer> choices, Object answer, String reason, List<RuleCheck> checks,
                        boolean enumerated, boolean finished) {
    }

    @TestFactory
    Stream<DynamicTest> aCursorReadsWhatALiveDrawingDraws() {
        return everyGeneratedEntryPoint().map(e -> DynamicTest.dynamicTest(e.kata().id() + "." + e.entryPoint().method(), () -> {
            List<Step> live = steps(new AnsweredCases.Live(e.entryPoint(), GRADING.seed(),
                    DrawnCalls.salt(e.kata().id(), e.entryPoint()), false), limit(e.entryPoint()));
            CaseStreams streams = new CaseStreams();
            // the first cursor draws the stream, the second reads it, the third reads it further than it was drawn
            int half = limit(e.entryPoint()) / 2;
            assertEquals(live.subList(0, Math.min(half, live.size())),
                    steps(streams.cases(e.kata().id(), e.entryPoint(), GRADING), half));
            assertEquals(live, steps(streams.cases(e.kata().id(), e.entryPoint(), GRADING), limit(e.entryPoint())));
            assertEquals(live, steps(streams.cases(e.kata().id(), e.entryPoint(), GRADING), limit(e.entryPoint())));
        }));
    }

    @Test
    void cursorsOnSeveralThreadsAtOnceEachSeeTheLiveSequence() throws Exception {
        Kata kata = Katas.byId("xiangqi-board-validator").orElseThrow();
        EntryPoint entryPoint = kata.entryPoints().get(0);
        List<Step> live = steps(new AnsweredCases.Live(entryPoint, GRADING.seed(), DrawnCalls.salt(kata.id(), entryPoint),
                false), CASES);
        CaseStreams streams = new CaseStreams();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<Step>>> read = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                read.add(threads.submit(() -> steps(streams.cases(kata.id(), entryPoint, GRADING), CASES)));
            }
            for (Future<List<Step>> steps : read) {
                assertEquals(live, steps.get());
            }
        } finally {
            threads.shutdownNow();
        }
        assertEquals(CASES, streams.kept(), "drawn once, whatever the number of readers");
    }

    @Test
    void theReferenceRunsOnceForAllTheSubmissionsOfAClass() {
        AtomicInteger answered = new AtomicInteger();
        EntryPoint counting = counting(answered, 10_000);
        CaseStreams streams = new CaseStreams();
        for (int submission = 0; submission < 5; submission++) {
            steps(streams.cases("counting", counting, GRADING), CASES);
        }
        assertEquals(CASES, answered.get());
    }

    @Test
    void fuzzingAndVeryLongStreamsAreDrawnLiveAndKeptNowhere() {
        Kata kata = Katas.byId("knight-moves").orElseThrow();
        EntryPoint entryPoint = kata.entryPoints().get(0);
        CaseStreams streams = new CaseStreams();
        assertInstanceOf(AnsweredCases.Live.class,
                streams.cases(kata.id(), entryPoint, Fuzzer.Settings.fuzzing(0, 100, Duration.ofSeconds(1))));
        AnsweredCases huge = streams.cases(kata.id(), entryPoint,
                Fuzzer.Settings.grading(0, CaseStreams.MAX_CASES_PER_STREAM + 1));
        assertInstanceOf(AnsweredCases.Live.class, huge);
        steps(huge, 50);
        assertEquals(0, streams.kept());
    }

    @Test
    void theStreamsDrawnLeastRecentlyGoFirstWhenTheBoundIsReached() {
        AtomicInteger answered = new AtomicInteger();
        CaseStreams streams = new CaseStreams();
        // MAX_CASES / CASES + 1 different entry points, CASES cases each: one more than the bound holds
        int entryPoints = CaseStreams.MAX_CASES / CASES + 1;
        List<EntryPoint> all = new ArrayList<>();
        for (int i = 0; i < entryPoints; i++) {
            all.add(counting(answered, Integer.MAX_VALUE));
            steps(streams.cases("counting", all.get(i), GRADING), CASES);
            assertTrue(streams.kept() <= CaseStreams.MAX_CASES, "kept " + streams.kept());
        }
        assertEquals(CaseStreams.MAX_CASES, streams.kept());
        int before = answered.get();
        steps(streams.cases("counting", all.get(entryPoints - 1), GRADING), CASES);
        assertEquals(before, answered.get(), "the most recent stream is still kept");
        steps(streams.cases("counting", all.get(0), GRADING), CASES);
        assertEquals(before + CASES, answered.get(), "the oldest was dropped, and is drawn again the same");
    }

    @Test
    void aCursorReadingPastTheBoundOfAStreamGoesOnLiveAndTheStreamDoesNotGrow() {
        Kata kata = Katas.byId("three-man-chess-vectors").orElseThrow();
        EntryPoint entryPoint = kata.entryPoints().get(0);
        int past = CaseStreams.MAX_CASES_PER_STREAM + 50;
        List<Step> live = steps(new AnsweredCases.Live(entryPoint, GRADING.seed(), DrawnCalls.salt(kata.id(), entryPoint),
                false), past);
        CaseStreams streams = new CaseStreams();
        assertEquals(live, steps(streams.cases(kata.id(), entryPoint, GRADING), past));
        assertEquals(CaseStreams.MAX_CASES_PER_STREAM, streams.kept());
    }

    @Test
    void aReferenceThatFailsFailsEveryReaderAtTheSameCaseAndNoneBefore() {
        AtomicInteger answered = new AtomicInteger();
        EntryPoint failing = counting(answered, 40);
        CaseStreams streams = new CaseStreams();
        for (int submission = 0; submission < 3; submission++) {
            AnsweredCases cases = streams.cases("counting", failing, GRADING);
            for (int i = 0; i < 40; i++) {
                assertTrue(cases.next().isPresent());
            }
            IllegalStateException thrown = assertThrows(IllegalStateException.class, cases::next);
            assertEquals("the reference fails on case 41", thrown.getMessage());
        }
        assertEquals(41, answered.get(), "the failing case was answered once, not once per reader");
    }

    @Test
    void aFuzzingDrawingDoesNotAnswerASmallDomainsCasesAgain() {
        AtomicInteger answered = new AtomicInteger();
        EntryPoint small = EntryPoint.method("small").returns(ValueType.INT).parameter(ValueType.INT, "n")
                .reference(args -> {
                    answered.incrementAndGet();
                    return new Explanation(args[0], "n", List.of());
                })
                .generator(choices -> new Object[] {choices.choose(10)})
                .renderer(args -> String.valueOf(args[0]))
                .smallDomain(true)
                .build();
        AnsweredCases drawing = new AnsweredCases.Live(small, 0, "small", true);
        int afterFirstPass = 0;
        for (int i = 0; i < 50; i++) {
            AnsweredCases.Answered drawn = drawing.next().orElseThrow();
            if (i < 10) {
                assertNotNull(drawn.expected());
                afterFirstPass = answered.get();
            } else {
                assertNull(drawn.expected(), "draw " + i);
            }
        }
        // (the first pass also asks the reference while looking for colliding pairs)
        assertEquals(afterFirstPass, answered.get(), "each input of the domain answered in the first pass; its repeated passes are not");
        assertEquals(3, drawing.passes(), "passes completed after 10 + 40 draws");
    }

    /** An entry point drawing numbers whose reference counts its answers and fails on case {@code failsAt + 1}. */
    private static EntryPoint counting(AtomicInteger answered, int failsAt) {
        return EntryPoint.method("count").returns(ValueType.INT).parameter(ValueType.INT, "n")
                .reference(args -> {
                    int n = answered.incrementAndGet();
                    if (n > failsAt) {
                        throw new IllegalStateException("the reference fails on case " + n);
                    }
                    return new Explanation(args[0], "n", List.of(new RuleCheck("even", ((Integer) args[0]) % 2 == 0)));
                })
                .generator(choices -> new Object[] {choices.choose(1000)})
                .renderer(args -> String.valueOf(args[0]))
                .rules("even")
                .build();
    }

    private record Method(Kata kata, EntryPoint entryPoint) {
    }

    private static Stream<Method> everyGeneratedEntryPoint() {
        return Katas.all().stream().flatMap(kata -> kata.entryPoints().stream()
                .filter(EntryPoint::hasGenerator).map(e -> new Method(kata, e)));
    }

    /** Enough of a stream to see steering at work, or a small domain to its end and past it. */
    private static int limit(EntryPoint entryPoint) {
        return entryPoint.smallDomain() ? 5_000 : CASES;
    }

    private static List<Step> steps(AnsweredCases cases, int limit) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < limit; i++) {
            Optional<AnsweredCases.Answered> next = cases.next();
            if (next.isEmpty()) {
                steps.add(new Step("end", List.of(), null, null, List.of(), cases.enumerated(), cases.finished()));
                break;
            }
            AnsweredCases.Answered drawn = next.get();
            Explanation expected = drawn.expected();
            steps.add(new Step(Arrays.deepToString(drawn.generated().args()),
                    Arrays.stream(drawn.generated().choices().toArray()).boxed().toList(),
                    expected.answer() instanceof Object[] || expected.answer() instanceof int[] || expected.answer() instanceof int[][]
                            ? Arrays.deepToString(new Object[] {expected.answer()}) : expected.answer(),
                    expected.reason(), expected.checks(), cases.enumerated(), cases.finished()));
        }
        return steps;
    }
}

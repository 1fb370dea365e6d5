package org.katajudge.fuzz;

import org.junit.jupiter.api.Test;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The case schedule's first cases (issue 21): the generators' extremes, the same for every seed,
 * then pairs of inputs that collide under common memo keys, each pair asked one after the other
 * and answered differently by the reference.
 */
class ExtremesAndProbesTest {

    private static final int FIRST = 120;

    @Test
    void aVectorOfMinValueAndMaxValueRanksAndFilesComesAmongTheFirstCases() {
        EntryPoint addVec = entryPoint("three-man-chess-vectors", "addVec");
        List<Object[]> first = first(addVec, 0, FIRST);
        for (int extreme : new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertTrue(first.stream().anyMatch(args -> Arrays.deepToString(args).contains(String.valueOf(extreme))),
                    extreme + " among the first " + FIRST + " cases");
        }
    }

    @Test
    void theExtremesDoNotDependOnTheSeed() {
        for (Kata kata : Katas.all()) {
            for (EntryPoint entryPoint : kata.entryPoints()) {
                if (!entryPoint.hasGenerator() || entryPoint.smallDomain()) {
                    continue;
                }
                org.katajudge.choice.ChoiceRecorder probe = new org.katajudge.choice.ChoiceRecorder((index, bound) -> 0);
                entryPoint.generate(probe);
                int kinds = probe.bounds().isEmpty() ? 1 : probe.bounds().get(0);
                Boundaries boundaries = Boundaries.of(entryPoint, kinds);
                int fixed = kinds + boundaries.single().size() + boundaries.uniform().size();
                assertTrue(boundaries.single().size() > 0, kata.id() + "." + entryPoint.method() + " has extremes");
                List<String> a = first(entryPoint, 1, fixed).stream().map(Arrays::deepToString).toList();
                List<String> b = first(entryPoint, 2, fixed).stream().map(Arrays::deepToString).toList();
                assertEquals(a, b, kata.id() + "." + entryPoint.method());
                List<String> extremes = new ArrayList<>(boundaries.single().stream().map(c -> Arrays.deepToString(c.args())).toList());
                assertEquals(extremes, a.subList(kinds, kinds + extremes.size()), "each component at its extremes, right after the simplest forms");
            }
        }
    }

    @Test
    void everyProbePairAnswersDifferently() {
        for (Kata kata : Katas.all()) {
            for (EntryPoint entryPoint : kata.entryPoints()) {
                if (entryPoint.hasGenerator()) {
                    for (Object[][] pair : pairs(entryPoint, 600)) {
                        assertFalse(entryPoint.returns().equal(Fuzzer.expected(entryPoint, pair[0]).answer(),
                                Fuzzer.expected(entryPoint, pair[1]).answer()),
                                kata.id() + ": " + Arrays.deepToString(pair));
                    }
                }
            }
        }
    }

    @Test
    void boardsCollidingUnderStringHashCodeAreAskedTogether() {
        assertSomePairCollides(entryPoint("xiangqi-board-validator", "chessValidator"), args -> args[0].hashCode());
    }

    @Test
    void boardsCollidingUnderDeepHashCodeAreAskedTogether() {
        assertSomePairCollides(entryPoint("checkers-safe-spaces", "isSafe"), Arrays::deepHashCode);
    }

    @Test
    void squaresWithEqualCharacterSumsAreAskedTogether() {
        assertSomePairCollides(entryPoint("knight-moves", "minMoves"),
                args -> Arrays.stream(args).mapToInt(a -> ((String) a).chars().sum()).sum());
    }

    private static void assertSomePairCollides(EntryPoint entryPoint, ToIntFunction<Object[]> key) {
        List<Object[][]> pairs = pairs(entryPoint, 600);
        assertTrue(pairs.stream().anyMatch(p -> key.applyAsInt(p[0]) == key.applyAsInt(p[1])
                        && !Arrays.deepEquals(p[0], p[1])),
                entryPoint.method() + ": " + pairs.size() + " pairs, none colliding");
    }

    /** The pairs the schedule marks among its first {@code cases} cases. */
    private static List<Object[][]> pairs(EntryPoint entryPoint, int cases) {
        CaseSchedule schedule = new CaseSchedule(entryPoint, 0, entryPoint.method(), new Coverage(entryPoint.method(), entryPoint.rules()));
        List<Object[][]> pairs = new ArrayList<>();
        for (int i = 0; i < cases; i++) {
            var next = schedule.next();
            if (next.isEmpty()) {
                break;
            }
            if (schedule.leadsPair()) {
                Object[] partner = schedule.next().orElseThrow().args();
                pairs.add(new Object[][] {next.get().args(), partner});
                i++;
            }
        }
        return pairs;
    }

    private static List<Object[]> first(EntryPoint entryPoint, long seed, int cases) {
        CaseSchedule schedule = new CaseSchedule(entryPoint, seed, entryPoint.method(), new Coverage(entryPoint.method(), entryPoint.rules()));
        List<Object[]> first = new ArrayList<>();
        for (int i = 0; i < cases; i++) {
            schedule.next().ifPresent(c -> first.add(c.args()));
        }
        return first;
    }

    private static EntryPoint entryPoint(String kata, String method) {
        return Katas.byId(kata).orElseThrow().entryPoint(method);
    }
}

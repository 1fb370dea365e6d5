package org.katajudge.fuzz;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.katajudge.kata.EntryPoint;
import org.katajudge.reference.Katas;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The cases a seed gives stay the same from build to build unless a change means them to: a
 * counterexample's seed and the samples' verdicts rest on it. These are the first 1,000 cases of
 * seed 0 of every entry point, the collision probes included, as the judge drew them when
 * {@link LinearCollisions} was made faster (the faster search must find the same pairs in the same
 * order). A change that means to draw other cases updates the figures, and says why in its commit.
 */
class ScheduleStabilityTest {

    private static final int CASES = 1000;
    private static final Map<String, Long> FIRST_CASES = Map.of(
            "checkers-game-over/whiteMoves", 0x2890530305695edcL,
            "checkers-game-over/blueMoves", 0xc107d1fe4ee87b1bL,
            "checkers-game-over/gameOver", 0x20b26453666d01e6L,
            "xiangqi-board-validator/chessValidator", 0x2fa6fa321b9577e0L,
            "checkers-safe-spaces/isSafe", 0x9817dc0e81de402dL,
            "knight-moves/minMoves", 0xbcaf76110439b8acL,
            "chess-square-color/isLight", 0xb4c50679e0a7fe20L,
            "three-man-chess-vectors/addVec", 0xe3b0a17aeaff60e2L);

    @TestFactory
    Stream<DynamicTest> theFirstCasesOfASeedDoNotChange() {
        return FIRST_CASES.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(expected -> DynamicTest.dynamicTest(expected.getKey(), () -> {
                    String[] kataAndMethod = expected.getKey().split("/");
                    EntryPoint entryPoint = Katas.byId(kataAndMethod[0]).orElseThrow().entryPoint(kataAndMethod[1]);
                    assertEquals(Long.toHexString(expected.getValue()), Long.toHexString(firstCases(entryPoint)));
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyEntryPointIsPinned() {
        return Katas.all().stream().flatMap(kata -> kata.entryPoints().stream()
                .map(entryPoint -> kata.id() + "/" + entryPoint.method()))
                .map(name -> DynamicTest.dynamicTest(name, () -> assertEquals(true, FIRST_CASES.containsKey(name),
                        name + " has no figure here: add the hash its first cases give")));
    }

    private static long firstCases(EntryPoint entryPoint) {
        CaseSchedule schedule = new CaseSchedule(entryPoint, 0, entryPoint.method(),
                new Coverage(entryPoint.method(), entryPoint.rules()));
        long hash = 0;
        for (int i = 0; i < CASES; i++) {
            var next = schedule.next();
            if (next.isEmpty()) {
                break;
            }
            hash = hash * 31 + Arrays.deepHashCode(next.get().args());
        }
        return hash;
    }
}

package org.katajudge.reference.threemanchess;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.reference.testing.EntryPointContract;
import org.katajudge.reference.threemanchess.AddVecGenerator.VectorKind;
import org.katajudge.reference.threemanchess.ThreeManChess.Check;
import org.katajudge.reference.threemanchess.ThreeManChess.Kind;

import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThreeManChessTest {

    private final EntryPoint addVec = new ThreeManChessKata().entryPoint("addVec");

    // ---- fixed vectors ----

    /** RULES.md K2 "Test vectors" (reference column), then vectors derived here; empty = null. */
    @ParameterizedTest(name = "({0},{1}) + ({2},{3}) = ({4},{5})")
    @CsvSource({
        "6,1,1,1,6,15", "6,1,1,-1,6,11", "6,1,3,3,4,17", "5,10,2,2,6,1", "5,10,2,-2,6,19",
        "3,24,5,5,5,18", "3,24,5,-5,5,6", "4,7,4,-4,5,14", "1,5,11,11,1,5", "1,5,11,-11,1,5",
        "6,1,-2,-2,4,23", "2,1,-2,2,,", "1,1,-1,-1,,", "6,3,1,0,6,15", "4,3,3,0,6,15",
        "1,3,11,0,1,15", "2,3,-1,0,1,3", "1,3,-1,0,,", "1,24,0,1,1,1", "3,1,0,-1,3,24",
        "6,1,1,2,6,15", "6,1,2,1,5,14", "5,1,2,-1,6,12", "6,12,2,-1,5,23", "3,23,1,2,4,1",
        "1,1,-1,2,,",
        // derived: zero vector, vectors of no piece, knights off the board, long and edge moves
        "1,1,0,0,1,1", "6,13,0,0,6,13", "1,1,3,1,,", "3,5,2,3,,", "4,10,-5,2,,", "1,3,-2,1,,",
        "2,20,-2,-1,,", "2,10,2,1,4,11", "3,5,2,2,5,7", "1,2,5,-5,6,21", "1,5,12,12,,",
        "6,24,-5,5,1,5", "2,5,12,0,,", "1,7,5,0,6,7", "2,9,0,24,2,9", "1,1,0,-30,1,19",
    })
    void rulesVectors(int rank, int file, int dr, int df, Integer toRank, Integer toFile) {
        int[] expected = toRank == null ? null : new int[] {toRank, toFile};
        assertArrayEquals(expected, ThreeManChess.addVec(new int[] {rank, file}, new int[] {dr, df}));
        assertArrayEquals(expected, ThreeManChess.explain(new int[] {rank, file}, new int[] {dr, df}).square());
    }

    @Test
    void extremeVectorsDoNotOverflow() {
        int max = Integer.MAX_VALUE;
        int min = Integer.MIN_VALUE;
        assertNull(ThreeManChess.addVec(new int[] {1, 1}, new int[] {max, max}));
        assertNull(ThreeManChess.addVec(new int[] {6, 1}, new int[] {min, min}));
        assertNull(ThreeManChess.addVec(new int[] {6, 1}, new int[] {max, 0}));
        assertNull(ThreeManChess.addVec(new int[] {6, 1}, new int[] {min, 0}));
        assertNull(ThreeManChess.addVec(new int[] {6, 1}, new int[] {min, max}), "no piece's vector");
        assertArrayEquals(new int[] {1, 8}, ThreeManChess.addVec(new int[] {1, 1}, new int[] {0, max}));
        assertArrayEquals(new int[] {1, 17}, ThreeManChess.addVec(new int[] {1, 1}, new int[] {0, min}));
    }

    // ---- reasons and rule checks ----

    @Test
    void reasonsNameTheMoveAndItsArithmetic() {
        assertEquals("diagonal inward 5 steps from (3,24): 3 steps to (6,3), through the centre to (6,17), "
                + "1 step out to (5,18)", reason(3, 24, 5, 5));
        assertEquals("diagonal inward 11 steps from (1,5): 5 steps to (6,24), through the centre to (6,10), "
                + "5 steps out to (1,5)", reason(1, 5, 11, -11));
        assertEquals("rank move 1 step outward from (1,3): rank 1 - 1 = 0, past the outer rank 1: "
                + "off the board, so null", reason(1, 3, -1, 0));
        assertEquals("knight move (2,1) from (6,1): rank 6 + 2 = 8 passes through the centre to rank 5 "
                + "of the opposite side, file 1 + 1 + 12 = 14, so (5,14)", reason(6, 1, 2, 1));
        assertEquals("file move (0,+1) from (1,24): file 24 + 1 = 25 → 1 on the same rank, so (1,1)",
                reason(1, 24, 0, 1));
        assertEquals("the zero vector is the null move: the piece stays on (2,7)", reason(2, 7, 0, 0));
        assertTrue(reason(1, 1, 3, 1).startsWith("(3,1) is no piece's vector"), reason(1, 1, 3, 1));
        assertTrue(reason(2, 5, 12, 0).endsWith("then 7 steps out would end on rank -1, past the outer rank 1: "
                + "off the board, so null"), reason(2, 5, 12, 0));
    }

    @Test
    void checksReportWhatEachMoveDecided() {
        String piece = ThreeManChess.PIECE_VECTOR;
        String board = ThreeManChess.STAYS_ON_BOARD;
        assertEquals(List.of(new Check(piece, true)), checks(1, 1, 0, 0));
        assertEquals(List.of(new Check(piece, true)), checks(1, 24, 0, 25));
        assertEquals(List.of(new Check(piece, false)), checks(1, 1, 3, 1));
        assertEquals(List.of(new Check(piece, true), new Check(board, true)), checks(3, 1, -2, 0));
        assertEquals(List.of(new Check(piece, true), new Check(board, false)), checks(1, 1, -1, 2));
        assertEquals(List.of(new Check(piece, true), new Check(board, true),
                new Check(ThreeManChess.RANK_THROUGH_CENTRE, false)), checks(2, 1, 4, 0));
        assertEquals(List.of(new Check(piece, true), new Check(board, true),
                new Check(ThreeManChess.KNIGHT_THROUGH_CENTRE, true)), checks(5, 1, 2, -1));
        // Through the centre and out past the far side's rank 1.
        assertEquals(List.of(new Check(piece, true), new Check(board, false),
                new Check(ThreeManChess.DIAGONAL_THROUGH_CENTRE, true)), checks(1, 5, 12, 12));
    }

    // ---- properties ----

    @Test
    void elevenDiagonalStepsInwardFromTheOuterRankReturnHome() {
        for (int file = 1; file <= 24; file++) {
            for (int sign : new int[] {1, -1}) {
                assertArrayEquals(new int[] {1, file}, ThreeManChess.addVec(new int[] {1, file}, new int[] {11, 11 * sign}),
                        "from (1," + file + ") with file sign " + sign);
            }
        }
    }

    /** Every diagonal and rank vector of up to 14 steps, on every square, against a unit-step walk. */
    @Test
    void closedFormAgreesWithWalkingUnitSteps() {
        for (int rank = 1; rank <= 6; rank++) {
            for (int file = 1; file <= 24; file++) {
                for (int steps = 1; steps <= 14; steps++) {
                    for (int[] direction : new int[][] {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {1, 0}, {-1, 0}}) {
                        int dr = steps * direction[0];
                        int df = steps * direction[1];
                        int[] walked = walk(rank, file, dr, df);
                        assertArrayEquals(walked, ThreeManChess.addVec(new int[] {rank, file}, new int[] {dr, df}),
                                "(" + rank + "," + file + ") + (" + dr + "," + df + ")");
                    }
                }
            }
        }
    }

    /** Reflecting the board in the line through file 1 (file f to 2 - f) reflects every move. */
    @Test
    void mirroringTheBoardMirrorsTheMove() {
        for (int rank = 1; rank <= 6; rank++) {
            for (int file = 1; file <= 24; file++) {
                for (int dr = -14; dr <= 14; dr++) {
                    for (int df = -30; df <= 30; df++) {
                        int[] to = ThreeManChess.addVec(new int[] {rank, file}, new int[] {dr, df});
                        int[] mirrored = ThreeManChess.addVec(new int[] {rank, modfile(2 - file)}, new int[] {dr, -df});
                        int[] expected = to == null ? null : new int[] {to[0], modfile(2 - to[1])};
                        assertArrayEquals(expected, mirrored, "(" + rank + "," + file + ") + (" + dr + "," + df + ")");
                    }
                }
            }
        }
    }

    @Test
    void fileMovesArePeriodicModulo24() {
        for (int rank = 1; rank <= 6; rank++) {
            for (int file = 1; file <= 24; file++) {
                int[] from = {rank, file};
                assertArrayEquals(from, ThreeManChess.addVec(from, new int[] {0, 24}));
                assertArrayEquals(from, ThreeManChess.addVec(from, new int[] {0, -48}));
                for (int k = -60; k <= 60; k++) {
                    assertArrayEquals(ThreeManChess.addVec(from, new int[] {0, k}),
                            ThreeManChess.addVec(from, new int[] {0, k + 24}), "(" + rank + "," + file + ") + (0," + k + ")");
                }
            }
        }
    }

    /** A rank, knight or diagonal move inward that stays on its side is undone by its opposite. */
    @Test
    void outwardUndoesInwardWhenNoCentreIsCrossed() {
        int[][] inward = {{1, 0}, {1, 1}, {1, -1}, {1, 2}, {1, -2}, {2, 1}, {2, -1}};
        int checked = 0;
        for (int rank = 1; rank <= 6; rank++) {
            for (int file = 1; file <= 24; file++) {
                for (int[] unit : inward) {
                    for (int times = 1; times <= 6; times++) {
                        boolean knight = Math.abs(unit[1]) + unit[0] == 3;
                        if (knight && times > 1 || rank + unit[0] * times > 6) {
                            continue;
                        }
                        int[] from = {rank, file};
                        int[] there = ThreeManChess.addVec(from, new int[] {unit[0] * times, unit[1] * times});
                        assertArrayEquals(from, ThreeManChess.addVec(there, new int[] {-unit[0] * times, -unit[1] * times}));
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked > 1000);
    }

    @Test
    void explainAgreesWithTheFastPathAndLeavesArgumentsAlone() {
        for (int seed = 0; seed < 20_000; seed++) {
            Object[] args = addVec.generate(ChoiceRecorder.random(seed));
            int[] from = (int[]) args[0];
            int[] vec = (int[]) args[1];
            int[] fromCopy = from.clone();
            int[] vecCopy = vec.clone();
            ThreeManChess.Why why = ThreeManChess.explain(from, vec);
            assertArrayEquals(ThreeManChess.addVec(from, vec), why.square(), addVec.render(args));
            assertEquals(ThreeManChess.kindOf(vec[0], vec[1]), why.kind());
            assertArrayEquals(fromCopy, from);
            assertArrayEquals(vecCopy, vec);
        }
        int[] from = {6, 1};
        assertTrue(ThreeManChess.addVec(from, new int[] {0, 0}) != from, "a new array, not from itself");
    }

    // ---- invalid input ----

    static Stream<Arguments> invalidInputs() {
        return Stream.of(
                Arguments.of(null, new int[] {1, 1}, "from is null"),
                Arguments.of(new int[] {1, 1}, null, "vec is null"),
                Arguments.of(new int[] {1, 1, 1}, new int[] {1, 1}, "from has 3 element(s), expected 2"),
                Arguments.of(new int[] {}, new int[] {1, 1}, "from has 0 element(s), expected 2"),
                Arguments.of(new int[] {1, 1}, new int[] {1}, "vec has 1 element(s), expected 2"),
                Arguments.of(new int[] {0, 1}, new int[] {1, 1}, "rank 0 is outside 1..6"),
                Arguments.of(new int[] {7, 1}, new int[] {1, 1}, "rank 7 is outside 1..6"),
                Arguments.of(new int[] {1, 0}, new int[] {1, 1}, "file 0 is outside 1..24"),
                Arguments.of(new int[] {1, 25}, new int[] {0, 0}, "file 25 is outside 1..24"),
                Arguments.of(new int[] {-3, 25}, new int[] {3, 1}, "rank -3 is outside 1..6"));
    }

    @ParameterizedTest
    @MethodSource("invalidInputs")
    void invalidInputIsRejectedWithWhatIsWrong(int[] from, int[] vec, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ThreeManChess.addVec(from, vec));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ThreeManChess.explain(from, vec));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    // ---- generator ----

    @Test
    void generatorContract() {
        Object[] simplest = EntryPointContract.simplestInput(addVec);
        assertArrayEquals(new int[] {1, 1}, (int[]) simplest[0]);
        assertArrayEquals(new int[] {0, 0}, (int[]) simplest[1]);
        EntryPointContract.sameChoicesGiveSameInput(addVec, 1000);
        EntryPointContract.coversEveryRuleBothWays(addVec, 2000);
        EntryPointContract.encoderInvertsTheGenerator(addVec, 5000);
    }

    /**
     * The kata takes "any two integers" as a vector: the generator reaches components beyond the
     * board (|x| > 30, > 1000, > 2^16, > 2^30), both ends of the int range, file moves that wrap
     * many times (|df| >= 49) and whose {@code file + df} overflows an int, diagonals and rank
     * moves of any length, and the values whose squares overflow (46341, 65536, MIN_VALUE + 2).
     */
    @Test
    void generatorReachesEveryRegionOfTheDomain() {
        Set<String> seen = new TreeSet<>();
        for (int seed = 0; seed < 20_000; seed++) {
            Object[] args = addVec.generate(ChoiceRecorder.random(seed));
            int[] from = (int[]) args[0];
            int[] vec = (int[]) args[1];
            Kind kind = ThreeManChess.kindOf(vec[0], vec[1]);
            for (int v : vec) {
                long magnitude = Math.abs((long) v);
                seen.add(magnitude > 30 ? "beyond 30" : "");
                seen.add(magnitude > 1000 ? "beyond 1000" : "");
                seen.add(magnitude > 1 << 16 ? "beyond 2^16" : "");
                seen.add(magnitude > 1 << 30 ? "beyond 2^30" : "");
                seen.add(v == Integer.MIN_VALUE ? "MIN_VALUE" : v == Integer.MAX_VALUE ? "MAX_VALUE" : "");
                seen.add(v == 46341 || v == 65536 || v == Integer.MIN_VALUE + 2 ? "square overflows" : "");
            }
            seen.add(kind == Kind.FILE && Math.abs((long) vec[1]) >= 49 ? "file move wrapping twice" : "");
            seen.add(kind == Kind.FILE && (long) from[1] + vec[1] != from[1] + vec[1] ? "file + df overflows" : "");
            seen.add(kind == Kind.DIAGONAL && Math.abs((long) vec[0]) > 1000 ? "long diagonal" : "");
            seen.add(kind == Kind.RANK && Math.abs((long) vec[0]) > 1000 ? "long rank move" : "");
            seen.add(kind == Kind.NONE && Math.abs((long) vec[0]) > 1000 ? "large vector of no piece" : "");
            seen.add("kind " + kind);
        }
        List<String> missing = new ArrayList<>(List.of("beyond 30", "beyond 1000", "beyond 2^16", "beyond 2^30",
                "MIN_VALUE", "MAX_VALUE", "square overflows", "file move wrapping twice", "file + df overflows",
                "long diagonal", "long rank move", "large vector of no piece"));
        for (Kind kind : Kind.values()) {
            missing.add("kind " + kind);
        }
        missing.removeAll(seen);
        assertTrue(missing.isEmpty(), "never generated: " + missing);
    }

    /** Each kind (the first draw) gives the vectors it promises, simplest and at random. */
    @Test
    void eachKindGivesItsKindOfVector() {
        for (VectorKind kind : VectorKind.values()) {
            Object[] simplest = addVec.generate(ChoiceSequence.of(kind.ordinal()).replay());
            assertKind(kind, simplest);
            for (int seed = 0; seed < 2000; seed++) {
                SplittableRandom random = new SplittableRandom(seed);
                assertKind(kind, addVec.generate(new ChoiceRecorder(
                        (index, bound) -> index == 0 ? kind.ordinal() : random.nextInt(bound))));
            }
        }
    }

    @Test
    void randomDrawsReachTheEdgeCases() {
        boolean fullSweep = false;
        boolean fileFullCircle = false;
        boolean knightOffOuterRank = false;
        for (int seed = 0; seed < 20_000; seed++) {
            Object[] args = addVec.generate(ChoiceRecorder.random(seed));
            int[] from = (int[]) args[0];
            int[] vec = (int[]) args[1];
            fullSweep |= from[0] == 1 && vec[0] == 11 && Math.abs(vec[1]) == 11;
            fileFullCircle |= vec[0] == 0 && vec[1] % 24 == 0 && vec[1] != 0;
            knightOffOuterRank |= ThreeManChess.kindOf(vec[0], vec[1]) == Kind.KNIGHT
                    && ThreeManChess.addVec(from, vec) == null;
        }
        assertTrue(fullSweep && fileFullCircle && knightOffOuterRank);
    }

    @Test
    void rendererSpellsTheVectorOut() {
        assertEquals("from (rank 3, file 24) + vector (5,-5): diagonal, 5 steps inward, toward lower files",
                addVec.render(new int[] {3, 24}, new int[] {5, -5}));
        assertEquals("from (rank 1, file 1) + vector (-1,2): knight move, 1 rank(s) outward and 2 file(s) toward higher files",
                addVec.render(new int[] {1, 1}, new int[] {-1, 2}));
        assertEquals("from (rank 1, file 1) + vector (3,1): no piece's vector",
                addVec.render(new int[] {1, 1}, new int[] {3, 1}));
        assertEquals("from null + vector [1]", addVec.render(null, new int[] {1}));
    }

    // ---- helpers ----

    private static void assertKind(VectorKind kind, Object[] args) {
        int[] from = (int[]) args[0];
        int[] vec = (int[]) args[1];
        String input = kind + ": " + Arrays.toString(from) + " + " + Arrays.toString(vec);
        int[] to = ThreeManChess.addVec(from, vec);
        int reach = from[0] + vec[0];
        Kind actual = ThreeManChess.kindOf(vec[0], vec[1]);
        boolean boardSized = kind.ordinal() <= VectorKind.NO_PIECE.ordinal();
        assertTrue(!boardSized || Math.abs(vec[0]) <= 14 && Math.abs(vec[1]) <= 30, input);
        boolean promised = switch (kind) {
            case ZERO -> actual == Kind.ZERO;
            case FILE -> actual == Kind.FILE;
            case RANK_INWARD -> actual == Kind.RANK && vec[0] > 0;
            case RANK_OUTWARD -> actual == Kind.RANK && vec[0] < 0;
            case KNIGHT -> actual == Kind.KNIGHT;
            case DIAGONAL_OUTWARD -> actual == Kind.DIAGONAL && vec[0] < 0 && to != null;
            case DIAGONAL_INWARD -> actual == Kind.DIAGONAL && vec[0] > 0 && reach <= 6;
            case DIAGONAL_THROUGH_CENTRE -> actual == Kind.DIAGONAL && reach >= 7 && to != null;
            case DIAGONAL_OFF_BOARD -> actual == Kind.DIAGONAL && to == null;
            case NO_PIECE -> actual == Kind.NONE;
            case LARGE -> vec[0] != 0 || actual == Kind.FILE || actual == Kind.ZERO;
            case EXTREME -> edge(vec[0]) && edge(vec[1]);
            case ANY -> true;
        };
        assertTrue(promised, input);
    }

    /** An edge value, or the negation of one (a diagonal's file part). */
    private static boolean edge(int value) {
        return Arrays.stream(AddVecGenerator.EDGE_VALUES).anyMatch(v -> v == value || v == -value);
    }

    /** A unit-step walk of a rank ({@code df == 0}) or diagonal vector; null once off the board. */
    private static int[] walk(int rank, int file, int dr, int df) {
        int rankStep = Integer.signum(dr);
        int fileStep = Integer.signum(df);
        for (int step = 0; step < Math.abs(dr); step++) {
            if (rankStep > 0 && rank == 6) {
                // Across the centre: the opposite file for a rook, 10 files back for a diagonal.
                file += fileStep == 0 ? 12 : -10 * fileStep;
                rankStep = -1;
            } else {
                rank += rankStep;
                file += fileStep;
                if (rank < 1) {
                    return null;
                }
            }
        }
        return new int[] {rank, modfile(file)};
    }

    private static int modfile(int x) {
        return 1 + Math.floorMod(x - 1, 24);
    }

    private static String reason(int rank, int file, int dr, int df) {
        return ThreeManChess.explain(new int[] {rank, file}, new int[] {dr, df}).reason();
    }

    private static List<Check> checks(int rank, int file, int dr, int df) {
        return ThreeManChess.explain(new int[] {rank, file}, new int[] {dr, df}).checks();
    }
}

package org.katajudge.reference.safespaces;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.katajudge.kata.EntryPoint;
import org.katajudge.reference.safespaces.SafeSpaces.Check;
import org.katajudge.reference.testing.EntryPointContract;

import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rule, its reasons and rule checks, invalid input, and the kata's entry point contract. */
class SafeSpacesTest {

    private final EntryPoint isSafe = new SafeSpacesKata().entryPoint("isSafe");

    static Stream<Arguments> seedAndDerivedExamples() {
        return Stream.of(
                // seed 000; `4 4#` reshapes cyclically, so unsafe1/unsafe2 repeat their two rows
                Arguments.of("unsafe1", new int[][] {{0, 3, 0, 0}, {0, 0, 1, 0}, {0, 3, 0, 0}, {0, 0, 1, 0}}, false),
                Arguments.of("unsafe2", new int[][] {{0, 3, 0, 0}, {1, 0, 0, 0}, {0, 3, 0, 0}, {1, 0, 0, 0}}, false),
                Arguments.of("safe1", new int[][] {{0, 1, 0, 0}, {0, 0, 3, 0}, {0, 0, 0, 3}, {0, 0, 0, 1}}, true),
                Arguments.of("safe2", new int[][] {{0, 1, 0, 0}, {3, 0, 3, 0}, {0, 0, 1, 0}, {1, 3, 1, 1}}, true),
                // RULES.md K1, derived
                Arguments.of("wide 2x4", new int[][] {{0, 0, 0, 3}, {0, 0, 1, 0}}, false),
                Arguments.of("tall 3x2", new int[][] {{0, 3}, {1, 0}, {0, 0}}, false),
                Arguments.of("adjacency only", new int[][] {{3, 0}, {0, 1}}, false),
                Arguments.of("black above red", new int[][] {{1, 0}, {0, 3}}, true),
                Arguments.of("one row", new int[][] {{3, 1, 3}}, true),
                Arguments.of("one column", new int[][] {{3}, {1}}, true),
                Arguments.of("empty", new int[][] {}, true),
                // not toroidal
                Arguments.of("no wrap-around", new int[][] {{0, 0, 3}, {1, 0, 0}}, true),
                Arguments.of("rows of no cells", new int[][] {{}, {}}, true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void seedAndDerivedExamples(String name, int[][] board, boolean safe) {
        assertEquals(safe, SafeSpaces.isSafe(board), name);
    }

    @Test
    void theSeedsQCodeIsReproducedByItsPort() {
        assertEquals(3, SeedQ.fold(0, 0, 1, 3, 0, 1, 3));
        assertEquals(2, SeedQ.fold(0, 0, 3, 1, 0, 1, 3));
        int[][] unsafe1 = {{0, 3, 0, 0}, {0, 0, 1, 0}, {0, 3, 0, 0}, {0, 0, 1, 0}};
        assertEquals(List.of(0, 0, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0), SeedQ.foldedDiagonals(unsafe1));
        // and the port is wrong where RULES.md says the seed is
        assertTrue(SeedQ.safe(new int[][] {{0, 0, 0, 3}, {0, 0, 1, 0}}));
    }

    @Test
    void reasonsNameTheDecidingPair() {
        assertEquals("red at (0,1) is diagonally above black at (1,2), so the board is unsafe (2 attacking pairs in all)",
                SafeSpaces.explain(new int[][] {{0, 3, 0, 0}, {0, 0, 1, 0}, {0, 3, 0, 0}, {0, 0, 1, 0}}).reason());
        assertEquals("red at (0,3) is diagonally above black at (1,2), so the board is unsafe",
                SafeSpaces.explain(new int[][] {{0, 0, 0, 3}, {0, 0, 1, 0}}).reason());
        assertEquals("no red piece is diagonally above a black piece; black at (0,1) above red at (1,2) is peaceful"
                        + " (they have already passed each other)",
                SafeSpaces.explain(new int[][] {{0, 1, 0, 0}, {0, 0, 3, 0}, {0, 0, 0, 3}, {0, 0, 0, 1}}).reason());
        assertEquals("no red piece is diagonally above a black piece",
                SafeSpaces.explain(new int[][] {{0, 0, 3}, {1, 0, 0}}).reason());
        assertEquals("no red piece is diagonally above a black piece: a board with a single row has no diagonal neighbours",
                SafeSpaces.explain(new int[][] {{3, 1, 3}}).reason());
        assertEquals("no red piece is diagonally above a black piece: a board with a single column has no diagonal neighbours",
                SafeSpaces.explain(new int[][] {{3}, {1}}).reason());
        assertEquals("no red piece is diagonally above a black piece: the board is empty (0 rows, 0 columns)",
                SafeSpaces.explain(new int[][] {}).reason());
    }

    @Test
    void checksReportEachDiagonalDirectionThatHasARedBlackPair() {
        // unsafe1: attacks down-right; black (1,2) above red (2,1) is a peaceful down-left pair
        assertEquals(List.of(new Check(SafeSpaces.RED_ABOVE_BLACK_LEFT, true), new Check(SafeSpaces.RED_ABOVE_BLACK_RIGHT, false)),
                SafeSpaces.explain(new int[][] {{0, 3, 0, 0}, {0, 0, 1, 0}, {0, 3, 0, 0}, {0, 0, 1, 0}}).checks());
        // unsafe2: attacks down-left; black (1,0) above red (2,1) is a peaceful down-right pair
        assertEquals(List.of(new Check(SafeSpaces.RED_ABOVE_BLACK_LEFT, false), new Check(SafeSpaces.RED_ABOVE_BLACK_RIGHT, true)),
                SafeSpaces.explain(new int[][] {{0, 3, 0, 0}, {1, 0, 0, 0}, {0, 3, 0, 0}, {1, 0, 0, 0}}).checks());
        assertEquals(List.of(new Check(SafeSpaces.RED_ABOVE_BLACK_RIGHT, true)),
                SafeSpaces.explain(new int[][] {{1, 0}, {0, 3}}).checks());
        // red next to red, or red and black only vertically or wrapped around: nothing to decide
        assertEquals(List.of(), SafeSpaces.explain(new int[][] {{3, 0, 3}, {0, 3, 0}, {0, 1, 0}}).checks());
        assertEquals(List.of(), SafeSpaces.explain(new int[][] {{0, 0, 3}, {1, 0, 0}}).checks());
    }

    @Test
    void invalidBoardsAreRejectedNamingTheProblem() {
        assertRejected(null, "board is null");
        assertRejected(new int[][] {{0, 1}, null}, "row 1 is null");
        assertRejected(new int[][] {null}, "row 0 is null");
        assertRejected(new int[][] {{0, 1, 0, 0}, {0, 0, 0, 0}, {0, 3, 0}}, "row 2 has 3 cells, row 0 has 4");
        assertRejected(new int[][] {{0, 1}, {}}, "row 1 has 0 cells, row 0 has 2");
        assertRejected(new int[][] {{0, 1, 0, 0}, {0, 0, 0, 2}}, "value 2 at (1,3) is not 0, 1 or 3");
        assertRejected(new int[][] {{-1}}, "value -1 at (0,0) is not 0, 1 or 3");
        assertRejected(new int[][] {{3, 0}, {0, 1}, {4, 0}}, "value 4 at (2,0) is not 0, 1 or 3");
    }

    private static void assertRejected(int[][] board, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SafeSpaces.isSafe(board));
        assertEquals(message, e.getMessage());
    }

    @Test
    void rendersRowsOfDigitsWithIndices() {
        assertEquals("    0 1 2 3\n 0  0 3 0 0\n 1  0 0 1 0",
                isSafe.render((Object) new int[][] {{0, 3, 0, 0}, {0, 0, 1, 0}}));
        assertEquals("(empty board: 0 rows)", isSafe.render((Object) new int[][] {}));
        assertEquals("(empty board: 2 rows of 0 cells)", isSafe.render((Object) new int[][] {{}, {}}));
        String wide = isSafe.render((Object) new int[][] {new int[12]});
        assertEquals("     0  1  2  3  4  5  6  7  8  9 10 11\n 0   0  0  0  0  0  0  0  0  0  0  0  0", wide);
    }

    @Test
    void generatorContract() {
        assertArrayEquals(new int[0][], (int[][]) EntryPointContract.simplestInput(isSafe)[0]);
        EntryPointContract.sameChoicesGiveSameInput(isSafe, 2_000);
        EntryPointContract.coversEveryRuleBothWays(isSafe, 500);
        EntryPointContract.encoderInvertsTheGenerator(isSafe, 2_000);
    }

    /**
     * The kata's domain is every board of 0 to 12 rows and columns with cells 0, 1, 3: the
     * generator reaches every shape (0 rows, rows of 0 cells, and each of the 144 sizes from
     * 1 × 1 to 12 × 12), every value in each corner, full boards, and boards with no empty cell.
     */
    @Test
    void generatorReachesEveryRegionOfTheDomain() {
        java.util.Set<String> seen = new java.util.HashSet<>();
        SafeSpacesSamples.forEachBoard(100_000, (seed, board) -> {
            int rows = board.length;
            int cols = SafeSpacesSamples.cols(board);
            seen.add(rows == 0 ? "0 rows" : cols == 0 ? "rows of 0 cells" : rows + "x" + cols);
            if (rows > 0 && cols > 0) {
                for (int[] corner : new int[][] {{0, 0}, {0, cols - 1}, {rows - 1, 0}, {rows - 1, cols - 1}}) {
                    seen.add("corner " + board[corner[0]][corner[1]]);
                }
                int pieces = SafeSpacesGenerator.pieces(board);
                seen.add(pieces == rows * cols && rows * cols >= 4 ? "no empty cell" : "");
            }
        });
        java.util.List<String> missing = new java.util.ArrayList<>(java.util.List.of("0 rows", "rows of 0 cells",
                "corner 0", "corner 1", "corner 3", "no empty cell"));
        for (int rows = 1; rows <= 12; rows++) {
            for (int cols = 1; cols <= 12; cols++) {
                missing.add(rows + "x" + cols);
            }
        }
        missing.removeAll(seen);
        assertTrue(missing.isEmpty(), "never generated: " + missing);
    }

    @Test
    void explanationIsConsistentWithTheAnswer() {
        SafeSpacesSamples.forEachBoard(20_000, (seed, board) -> {
            SafeSpaces.Why why = SafeSpaces.explain(board);
            boolean anyBreaks = why.checks().stream().anyMatch(check -> !check.holds());
            assertEquals(!why.safe(), anyBreaks, () -> "seed " + seed + ": " + why);
            assertFalse(why.reason().isBlank());
        });
    }
}

package org.katajudge.reference.knightmoves;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.RuleCheck;
import org.katajudge.reference.testing.EntryPointContract;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KnightMovesTest {

    private static final List<String> SQUARES = allSquares();

    private final EntryPoint minMoves = new KnightMovesKata().entryPoint("minMoves");

    @ParameterizedTest(name = "{0} → {1} = {2}")
    @CsvSource({
            // seed 004 (and the official statement)
            "g2,a8,4", "g2,h2,3",
            // RULES.md K6, derived
            "a1,a1,0", "a1,b3,1", "b1,c3,1", "a1,c1,2", "e4,e6,2", "d4,e5,2", "a1,a2,3", "d4,d5,3",
            "a1,b2,4", "h8,g7,4", "a1,h8,6", "a8,h1,6"})
    void seedAndDerivedExamples(String start, String end, int moves) {
        assertEquals(moves, KnightMoves.minMoves(start, end));
        assertEquals(moves, KnightMoves.explain(start, end).moves());
    }

    @Test
    void reasonsSpellOutOneShortestPath() {
        assertEquals("0 moves: the knight already stands on a1", KnightMoves.explain("a1", "a1").reason());
        assertEquals("1 move: a1 → b3", KnightMoves.explain("a1", "b3").reason());
        assertEquals("3 moves: a1 → b3 → c1 → a2", KnightMoves.explain("a1", "a2").reason());
        assertEquals("4 moves: a1 → b3 → c5 → d3 → b2 (a1 is a corner: the usual 2 moves between"
                + " diagonal neighbours would need a square off the board)", KnightMoves.explain("a1", "b2").reason());
        assertEquals("4 moves: g2 → e3 → c4 → b6 → a8", KnightMoves.explain("g2", "a8").reason());
    }

    @Test
    void explainAgreesWithMinMovesAndItsPathIsAShortestKnightPath() {
        for (String start : SQUARES) {
            for (String end : SQUARES) {
                KnightMoves.Why why = KnightMoves.explain(start, end);
                assertEquals(KnightMoves.minMoves(start, end), why.moves(), start + " → " + end);
                List<String> path = why.path();
                assertEquals(why.moves() + 1, path.size(), start + " → " + end + ": " + path);
                assertEquals(start, path.get(0));
                assertEquals(end, path.get(path.size() - 1));
                for (int i = 1; i < path.size(); i++) {
                    assertTrue(isKnightJump(path.get(i - 1), path.get(i)), start + " → " + end + ": " + path);
                }
            }
        }
    }

    /**
     * The shortest-path equations, checked without BFS: 0 from a square to itself, otherwise one
     * more than the best knight neighbour. Only the true distances satisfy them.
     */
    @Test
    void distancesSatisfyTheShortestPathEquations() {
        for (String start : SQUARES) {
            for (String end : SQUARES) {
                int best = Integer.MAX_VALUE;
                for (String next : SQUARES) {
                    if (isKnightJump(start, next)) {
                        best = Math.min(best, KnightMoves.minMoves(next, end));
                    }
                }
                int expected = start.equals(end) ? 0 : best + 1;
                assertEquals(expected, KnightMoves.minMoves(start, end), start + " → " + end);
            }
        }
    }

    @Test
    void symmetricAtMostSixAndZeroOnlyOnTheSameSquare() {
        for (String start : SQUARES) {
            for (String end : SQUARES) {
                int moves = KnightMoves.minMoves(start, end);
                assertEquals(moves, KnightMoves.minMoves(end, start), start + " ↔ " + end);
                assertTrue(moves >= 0 && moves <= 6, start + " → " + end + " = " + moves);
                assertEquals(start.equals(end), moves == 0, start + " → " + end);
            }
        }
    }

    @Test
    void triangleInequalityOverAllTriples() {
        for (String a : SQUARES) {
            for (String b : SQUARES) {
                int ab = KnightMoves.minMoves(a, b);
                for (String c : SQUARES) {
                    if (KnightMoves.minMoves(a, c) > ab + KnightMoves.minMoves(b, c)) {
                        throw new AssertionError(a + " → " + c + " is longer than via " + b);
                    }
                }
            }
        }
    }

    @Test
    void invariantUnderTheEightSymmetriesOfTheBoard() {
        for (int symmetry = 0; symmetry < 8; symmetry++) {
            for (String start : SQUARES) {
                for (String end : SQUARES) {
                    assertEquals(KnightMoves.minMoves(start, end),
                            KnightMoves.minMoves(transform(start, symmetry), transform(end, symmetry)),
                            start + " → " + end + " under symmetry " + symmetry);
                }
            }
        }
    }

    @Test
    void distanceIsOddExactlyWhenTheSquaresHaveDifferentColours() {
        for (String start : SQUARES) {
            for (String end : SQUARES) {
                boolean differentColours = (colour(start) != colour(end));
                assertEquals(differentColours, KnightMoves.minMoves(start, end) % 2 == 1, start + " → " + end);
            }
        }
    }

    @Test
    void distanceHistogramFromA1() {
        Map<Integer, Integer> histogram = new TreeMap<>();
        for (String end : SQUARES) {
            histogram.merge(KnightMoves.minMoves("a1", end), 1, Integer::sum);
        }
        assertEquals(Map.of(0, 1, 1, 2, 2, 9, 3, 20, 4, 21, 5, 10, 6, 1), histogram);
    }

    @Test
    void cornerDetourIsReportedForDiagonalNeighboursAndHoldsExactlyAtTheCorners() {
        Set<String> cornerPairs = Set.of("a1b2", "b2a1", "h1g2", "g2h1", "a8b7", "b7a8", "h8g7", "g7h8");
        int reported = 0;
        for (String start : SQUARES) {
            for (String end : SQUARES) {
                boolean diagonalNeighbours = Math.abs(start.charAt(0) - end.charAt(0)) == 1
                        && Math.abs(start.charAt(1) - end.charAt(1)) == 1;
                List<KnightMoves.Check> detour = KnightMoves.explain(start, end).checks().stream()
                        .filter(check -> check.rule().equals(KnightMoves.CORNER_DETOUR))
                        .toList();
                assertEquals(diagonalNeighbours ? 1 : 0, detour.size(), start + " → " + end);
                if (diagonalNeighbours) {
                    reported++;
                    boolean corner = cornerPairs.contains(start + end);
                    assertEquals(corner, detour.get(0).holds(), start + " → " + end);
                    assertEquals(corner ? 4 : 2, KnightMoves.minMoves(start, end), start + " → " + end);
                }
            }
        }
        assertEquals(4 * 7 * 7, reported, "ordered pairs of diagonal neighbours");
    }

    @Test
    void invalidSquaresAreRejectedNamingTheArgumentAndTheValue() {
        for (String bad : new String[] {"", "a", "a0", "a9", "i1", "A1", "d33", " d3", "3d"}) {
            IllegalArgumentException startError = assertThrows(IllegalArgumentException.class,
                    () -> KnightMoves.minMoves(bad, "a1"));
            assertEquals("start is not a square a1..h8: \"" + bad + "\"", startError.getMessage());
            IllegalArgumentException endError = assertThrows(IllegalArgumentException.class,
                    () -> KnightMoves.explain("a1", bad));
            assertEquals("end is not a square a1..h8: \"" + bad + "\"", endError.getMessage());
        }
        assertEquals("start is null, expected a square a1..h8",
                assertThrows(IllegalArgumentException.class, () -> KnightMoves.minMoves(null, "a1")).getMessage());
        assertEquals("end is null, expected a square a1..h8",
                assertThrows(IllegalArgumentException.class, () -> KnightMoves.explain("a1", null)).getMessage());
    }

    @Test
    void generatorContract() {
        Object[] simplest = EntryPointContract.simplestInput(minMoves);
        assertEquals(List.of("a1", "a1"), List.of(simplest));
        EntryPointContract.sameChoicesGiveSameInput(minMoves, 500);
        // corner-detour holds on 8 of the 4096 pairs, so this needs a few thousand draws
        EntryPointContract.coversEveryRuleBothWays(minMoves, 5000);
    }

    @Test
    void theFourDrawsEnumerateEveryPairOnce() {
        Set<List<Object>> pairs = new HashSet<>();
        for (int i = 0; i < 4096; i++) {
            ChoiceSequence choices = ChoiceSequence.of(i >> 9, (i >> 6) & 7, (i >> 3) & 7, i & 7);
            pairs.add(List.of(minMoves.generate(choices.replay())));
        }
        assertEquals(4096, pairs.size());
        assertEquals(List.of("b3", "c4"), List.of(minMoves.generate(ChoiceSequence.of(1, 2, 2, 3).replay())));
    }

    @Test
    void referenceAdapterReportsTheRuleChecks() {
        Explanation explanation = minMoves.explain("b2", "a1");
        assertEquals(4, explanation.answer());
        assertEquals(List.of(RuleCheck.breaks(KnightMoves.SAME_SQUARE), RuleCheck.breaks(KnightMoves.ONE_MOVE),
                RuleCheck.holds(KnightMoves.CORNER_DETOUR)), explanation.checks());
        assertFalse(explanation.reason().isBlank());
    }

    @Test
    void rendersTheMoveAndTheBoard() {
        assertEquals("""
                g2 → a8
                  a b c d e f g h
                8 E . . . . . . . 8
                7 . . . . . . . . 7
                6 . . . . . . . . 6
                5 . . . . . . . . 5
                4 . . . . . . . . 4
                3 . . . . . . . . 3
                2 . . . . . . S . 2
                1 . . . . . . . . 1
                  a b c d e f g h""", minMoves.render("g2", "a8"));
        String same = minMoves.render("d4", "d4");
        assertTrue(same.contains("4 . . . S . . . . 4"), same);
        assertFalse(same.contains("E"), same);
    }

    private static List<String> allSquares() {
        List<String> squares = new ArrayList<>();
        for (char file = 'a'; file <= 'h'; file++) {
            for (char rank = '1'; rank <= '8'; rank++) {
                squares.add("" + file + rank);
            }
        }
        return List.copyOf(squares);
    }

    private static boolean isKnightJump(String from, String to) {
        int files = Math.abs(from.charAt(0) - to.charAt(0));
        int ranks = Math.abs(from.charAt(1) - to.charAt(1));
        return files * ranks == 2;
    }

    /** 0 for a dark square (a1), 1 for a light one. */
    private static int colour(String square) {
        return (square.charAt(0) - 'a' + square.charAt(1) - '1') % 2;
    }

    /** Symmetry bits: 1 mirrors the files (a ↔ h), 2 mirrors the ranks (1 ↔ 8), 4 swaps files and ranks. */
    private static String transform(String square, int symmetry) {
        int file = square.charAt(0) - 'a';
        int rank = square.charAt(1) - '1';
        if ((symmetry & 1) != 0) {
            file = 7 - file;
        }
        if ((symmetry & 2) != 0) {
            rank = 7 - rank;
        }
        if ((symmetry & 4) != 0) {
            int swap = file;
            file = rank;
            rank = swap;
        }
        return "" + (char) ('a' + file) + (char) ('1' + rank);
    }
}

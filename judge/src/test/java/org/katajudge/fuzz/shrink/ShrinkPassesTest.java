package org.katajudge.fuzz.shrink;

import org.junit.jupiter.api.Test;
import org.katajudge.choice.ChoiceRecorder.Part;
import org.katajudge.choice.ChoiceSequence;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each pass on hand-made shapes: what it proposes, in which order, and that it is a pure function. */
class ShrinkPassesTest {

    /** A list of two pieces: the count 2, then per piece a part of (cell, colour). */
    private static final Shape TWO_PIECES = new Shape(new int[] {5, 2, 7, 1, 3, 0},
            List.of(6, 9, 64, 2, 64, 2), List.of(new Part(2, 4, 1), new Part(4, 6, 1), new Part(1, 6, 0)));

    private static List<String> texts(List<ChoiceSequence> candidates) {
        return candidates.stream().map(ChoiceSequence::toString).collect(Collectors.toList());
    }

    private static Shape flat(int[] values, int bound) {
        return new Shape(values, java.util.Arrays.stream(values).mapToObj(v -> bound).toList(), List.of());
    }

    @Test
    void everyPassIsAPureFunctionOfTheShape() {
        for (ShrinkPass pass : ShrinkPasses.ALL) {
            assertEquals(pass.candidates(TWO_PIECES), pass.candidates(TWO_PIECES), pass.name());
        }
        assertEquals(12, ShrinkPasses.ALL.size());
        assertEquals(ShrinkPasses.ALL.size(), ShrinkPasses.ALL.stream().map(ShrinkPass::name).distinct().count());
    }

    @Test
    void deletePartsDropsTheLongestPartFirstAndLowersItsCount() {
        List<String> candidates = texts(new DeleteParts().candidates(TWO_PIECES));
        assertEquals("5", candidates.get(0), "the whole list, longest part first");
        assertTrue(candidates.contains("5.1.3.0"), "the first piece gone, its count lowered: " + candidates);
        assertTrue(candidates.contains("5.1.7.1"), "the second piece gone, its count lowered: " + candidates);
        assertTrue(candidates.contains("5.2.3.0"), "or the piece alone");
    }

    @Test
    void deleteSpansDeletesEveryRunOfEachSize() {
        List<String> candidates = texts(new DeleteSpans().candidates(flat(new int[] {1, 2, 3}, 10)));
        assertEquals(List.of("", "3", "1", "2.3", "1.3", "1.2"), candidates, "3, 2 then 1 draws; 8 and 4 do not fit");
    }

    @Test
    void zeroSpansZeroesPartsThenRunsAndNeverProposesTheSame() {
        List<String> candidates = texts(new ZeroSpans().candidates(TWO_PIECES));
        assertEquals("5.2.0.0.3.0", candidates.get(0), "the first part zeroed");
        assertFalse(candidates.contains(TWO_PIECES.sequence().toString()), "nothing unchanged");
    }

    @Test
    void minimizeValuesTriesZeroThenHalvesBelowEachValue() {
        assertArrayEquals(new int[] {0, 1, 3, 6, 12, 25, 50, 75, 88, 94, 97, 99}, MinimizeValues.lowerValues(100),
                "0, the halves towards it from both sides, v - 1");
        assertArrayEquals(new int[0], MinimizeValues.lowerValues(0));
        List<String> candidates = texts(new MinimizeValues().candidates(flat(new int[] {0, 3}, 10)));
        assertEquals(List.of("0.0", "0.1", "0.2"), candidates);
    }

    @Test
    void borrowLowersADigitAndRaisesTheNextToItsTop() {
        Shape number = new Shape(new int[] {1, 0}, List.of(32768, 65536), List.of());
        assertEquals(List.of("0.65535"), texts(new Borrow().candidates(number)));
    }

    @Test
    void lowerAndDeleteLowersACountWithTheDrawsAfterIt() {
        List<String> candidates = texts(new LowerAndDelete().candidates(flat(new int[] {2, 4, 5}, 10)));
        assertEquals("1.5", candidates.get(0), "the count lowered, the draw after it deleted");
        assertTrue(candidates.contains("1"), "or both draws after it");
        assertTrue(candidates.contains("2.3"), "a later value counts too");
    }

    @Test
    void reorderSwapsNeighbouringPartsOnlyWhenThatIsSmaller() {
        assertEquals(List.of("5.2.3.0.7.1"), texts(new Reorder().candidates(TWO_PIECES)));
        Shape ordered = new Shape(new int[] {2, 3, 0, 7, 1}, List.of(9, 64, 2, 64, 2),
                List.of(new Part(1, 3, 1), new Part(3, 5, 1)));
        assertTrue(new Reorder().candidates(ordered).isEmpty());
    }

    @Test
    void shiftMovesAmountsBetweenNeighbours() {
        List<String> candidates = texts(new Shift().candidates(flat(new int[] {0, 4}, 10)));
        assertEquals(List.of("1.3", "2.2", "4.0"), candidates);
        int[] long49 = new int[49];
        assertTrue(new Shift().candidates(flat(long49, 10)).isEmpty(), "not on long sequences");
    }

    @Test
    void lowerKindKeepsTheTailFromEachLaterDraw() {
        List<String> candidates = texts(new LowerKind().candidates(flat(new int[] {2, 7, 8}, 10)));
        assertEquals(List.of("0.7.8", "0.8", "0", "1.7.8", "1.8", "1"), candidates);
    }

    @Test
    void raiseToRemoveTriesEverySmallValueOfEachDraw() {
        List<String> candidates = texts(new RaiseToRemove().candidates(new Shape(new int[] {1}, List.of(3), List.of())));
        assertEquals(List.of("0", "2"), candidates);
    }

    @Test
    void deleteAndMoveRemovesOnePieceAndMovesAnother() {
        List<String> candidates = texts(new DeleteAndMove().candidates(TWO_PIECES));
        assertTrue(candidates.contains("5.1.0.1"), "the second piece deleted, the first moved to cell 0: " + candidates.size());
        assertTrue(candidates.stream().allMatch(c -> c.split("\\.").length < 6), "every candidate has a piece less");
    }

    @Test
    void redrawKeepsAPrefixAndDrawsSmallTails() {
        Shape shape = flat(new int[] {3, 2}, 4);
        List<ChoiceSequence> candidates = new Redraw().candidates(shape);
        assertEquals(candidates, new Redraw().candidates(shape), "seeded by the sequence");
        assertTrue(candidates.stream().filter(c -> c.get(0) != 3).allMatch(c -> c.length() == 16),
                "another kind gets a tail of 16 small draws");
        assertTrue(candidates.stream().filter(c -> c.get(0) == 3).allMatch(c -> c.get(1) < 2 && c.length() == 2));
    }
}

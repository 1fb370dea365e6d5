package org.katajudge.reference.squarecolor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.katajudge.kata.EntryPoint;
import org.katajudge.reference.testing.EntryPointContract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SquareColorTest {

    private final EntryPoint isLight = new SquareColorKata().entryPoint("isLight");

    @ParameterizedTest
    @CsvSource({"d3,true", "g5,false", "e6,true", "a1,false", "h1,true", "a8,true", "h8,false", "b1,true"})
    void seedAndDerivedExamples(String square, boolean light) {
        assertEquals(light, SquareColor.isLight(square));
    }

    @Test
    void neighboursAlternateAndHalfTheBoardIsLight() {
        int light = 0;
        for (char file = 'a'; file <= 'h'; file++) {
            for (char rank = '1'; rank <= '8'; rank++) {
                String square = "" + file + rank;
                light += SquareColor.isLight(square) ? 1 : 0;
                if (file < 'h') {
                    assertNotEquals(SquareColor.isLight(square), SquareColor.isLight("" + (char) (file + 1) + rank));
                }
                if (rank < '8') {
                    assertNotEquals(SquareColor.isLight(square), SquareColor.isLight("" + file + (char) (rank + 1)));
                }
            }
        }
        assertEquals(32, light);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a", "a0", "a9", "i1", "A1", "d33", " d3"})
    void invalidSquaresAreRejectedWithTheirName(String square) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SquareColor.isLight(square));
        assertTrue(e.getMessage().contains("\"" + square + "\""), e.getMessage());
    }

    @Test
    void reasonShowsTheArithmetic() {
        assertEquals("d3: file d = 4, rank 3, 4 + 3 = 7 is odd, so the square is light (a1 is dark)",
                SquareColor.explain("d3").reason());
    }

    @Test
    void generatorContract() {
        assertEquals("a1", EntryPointContract.simplestInput(isLight)[0]);
        EntryPointContract.sameChoicesGiveSameInput(isLight, 200);
        EntryPointContract.coversEveryRuleBothWays(isLight, 200);
    }

    /** The domain is the 64 squares, and the two draws reach each of them once. */
    @Test
    void generatorReachesEverySquareOnce() {
        java.util.Set<Object> squares = new java.util.HashSet<>();
        for (int i = 0; i < 64; i++) {
            squares.add(isLight.generate(org.katajudge.choice.ChoiceSequence.of(i >> 3, i & 7).replay())[0]);
        }
        assertEquals(64, squares.size());
    }
}

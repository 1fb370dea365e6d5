package org.katajudge.fuzz;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The collision solver is pure: every solution it gives keeps the key, and the classic ones are found. */
class LinearCollisionsTest {

    private static final long[] LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".chars().asLongStream().toArray();

    @Test
    void findsAaAndBBUnderStringHashCode() {
        String aa = "Aa";
        List<List<LinearCollisions.Change>> found = LinearCollisions.find(values(aa), new long[][] {LETTERS, LETTERS},
                null, new long[] {31, 1}, 32, 50);
        assertTrue(found.stream().map(changes -> apply(aa, changes)).anyMatch("BB"::equals), found.toString());
    }

    @Test
    void everySolutionKeepsTheHashOfALongString() {
        String board = "將                 \n".repeat(5) + "帥                 \n".repeat(5);
        long[] alphabet = {' ', '-', '|', 'X', '+', '將', '帥'};
        long[][] alphabets = new long[board.length()][];
        long[] weights = new long[board.length()];
        for (int i = 0; i < board.length(); i++) {
            alphabets[i] = board.charAt(i) == '\n' ? new long[0] : alphabet;
            weights[i] = CollisionProbes.pow31(board.length() - 1 - i);
        }
        List<List<LinearCollisions.Change>> found = LinearCollisions.find(values(board), alphabets, alphabets, weights, 32, 8);
        assertFalse(found.isEmpty(), "meeting in the middle finds collisions of a 100-character board");
        for (List<LinearCollisions.Change> changes : found) {
            String other = apply(board, changes);
            assertFalse(other.equals(board));
            assertEquals(board.hashCode(), other.hashCode(), other);
        }
    }

    @Test
    void aSumKeyCollidesBySwappingTwoValues() {
        long[] values = {1, 2, 3};
        long[][] alphabets = {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
        List<List<LinearCollisions.Change>> found = LinearCollisions.find(values, alphabets, null, new long[] {1, 1, 1}, 32, 20);
        assertFalse(found.isEmpty());
        for (List<LinearCollisions.Change> changes : found) {
            long[] other = values.clone();
            changes.forEach(c -> other[c.slot()] = c.value());
            assertEquals(6, other[0] + other[1] + other[2]);
        }
    }

    @Test
    void sixteenBitKeysCollideWithOneChangeOf65536() {
        List<List<LinearCollisions.Change>> found = LinearCollisions.find(new long[] {5}, new long[][] {{5 + 65536, 6}},
                null, new long[] {1}, 16, 5);
        assertEquals(List.of(List.of(new LinearCollisions.Change(0, 5 + 65536))), found);
    }

    private static long[] values(String text) {
        return text.chars().asLongStream().toArray();
    }

    private static String apply(String text, List<LinearCollisions.Change> changes) {
        char[] chars = text.toCharArray();
        changes.forEach(c -> chars[c.slot()] = (char) c.value());
        return new String(chars);
    }
}

package org.katajudge.reference.safespaces;

import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.reference.safespaces.SafeSpacesGenerator.Kind;

import java.util.SplittableRandom;

/** Boards from the kata's generator for property tests: any kind, or one kind. */
final class SafeSpacesSamples {

    private SafeSpacesSamples() {
    }

    interface BoardCheck {
        void check(int seed, int[][] board);
    }

    /** {@code count} boards drawn from seeds 0, 1, ... */
    static void forEachBoard(int count, BoardCheck check) {
        for (int seed = 0; seed < count; seed++) {
            check.check(seed, SafeSpacesGenerator.generate(ChoiceRecorder.random(seed)));
        }
    }

    /** {@code count} boards of one kind: the first draw is {@code kind}, the rest random. */
    static void forEachBoard(Kind kind, int count, BoardCheck check) {
        for (int seed = 0; seed < count; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            ChoiceRecorder choices = new ChoiceRecorder((index, bound) -> index == 0 ? kind.ordinal() : random.nextInt(bound));
            check.check(seed, SafeSpacesGenerator.generate(choices));
        }
    }

    static int[][] copy(int[][] board) {
        int[][] copy = new int[board.length][];
        for (int r = 0; r < board.length; r++) {
            copy[r] = board[r].clone();
        }
        return copy;
    }

    static int cols(int[][] board) {
        return board.length == 0 ? 0 : board[0].length;
    }
}

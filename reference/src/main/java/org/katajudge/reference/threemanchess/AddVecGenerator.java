package org.katajudge.reference.threemanchess;

import org.katajudge.choice.Choices;
import org.katajudge.kata.Generator;

/**
 * Valid inputs of {@code addVec}: a square {@code from} and a vector. The first draw picks the
 * kind of vector ({@link VectorKind}); then come the square's rank and file (all-zero is (1,1),
 * or the lowest rank the kind allows), then the vector's length and signs, smaller meaning
 * shorter, inward and toward higher files. Components stay within |14| ranks and |30| files.
 */
final class AddVecGenerator implements Generator {

    /** What the first draw aims at, simplest first. */
    enum VectorKind {
        ZERO, FILE, RANK_INWARD, RANK_OUTWARD, KNIGHT, DIAGONAL_OUTWARD, DIAGONAL_INWARD,
        DIAGONAL_THROUGH_CENTRE, DIAGONAL_OFF_BOARD, NO_PIECE
    }

    /** The eight knight vectors, inward and one-rank jumps first. */
    private static final int[][] KNIGHT_VECTORS = {
        {1, 2}, {1, -2}, {2, 1}, {2, -1}, {-1, 2}, {-1, -2}, {-2, 1}, {-2, -1},
    };

    private static final VectorKind[] KINDS = VectorKind.values();

    @Override
    public Object[] generate(Choices choices) {
        VectorKind kind = KINDS[choices.choose(KINDS.length)];
        // Ranks a kind can start from: an on-board outward diagonal needs rank 2 or more, an
        // inward diagonal that stays on its side rank 5 or less.
        int rank = switch (kind) {
            case DIAGONAL_OUTWARD -> choices.between(2, 6);
            case DIAGONAL_INWARD -> choices.between(1, 5);
            default -> choices.between(1, 6);
        };
        int file = choices.between(1, 24);
        int[] vector = switch (kind) {
            case ZERO -> new int[] {0, 0};
            // 24 and more wrap all the way round.
            case FILE -> new int[] {0, signed(choices, choices.between(1, 30))};
            // Through the centre from R + k >= 7, off the board from R + k >= 13.
            case RANK_INWARD -> new int[] {choices.between(1, 12), 0};
            // Off the board from k >= R.
            case RANK_OUTWARD -> new int[] {-choices.between(1, 6), 0};
            // Through the centre from rank 5 or 6 inward, off the board from rank 1 or 2 outward.
            case KNIGHT -> KNIGHT_VECTORS[choices.choose(KNIGHT_VECTORS.length)].clone();
            case DIAGONAL_OUTWARD -> diagonal(choices, -choices.between(1, rank - 1));
            case DIAGONAL_INWARD -> diagonal(choices, choices.between(1, 6 - rank));
            // 7 <= R + n <= 12; from rank 1, n = 11 sweeps back to the starting square.
            case DIAGONAL_THROUGH_CENTRE -> diagonal(choices, choices.between(7 - rank, 12 - rank));
            // Out past rank 1 (n >= R), or through the centre and out past rank 1 (R + n >= 13).
            case DIAGONAL_OFF_BOARD -> choices.flip()
                    ? diagonal(choices, 13 - rank + choices.choose(3))
                    : diagonal(choices, -(rank + choices.choose(3)));
            case NO_PIECE -> noPieceVector(choices);
        };
        return new Object[] {new int[] {rank, file}, vector};
    }

    /** {@code (dr, ±|dr|)}. */
    private static int[] diagonal(Choices choices, int dr) {
        return new int[] {dr, signed(choices, Math.abs(dr))};
    }

    /** Two different non-zero magnitudes that are not a knight's 1 and 2: (1,3), (3,1), (2,3), (5,2)... */
    private static int[] noPieceVector(Choices choices) {
        int small = choices.between(1, 5);
        int large = small + choices.between(1, 5) + (small == 1 ? 1 : 0);
        boolean rankIsLarge = choices.flip();
        int dr = signed(choices, rankIsLarge ? large : small);
        int df = signed(choices, rankIsLarge ? small : large);
        return new int[] {dr, df};
    }

    /** {@code magnitude}, negated on a flip (positive is the simpler). */
    private static int signed(Choices choices, int magnitude) {
        return choices.flip() ? -magnitude : magnitude;
    }
}

package org.katajudge.reference.threemanchess;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.choice.Choices;
import org.katajudge.kata.Generator;

/**
 * Valid inputs of {@code addVec}: a square {@code from} and a vector of any two integers. The
 * first draw picks the kind of vector ({@link VectorKind}); then come the square's rank and file
 * (all-zero is (1,1), or the lowest rank the kind allows), then the vector's length and signs,
 * smaller meaning shorter, inward and toward higher files. The board-sized kinds stay within
 * |14| ranks and |30| files; {@link VectorKind#LARGE} and {@link VectorKind#ANY} reach every
 * {@code int}, and {@link VectorKind#EXTREME} takes components from the values where sums and
 * products overflow or wrap ({@code Integer.MIN_VALUE}, {@code MAX_VALUE}, 46341, 65536...).
 */
final class AddVecGenerator implements Generator {

    /** What the first draw aims at, simplest first. */
    enum VectorKind {
        ZERO, FILE, RANK_INWARD, RANK_OUTWARD, KNIGHT, DIAGONAL_OUTWARD, DIAGONAL_INWARD,
        DIAGONAL_THROUGH_CENTRE, DIAGONAL_OFF_BOARD, NO_PIECE,
        /** A file, rank or diagonal move, or no piece's vector, of any length up to the whole {@code int} range. */
        LARGE,
        /** Components from {@link #EDGE_VALUES}: where int arithmetic overflows or a modulus wraps. */
        EXTREME,
        /** Any two integers; the general kind every input can be written in ({@link #encode}). */
        ANY
    }

    /**
     * Components where solutions go wrong: file wraps (23..25, 47..51 and their negatives), the
     * square roots of 2^31 and 2^32 (46341, 65536: products overflow), and the ends of the int range.
     */
    static final int[] EDGE_VALUES = {
        0, 1, -1, 2, -2, 11, 12, 13, -11, -12, -13, 23, 24, 25, -23, -24, -25, 47, 48, 49, 50, 51, -47, -48, -49,
        -50, -51, 46340, 46341, -46341, 65535, 65536, -65536, 1 << 30, -(1 << 30), Integer.MAX_VALUE - 24,
        Integer.MAX_VALUE - 1, Integer.MAX_VALUE, Integer.MIN_VALUE + 24, Integer.MIN_VALUE + 2,
        Integer.MIN_VALUE + 1, Integer.MIN_VALUE,
    };

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
            case LARGE -> shaped(choices, AddVecGenerator::anyInt);
            case EXTREME -> shaped(choices, AddVecGenerator::edge);
            case ANY -> new int[] {anyInt(choices), anyInt(choices)};
        };
        return new Object[] {new int[] {rank, file}, vector};
    }

    /** A file, rank or diagonal move, or any vector, with components drawn by {@code component}. */
    private static int[] shaped(Choices choices, java.util.function.ToIntFunction<Choices> component) {
        int shape = choices.choose(4);
        int length = component.applyAsInt(choices);
        return switch (shape) {
            case 0 -> new int[] {0, length};
            case 1 -> new int[] {length, 0};
            case 2 -> new int[] {length, choices.flip() ? -length : length}; // -MIN_VALUE is MIN_VALUE: still |dr| = |df|
            default -> new int[] {length, component.applyAsInt(choices)};
        };
    }

    private static int edge(Choices choices) {
        choices.startPart();
        int value = EDGE_VALUES[choices.choose(EDGE_VALUES.length)];
        choices.endPart();
        return value;
    }

    /**
     * Any int, in three draws: the sign, then the magnitude's high 15 and low 16 bits, so that
     * smaller draws mean smaller magnitudes (0 first, then 1, -1, 2, -2...) and a shrinker can
     * lower each half on its own. Negative values are {@code -1 - magnitude}, so MIN_VALUE is
     * reached too.
     */
    static int anyInt(Choices choices) {
        choices.startPart();
        boolean negative = choices.flip();
        int magnitude = (choices.choose(1 << 15) << 16) | choices.choose(1 << 16);
        choices.endPart();
        return negative ? -1 - magnitude : magnitude;
    }

    /**
     * The choices that draw {@code (from, vec)} as an {@link VectorKind#ANY} input: the inverse of
     * the generator on that kind, for every valid {@code from} and any {@code vec}.
     */
    static ChoiceSequence encode(int[] from, int[] vec) {
        int[] values = new int[9];
        values[0] = VectorKind.ANY.ordinal();
        values[1] = from[0] - 1;
        values[2] = from[1] - 1;
        for (int i = 0; i < 2; i++) {
            int v = vec[i];
            int magnitude = v >= 0 ? v : -1 - v;
            values[3 + 3 * i] = v >= 0 ? 0 : 1;
            values[4 + 3 * i] = magnitude >>> 16;
            values[5 + 3 * i] = magnitude & 0xFFFF;
        }
        return ChoiceSequence.of(values);
    }

    /** The vector's length, {@code max(|dr|, |df|)}: the size a shrinker makes smallest. */
    static long length(int[] vec) {
        return Math.max(Math.abs((long) vec[0]), Math.abs((long) vec[1]));
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

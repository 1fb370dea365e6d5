package org.katajudge.sandbox;

/**
 * What {@link RunnerArchive}'s training run loads into the runner in place of a submission: the
 * judge's own code, so that no submission ever runs in the JVM that writes the archive. Its
 * methods take and return every kind of value the wire carries, and one throws, so that the
 * runner's paths for all of them are in the archive. Refers to nothing of the judge: the child
 * defines it from its bytes.
 */
public final class ArchiveTraining {

    private ArchiveTraining() {
    }

    public static int twice(int x) {
        return 2 * x;
    }

    public static boolean even(int x) {
        return x % 2 == 0;
    }

    public static String upper(String text) {
        StringBuilder out = new StringBuilder();
        for (char c : text.toCharArray()) {
            out.append(Character.toUpperCase(c));
        }
        System.out.print(""); // the capture of System.out
        return out.toString();
    }

    public static int[] reversed(int[] values) {
        int[] out = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[values.length - 1 - i];
        }
        return out;
    }

    public static int[][] transposed(int[][] matrix) {
        if (matrix.length == 0) {
            return matrix;
        }
        int[][] out = new int[matrix[0].length][matrix.length];
        for (int r = 0; r < matrix.length; r++) {
            for (int c = 0; c < matrix[r].length; c++) {
                out[c][r] = matrix[r][c];
            }
        }
        return out;
    }

    public static int fails(int x) {
        throw new IllegalArgumentException("no " + x);
    }
}

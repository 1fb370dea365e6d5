package org.katajudge.reference.safespaces;

import java.util.ArrayList;
import java.util.List;

/**
 * The seed's Q solution, ported step by step, to test what RULES.md says about it: it matches
 * the rule on square and tall boards and misses attacks on wide ones. Q's null ({@code 0N}, what
 * indexing out of range gives) is Java's {@code null}.
 *
 * <pre>
 * danger:{$[2=x;x;$[2=x-y;2;y]]}
 * diagonal:{c value group(sum')c:n cross n:til count x}
 * safe:{not any 2=(danger/')((reverse each x)./:/:d),x ./:/:d:diagonal x}
 * </pre>
 */
final class SeedQ {

    private SeedQ() {
    }

    static boolean safe(int[][] x) {
        for (Integer folded : foldedDiagonals(x)) {
            if (folded != null && folded == 2) {
                return false;
            }
        }
        return true;
    }

    /** {@code (danger/')((reverse each x)./:/:d),x ./:/:d:diagonal x}: reversed board first. */
    static List<Integer> foldedDiagonals(int[][] x) {
        List<List<int[]>> d = diagonal(x);
        int[][] reversed = new int[x.length][];
        for (int i = 0; i < x.length; i++) {
            reversed[i] = new int[x[i].length];
            for (int j = 0; j < x[i].length; j++) {
                reversed[i][j] = x[i][x[i].length - 1 - j];
            }
        }
        List<Integer> result = new ArrayList<>();
        for (int[][] board : new int[][][] {reversed, x}) {
            for (List<int[]> run : d) {
                Integer accumulator = at(board, run.get(0));
                for (int k = 1; k < run.size(); k++) {
                    accumulator = danger(accumulator, at(board, run.get(k)));
                }
                result.add(accumulator);
            }
        }
        return result;
    }

    /** {@code danger:{$[2=x;x;$[2=x-y;2;y]]}}; arithmetic with null gives null. */
    static Integer danger(Integer x, Integer y) {
        if (x != null && x == 2) {
            return x;
        }
        if (x != null && y != null && x - y == 2) {
            return 2;
        }
        return y;
    }

    /** {@code danger/} over a list. */
    static Integer fold(int... values) {
        Integer accumulator = values[0];
        for (int k = 1; k < values.length; k++) {
            accumulator = danger(accumulator, values[k]);
        }
        return accumulator;
    }

    /**
     * {@code c value group(sum')c:n cross n:til count x}: the anti-diagonals of the n × n index
     * square, n being the number of ROWS; groups in order of first appearance (sum 0, 1, ...),
     * each going down-left.
     */
    private static List<List<int[]>> diagonal(int[][] x) {
        int n = x.length;
        List<List<int[]>> diagonals = new ArrayList<>();
        for (int sum = 0; sum <= 2 * n - 2; sum++) {
            List<int[]> run = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int j = sum - i;
                if (j >= 0 && j < n) {
                    run.add(new int[] {i, j});
                }
            }
            diagonals.add(run);
        }
        return diagonals;
    }

    /** {@code x . (i;j)}: null when out of range. */
    private static Integer at(int[][] board, int[] index) {
        int[] row = board[index[0]];
        return index[1] < row.length ? row[index[1]] : null;
    }
}

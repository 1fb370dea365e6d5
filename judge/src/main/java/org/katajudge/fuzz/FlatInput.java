package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.ValueType;

import java.util.ArrayList;
import java.util.List;

/**
 * An input's values in a row: a string's characters, an array's elements, a board's cells, an
 * int; each slot with its place (argument, row, column) and its weight in the argument's own
 * {@code hashCode}.
 */
final class FlatInput {
    final Object[] args;
    private final List<ValueType> types;
    final List<String> parameterNames;
    private final int[][] coordinates; // {arg, row, column}
    final long[] values;
    private final long[] weights;

    private FlatInput(Object[] args, List<ValueType> types, List<String> parameterNames, List<int[]> coordinates,
                 List<Long> values, List<Long> weights) {
        this.args = args;
        this.types = types;
        this.parameterNames = parameterNames;
        this.coordinates = coordinates.toArray(int[][]::new);
        this.values = values.stream().mapToLong(Long::longValue).toArray();
        this.weights = weights.stream().mapToLong(Long::longValue).toArray();
    }

    static FlatInput of(EntryPoint entryPoint, Object[] args) {
        List<int[]> coordinates = new ArrayList<>();
        List<Long> values = new ArrayList<>();
        List<Long> weights = new ArrayList<>();
        for (int a = 0; a < args.length; a++) {
            Object arg = args[a];
            if (arg instanceof String string) {
                for (int c = 0; c < string.length(); c++) {
                    coordinates.add(new int[] {a, -1, c});
                    values.add((long) string.charAt(c));
                    weights.add(CollisionProbes.pow31(string.length() - 1 - c));
                }
            } else if (arg instanceof int[] array) {
                for (int c = 0; c < array.length; c++) {
                    coordinates.add(new int[] {a, -1, c});
                    values.add((long) array[c]);
                    weights.add(CollisionProbes.pow31(array.length - 1 - c));
                }
            } else if (arg instanceof int[][] matrix) {
                for (int r = 0; r < matrix.length; r++) {
                    int[] row = matrix[r];
                    for (int c = 0; row != null && c < row.length; c++) {
                        coordinates.add(new int[] {a, r, c});
                        values.add((long) row[c]);
                        weights.add((CollisionProbes.pow31(matrix.length - 1 - r) * CollisionProbes.pow31(row.length - 1 - c)) & 0xFFFFFFFFL);
                    }
                }
            } else if (arg instanceof Integer value) {
                coordinates.add(new int[] {a, -1, -1});
                values.add((long) value);
                weights.add(1L);
            }
        }
        return new FlatInput(args, entryPoint.parameters(), entryPoint.parameterNames(), coordinates, values, weights);
    }

    int arg(int slot) {
        return coordinates[slot][0];
    }

    long ownWeight(int slot) {
        return weights[slot];
    }

    boolean isInt(int slot) {
        ValueType type = types.get(arg(slot));
        return type == ValueType.INT || type == ValueType.INT_ARRAY || type == ValueType.INT_MATRIX;
    }

    String position(int slot) {
        int[] at = coordinates[slot];
        return at[0] + ":" + at[1] + ":" + at[2];
    }

    /** The arguments with the changes made; a changed character stays a {@code char}. */
    Object[] with(List<LinearCollisions.Change> changes) {
        Object[] copy = new Object[args.length];
        for (int a = 0; a < args.length; a++) {
            copy[a] = args[a] instanceof String string ? string.toCharArray() : types.get(a).copy(args[a]);
        }
        for (LinearCollisions.Change change : changes) {
            int[] at = coordinates[change.slot()];
            Object arg = copy[at[0]];
            if (arg instanceof char[] chars) {
                chars[at[2]] = (char) change.value();
            } else if (arg instanceof int[] array) {
                array[at[2]] = (int) change.value();
            } else if (arg instanceof int[][] matrix) {
                matrix[at[1]][at[2]] = (int) change.value();
            } else {
                copy[at[0]] = (int) change.value();
            }
        }
        for (int a = 0; a < copy.length; a++) {
            if (copy[a] instanceof char[] chars) {
                copy[a] = new String(chars);
            }
        }
        return copy;
    }
}

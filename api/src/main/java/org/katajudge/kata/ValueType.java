package org.katajudge.kata;

import java.util.Arrays;

/**
 * The Java types that kata arguments and answers take, with the operations a judge needs on
 * them: deep copy, deep equality, and a compact one-line form.
 *
 * <p>In memory a value is the plain Java object ({@code Boolean}, {@code Integer}, {@code String},
 * {@code int[]}, {@code int[][]}); only {@link #INT_ARRAY} and {@link #STRING} may be
 * {@code null} (an invalid 3MC vector answers {@code null}). Its natural JSON form is the
 * obvious one: nested arrays, numbers, strings, booleans, {@code null}.
 */
public enum ValueType {
    /** {@code boolean}, held as a {@code Boolean}; JSON {@code true} or {@code false}. */
    BOOLEAN("boolean", boolean.class),
    /** {@code int}, held as an {@code Integer}; a JSON integer. */
    INT("int", int.class),
    /** {@code String}, possibly {@code null}; a JSON string. */
    STRING("String", String.class),
    /** {@code int[]}, possibly {@code null}; a JSON array of integers. */
    INT_ARRAY("int[]", int[].class),
    /** {@code int[][]}, possibly {@code null}; a JSON array of arrays of integers (rows may differ in length). */
    INT_MATRIX("int[][]", int[][].class);

    private final String javaName;
    private final Class<?> javaClass;

    ValueType(String javaName, Class<?> javaClass) {
        this.javaName = javaName;
        this.javaClass = javaClass;
    }

    /**
     * The type as written in Java source.
     *
     * @return e.g. {@code int[][]}
     */
    public String javaName() {
        return javaName;
    }

    /**
     * The class in a method signature.
     *
     * @return e.g. {@code int[][].class}
     */
    public Class<?> javaClass() {
        return javaClass;
    }

    /**
     * The type whose {@link #javaName()} is {@code name}.
     *
     * @param name e.g. {@code int[]}
     * @return the type
     * @throws IllegalArgumentException when no kata value type has that name
     */
    public static ValueType ofJavaName(String name) {
        for (ValueType type : values()) {
            if (type.javaName.equals(name)) {
                return type;
            }
        }
        throw new IllegalArgumentException("not a kata value type: " + name);
    }

    /**
     * Whether {@code null} is a value of this type: true for the reference types.
     *
     * @return whether null is allowed
     */
    public boolean nullable() {
        return this == STRING || this == INT_ARRAY || this == INT_MATRIX;
    }

    /**
     * Whether {@code value} is a value of this type.
     *
     * @param value a value, possibly null
     * @return whether it is of this type
     */
    public boolean accepts(Object value) {
        if (value == null) {
            return nullable();
        }
        return switch (this) {
            case BOOLEAN -> value instanceof Boolean;
            case INT -> value instanceof Integer;
            case STRING -> value instanceof String;
            case INT_ARRAY -> value instanceof int[];
            case INT_MATRIX -> value instanceof int[][];
        };
    }

    /**
     * A deep copy; immutable values are returned as they are.
     *
     * @param value a value of this type
     * @return its copy
     */
    public Object copy(Object value) {
        if (value instanceof int[] array) {
            return array.clone();
        }
        if (value instanceof int[][] matrix) {
            int[][] copy = new int[matrix.length][];
            for (int i = 0; i < matrix.length; i++) {
                copy[i] = matrix[i] == null ? null : matrix[i].clone();
            }
            return copy;
        }
        return value;
    }

    /**
     * Deep equality of two values of this type.
     *
     * @param a a value
     * @param b another value
     * @return whether they are equal, arrays compared element by element
     */
    public boolean equal(Object a, Object b) {
        if (a instanceof int[] x && b instanceof int[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof int[][] x && b instanceof int[][] y) {
            return Arrays.deepEquals(x, y);
        }
        return a == null ? b == null : a.equals(b);
    }

    /**
     * The value on one line, in its JSON-like form.
     *
     * @param value a kata value, possibly null
     * @return e.g. {@code [[0,3],[1,0]]}, {@code "d3"}, {@code null}
     */
    public static String show(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof int[] array) {
            return Arrays.toString(array).replace(" ", "");
        }
        if (value instanceof int[][] matrix) {
            StringBuilder text = new StringBuilder("[");
            for (int i = 0; i < matrix.length; i++) {
                text.append(i == 0 ? "" : ",").append(show(matrix[i]));
            }
            return text.append(']').toString();
        }
        if (value instanceof String string) {
            return '"' + string.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
        }
        return String.valueOf(value);
    }
}

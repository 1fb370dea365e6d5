package org.katajudge.sandbox.runner;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The protocol between the judge and its child runner: frames of {@link DataOutputStream}
 * primitives over the child's stdin and stdout. Shared by both sides, so it depends on nothing
 * but java.base.
 *
 * <pre>
 * judge -> child   LOAD   className, classes[(name, bytes)], methods[(name, paramTags, returnTag)],
 *                         perCallMillis, outputLimitBytes, keptOutputBytes
 *                  BATCH  methodIndex, count, count x (one value per parameter)
 *                  RESET  (load the submission's classes anew: its static state starts over)
 *                  END
 * child -> judge   READY | LOAD_FAILED message       (after LOAD and after RESET)
 *                  per case: status, elapsedNanos, output[] (kept part), outputTotal, then
 *                      OK: value | THREW: class, message, stack | TIMEOUT | OUTPUT_LIMIT
 * </pre>
 *
 * <p>Values carry their own tag, so either side can check what it receives.
 */
public final class Wire {

    public static final int MAGIC = 0x4B4A5231; // "KJR1"

    public static final byte LOAD = 1;
    public static final byte BATCH = 2;
    public static final byte END = 3;
    public static final byte RESET = 4;

    public static final byte READY = 10;
    public static final byte LOAD_FAILED = 11;

    public static final byte OK = 20;
    public static final byte THREW = 21;
    public static final byte TIMEOUT = 22;
    public static final byte OUTPUT_LIMIT = 23;

    public static final byte NULL = 0;
    public static final byte FALSE = 1;
    public static final byte TRUE = 2;
    public static final byte INT = 3;
    public static final byte STRING = 4;
    public static final byte INT_ARRAY = 5;
    public static final byte INT_MATRIX = 6;

    /** The largest string or array the runner accepts, against corrupted frames. */
    private static final int MAX_LENGTH = 1 << 24;

    private Wire() {
    }

    /** The tag of the value type a Java parameter or return type maps to. */
    public static byte tagOf(Class<?> type) {
        if (type == boolean.class) {
            return TRUE;
        }
        if (type == int.class) {
            return INT;
        }
        if (type == String.class) {
            return STRING;
        }
        if (type == int[].class) {
            return INT_ARRAY;
        }
        if (type == int[][].class) {
            return INT_MATRIX;
        }
        throw new IllegalArgumentException("not a kata value type: " + type.getName());
    }

    /** The Java class for a tag, as {@link #tagOf(Class)} maps it. */
    public static Class<?> typeOf(byte tag) {
        return switch (tag) {
            case TRUE, FALSE -> boolean.class;
            case INT -> int.class;
            case STRING -> String.class;
            case INT_ARRAY -> int[].class;
            case INT_MATRIX -> int[][].class;
            default -> throw new IllegalArgumentException("not a type tag: " + tag);
        };
    }

    public static void writeValue(DataOutputStream out, Object value) throws IOException {
        if (value == null) {
            out.writeByte(NULL);
        } else if (value instanceof Boolean b) {
            out.writeByte(b ? TRUE : FALSE);
        } else if (value instanceof Integer i) {
            out.writeByte(INT);
            out.writeInt(i);
        } else if (value instanceof String s) {
            out.writeByte(STRING);
            writeString(out, s);
        } else if (value instanceof int[] array) {
            out.writeByte(INT_ARRAY);
            writeInts(out, array);
        } else if (value instanceof int[][] matrix) {
            out.writeByte(INT_MATRIX);
            out.writeInt(matrix.length);
            for (int[] row : matrix) {
                if (row == null) {
                    out.writeInt(-1);
                } else {
                    writeInts(out, row);
                }
            }
        } else {
            throw new IllegalArgumentException("not a kata value: " + value.getClass().getName());
        }
    }

    public static Object readValue(DataInputStream in) throws IOException {
        byte tag = in.readByte();
        return switch (tag) {
            case NULL -> null;
            case FALSE -> Boolean.FALSE;
            case TRUE -> Boolean.TRUE;
            case INT -> in.readInt();
            case STRING -> readString(in);
            case INT_ARRAY -> readInts(in, in.readInt());
            case INT_MATRIX -> {
                int[][] matrix = new int[checkLength(in.readInt())][];
                for (int i = 0; i < matrix.length; i++) {
                    int length = in.readInt();
                    matrix[i] = length < 0 ? null : readInts(in, length);
                }
                yield matrix;
            }
            default -> throw new IOException("corrupt frame: value tag " + tag);
        };
    }

    public static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    public static String readString(DataInputStream in) throws IOException {
        return new String(readBytes(in), StandardCharsets.UTF_8);
    }

    public static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    public static byte[] readBytes(DataInputStream in) throws IOException {
        byte[] bytes = new byte[checkLength(in.readInt())];
        in.readFully(bytes);
        return bytes;
    }

    private static void writeInts(DataOutputStream out, int[] array) throws IOException {
        out.writeInt(array.length);
        for (int v : array) {
            out.writeInt(v);
        }
    }

    private static int[] readInts(DataInputStream in, int length) throws IOException {
        int[] array = new int[checkLength(length)];
        for (int i = 0; i < array.length; i++) {
            array[i] = in.readInt();
        }
        return array;
    }

    private static int checkLength(int length) throws IOException {
        if (length < 0 || length > MAX_LENGTH) {
            throw new IOException("corrupt frame: length " + length);
        }
        return length;
    }
}

package org.katajudge.sandbox.runner;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The protocol between the judge and its child runner: frames of {@link DataOutputStream}
 * primitives over two named pipes that only the runner holds (not stdin/stdout, which any
 * code in the child can write to). Shared by both sides, so it depends on nothing but java.base.
 *
 * <pre>
 * stdin            the judge writes a random token and a line feed, and closes stdin once the child
 *                  has connected (an end of stdin before that: the judge is gone, and the runner ends)
 * child -> judge   opens the pipes (requests, then answers), sends the token ({@link #TOKEN_LENGTH} ASCII bytes)
 * judge -> child   LOAD   className, classes[(name, bytes)], methods[(name, paramTags, returnTag)],
 *                         perCallMillis, perCallCapMillis, outputLimitBytes, keptOutputBytes,
 *                         answerLimitBytes
 *                  BATCH  methodIndex, count, count x (one value per parameter)
 *                  RESET  (load the submission's classes anew: its static state starts over)
 *                  END
 * child -> judge   READY | LOAD_FAILED message       (after LOAD and after RESET)
 *                  per case: status, elapsedNanos, output[] (kept part), outputTotal, then
 *                      OK: value | THREW or OUT_OF_MEMORY: class, message, stack
 *                      | TIMEOUT | WALL_TIMEOUT | OUTPUT_LIMIT
 * </pre>
 *
 * <p>Values carry their own tag, so either side can check what it receives. Everything the
 * child sends is bounded twice: the runner cuts texts to {@link #MAX_TEXT_CHARS} and stack
 * frames to {@link #MAX_FRAME_CHARS}, and the judge reads no field longer than it allows,
 * treating more as a broken protocol.
 */
public final class Wire {

    public static final int MAGIC = 0x4B4A5232; // "KJR2"
    /** Length of the token that proves a connection comes from the runner the judge started. */
    public static final int TOKEN_LENGTH = 32;

    /** The longest exception message the runner sends, in characters; the rest is cut. */
    public static final int MAX_TEXT_CHARS = 4096;
    /** The longest class name or stack frame the runner sends, in characters. */
    public static final int MAX_FRAME_CHARS = 512;
    /** The most stack frames the runner sends. */
    public static final int MAX_STACK_FRAMES = 8;

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
    /** The call ran past its cap: time present (wall-clock time less waits for a CPU), not only CPU or blocked time. */
    public static final byte WALL_TIMEOUT = 24;
    /** The call ended with an OutOfMemoryError raised by the JVM or the JDK, not by the submission. */
    public static final byte OUT_OF_MEMORY = 25;
    /** The call returned an answer larger than the runner sends. */
    public static final byte ANSWER_LIMIT = 26;

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
        return readValue(in, MAX_LENGTH);
    }

    /**
     * A value whose encoding takes at most {@code maxBytes} bytes (lengths included).
     *
     * @throws IOException when it is larger: a broken protocol, not a value
     */
    public static Object readValue(DataInputStream in, int maxBytes) throws IOException {
        byte tag = in.readByte();
        return switch (tag) {
            case NULL -> null;
            case FALSE -> Boolean.FALSE;
            case TRUE -> Boolean.TRUE;
            case INT -> in.readInt();
            case STRING -> readString(in, maxBytes);
            case INT_ARRAY -> readInts(in, within(in.readInt(), maxBytes / 4));
            case INT_MATRIX -> {
                int[][] matrix = new int[within(in.readInt(), maxBytes / 4)][];
                long left = maxBytes / 4 - matrix.length;
                for (int i = 0; i < matrix.length; i++) {
                    int length = in.readInt();
                    if (length >= 0) {
                        left -= length;
                        if (left < 0) {
                            throw new IOException("broken protocol: a value larger than " + maxBytes + " bytes");
                        }
                    }
                    matrix[i] = length < 0 ? null : readInts(in, length);
                }
                yield matrix;
            }
            default -> throw new IOException("corrupt frame: value tag " + tag);
        };
    }

    /** The bytes {@link #writeValue} takes for {@code value}, without writing it. */
    public static long encodedSize(Object value) {
        if (value instanceof String s) {
            long size = 5;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                size += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3; // UTF-8, as writeString
            }
            return size;
        }
        if (value instanceof int[] array) {
            return 5 + 4L * array.length;
        }
        if (value instanceof int[][] matrix) {
            long size = 5;
            for (int[] row : matrix) {
                size += 4 + (row == null ? 0 : 4L * row.length);
            }
            return size;
        }
        return 5;
    }

    public static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    public static String readString(DataInputStream in) throws IOException {
        return new String(readBytes(in), StandardCharsets.UTF_8);
    }

    /** A string of at most {@code maxBytes} UTF-8 bytes; longer is a broken protocol. */
    public static String readString(DataInputStream in, int maxBytes) throws IOException {
        return new String(readBytes(in, maxBytes), StandardCharsets.UTF_8);
    }

    /** At most {@code maxChars} characters of {@code text}, never splitting a surrogate pair. */
    public static String clip(String text, int maxChars) {
        if (text.length() <= maxChars) {
            return text;
        }
        int end = maxChars;
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end) + "... (" + (text.length() - end) + " more characters)";
    }

    public static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    public static byte[] readBytes(DataInputStream in) throws IOException {
        return readBytes(in, MAX_LENGTH);
    }

    /** A byte array of at most {@code maxBytes}; longer is a broken protocol. */
    public static byte[] readBytes(DataInputStream in, int maxBytes) throws IOException {
        byte[] bytes = new byte[within(in.readInt(), maxBytes)];
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

    private static int within(int length, int max) throws IOException {
        if (length > max && length >= 0) {
            throw new IOException("broken protocol: a field of " + length + " bytes, at most " + max + " allowed");
        }
        return checkLength(length);
    }

    private static int checkLength(int length) throws IOException {
        if (length < 0 || length > MAX_LENGTH) {
            throw new IOException("corrupt frame: length " + length);
        }
        return length;
    }
}

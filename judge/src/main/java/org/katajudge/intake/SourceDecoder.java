package org.katajudge.intake;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Decodes a source file as its author meant it: UTF-8 (a byte order mark removed), UTF-16 (with
 * or without a byte order mark), or, for a file that is not valid UTF-8, the legacy charset of
 * Windows editors (windows-1252), else ISO-8859-1, which decodes anything but may show
 * non-ASCII characters wrongly and says so, naming the line. A file with NUL bytes that is not
 * UTF-16 is not text at all: that is a problem naming the file and line.
 */
final class SourceDecoder {

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    /**
     * A decoded file, or why it could not be.
     *
     * @param text    the text, empty when {@code problem} is present
     * @param notes   what was done to decode it, one line each
     * @param problem why it is not text, naming the file and line
     */
    record Decoded(String text, List<String> notes, Optional<String> problem) {
    }

    private SourceDecoder() {
    }

    /** @param name the file as the student knows it, for the notes */
    static Decoded decode(String name, byte[] content) {
        List<String> notes = new ArrayList<>();
        byte[] bytes = content;
        if (startsWith(bytes, 0xEF, 0xBB, 0xBF)) {
            notes.add("removed the UTF-8 byte order mark (BOM) at the start of " + name
                    + ": the Java compiler does not accept it");
            bytes = Arrays.copyOfRange(bytes, 3, bytes.length);
        } else if (startsWith(bytes, 0xFE, 0xFF) || startsWith(bytes, 0xFF, 0xFE)) {
            Charset utf16 = bytes[0] == (byte) 0xFE ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE;
            Optional<String> text = strict(utf16, bytes, 2);
            if (text.isEmpty()) {
                return problem(name + " starts like UTF-16 text but is not: save it as UTF-8");
            }
            notes.add("decoded " + name + " as " + utf16.name() + " (it starts with a UTF-16 byte order mark)");
            return new Decoded(text.get(), notes, Optional.empty());
        }
        int nul = indexOf(bytes, (byte) 0);
        if (nul >= 0) {
            Optional<Charset> utf16 = utf16WithoutMark(bytes);
            byte[] text16 = bytes;
            Optional<String> text = utf16.flatMap(charset -> strict(charset, text16, 0));
            if (text.isPresent()) {
                notes.add("decoded " + name + " as " + utf16.get().name() + " (it has no byte order mark)");
                return new Decoded(text.get(), notes, Optional.empty());
            }
            return problem(name + " is not a text file (line " + lineOf(bytes, nul) + " holds a NUL byte):"
                    + " hand in the .java source");
        }
        Optional<String> utf8 = strict(StandardCharsets.UTF_8, bytes, 0);
        if (utf8.isPresent()) {
            return new Decoded(utf8.get(), notes, Optional.empty());
        }
        int bad = firstMalformed(StandardCharsets.UTF_8, bytes);
        String where = "line " + lineOf(bytes, bad);
        Optional<String> legacy = strict(WINDOWS_1252, bytes, 0);
        if (legacy.isPresent()) {
            notes.add("decoded " + name + " as windows-1252: it is not UTF-8 (" + where + ")");
            return new Decoded(legacy.get(), notes, Optional.empty());
        }
        int undefined = firstMalformed(WINDOWS_1252, bytes);
        notes.add(name + " is neither UTF-8 nor windows-1252 (line " + lineOf(bytes, undefined) + ": byte 0x"
                + String.format(Locale.ROOT, "%02x", bytes[undefined] & 0xFF) + "); decoded as ISO-8859-1,"
                + " so its non-ASCII characters may be wrong: save it as UTF-8");
        return new Decoded(new String(bytes, StandardCharsets.ISO_8859_1), notes, Optional.empty());
    }

    private static Decoded problem(String why) {
        return new Decoded("", List.of(), Optional.of(why));
    }

    private static Optional<String> strict(Charset charset, byte[] bytes, int offset) {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            return Optional.of(decoder.decode(ByteBuffer.wrap(bytes, offset, bytes.length - offset)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    /** The offset of the first byte the charset cannot decode. */
    private static int firstMalformed(Charset charset, byte[] bytes) {
        CharsetDecoder decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(4096);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                return in.position();
            }
            if (result.isUnderflow()) {
                return Math.max(0, bytes.length - 1);
            }
            out.clear();
        }
    }

    /** UTF-16 without a mark: ASCII-heavy text has a NUL in every other byte, at even offsets for big-endian. */
    private static Optional<Charset> utf16WithoutMark(byte[] bytes) {
        if (bytes.length < 2 || bytes.length % 2 != 0) {
            return Optional.empty();
        }
        int evenZeros = 0;
        int oddZeros = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                if (i % 2 == 0) {
                    evenZeros++;
                } else {
                    oddZeros++;
                }
            }
        }
        int pairs = bytes.length / 2;
        if (oddZeros * 10 >= pairs * 7 && evenZeros * 20 <= pairs) {
            return Optional.of(StandardCharsets.UTF_16LE);
        }
        if (evenZeros * 10 >= pairs * 7 && oddZeros * 20 <= pairs) {
            return Optional.of(StandardCharsets.UTF_16BE);
        }
        return Optional.empty();
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] bytes, byte value) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == value) {
                return i;
            }
        }
        return -1;
    }

    private static int lineOf(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return line;
    }
}

package org.katajudge.intake;

import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sources decoded as their authors' editors wrote them. */
class SourceDecoderTest {

    private static final String TEXT = "// Lösung für den Springer – “Knight”\npublic class KnightMoves {}\n";

    @Test
    void utf8IsTakenAsItIs() {
        SourceDecoder.Decoded decoded = SourceDecoder.decode("K.java", TEXT.getBytes(StandardCharsets.UTF_8));
        assertEquals(TEXT, decoded.text());
        assertEquals(List.of(), decoded.notes());
    }

    @Test
    void aByteOrderMarkIsRemovedWithANote() {
        byte[] body = TEXT.getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[body.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(body, 0, bytes, 3, body.length);
        SourceDecoder.Decoded decoded = SourceDecoder.decode("K.java", bytes);
        assertEquals(TEXT, decoded.text());
        assertEquals(List.of("removed the UTF-8 byte order mark (BOM) at the start of K.java: the Java compiler does not accept it"),
                decoded.notes());
    }

    @Test
    void windows1252IsDetected() {
        SourceDecoder.Decoded decoded = SourceDecoder.decode("K.java", TEXT.getBytes(Charset.forName("windows-1252")));
        assertEquals(TEXT, decoded.text());
        assertEquals(List.of("decoded K.java as windows-1252: it is not UTF-8 (line 1)"), decoded.notes());
    }

    @Test
    void utf16WithAndWithoutAMarkIsDetected() {
        assertEquals(TEXT, SourceDecoder.decode("K.java", TEXT.getBytes(StandardCharsets.UTF_16)).text(), "UTF-16 writes a BOM");
        SourceDecoder.Decoded little = SourceDecoder.decode("K.java", TEXT.getBytes(StandardCharsets.UTF_16LE));
        assertEquals(TEXT, little.text());
        assertEquals(List.of("decoded K.java as UTF-16LE (it has no byte order mark)"), little.notes());
    }

    @Test
    void undecidableBytesAreNamedByLine() {
        byte[] bytes = "class A {}\n// caf\u00e9\n// \u0081\n".getBytes(StandardCharsets.ISO_8859_1);
        SourceDecoder.Decoded decoded = SourceDecoder.decode("A.java", bytes);
        assertTrue(decoded.text().startsWith("class A {}"));
        assertEquals(List.of("A.java is neither UTF-8 nor windows-1252 (line 3: byte 0x81); decoded as ISO-8859-1,"
                + " so its non-ASCII characters may be wrong: save it as UTF-8"), decoded.notes());
    }

    @Test
    void binaryIsNotASource() {
        byte[] bytes = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 61, '\n', 1, 2, 3};
        assertEquals("K.java is not a text file (line 1 holds a NUL byte): hand in the .java source",
                SourceDecoder.decode("K.java", bytes).problem().orElseThrow());
    }
}

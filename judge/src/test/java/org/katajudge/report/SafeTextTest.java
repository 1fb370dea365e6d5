package org.katajudge.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SafeTextTest {

    @Test
    void escapeSequencesBecomeVisible() {
        String redraw = "\u001b[1A\u001b[2KAC   10/10 tests\r";
        assertEquals("\\x1b[1A\\x1b[2KAC   10/10 tests\\r", SafeText.printable(redraw));
        assertEquals("a\\x9bb", SafeText.printable("a\u009bb"), "C1 control sequence introducer");
        assertEquals("\\u202eevil", SafeText.printable("\u202eevil"), "right-to-left override");
        assertEquals("bell\\x07 del\\x7f nul\\x00", SafeText.printable("bell\u0007 del\u007f nul\u0000"));
    }

    @Test
    void lineFeedsAndTabsStayUnlessOneLine() {
        assertEquals("a\n\tb", SafeText.printable("a\n\tb"));
        assertEquals("a\\n\tb\\r", SafeText.oneLine("a\n\tb\r"));
    }

    @Test
    void ordinaryTextIsReturnedAsItIs() {
        String text = "將 at (0,4) — ünïcödé ok";
        assertSame(text, SafeText.printable(text));
        assertNull(SafeText.printable(null));
    }

    @Test
    void clipBoundsLengthAndSaysHowMuchWasCut() {
        assertEquals("abc", SafeText.clip("abc", 3));
        assertEquals("ab... (3 more characters)", SafeText.clip("abcde", 2));
        String emoji = "a\uD83D\uDE00b";
        assertTrue(SafeText.clip(emoji, 2).startsWith("a..."), "never half a surrogate pair");
    }
}

package org.katajudge.report;

/**
 * Text that came from a submission (what it printed, its exception messages, its file names),
 * made safe to show: bounded in length, and without control characters, so no escape sequence
 * can redraw a teacher's terminal and no stray byte can break a CSV, XML or HTML file.
 *
 * <p>Every writer that puts submission text somewhere a person or a parser reads it goes
 * through here.
 */
public final class SafeText {

    private SafeText() {
    }

    /**
     * The text with every control character (C0, DEL, C1, and the bidirectional overrides that
     * reorder what a reader sees) shown as a visible escape such as {@code \x1b} or
     * {@code \u202e}; line feeds and tabs are kept. Null stays null.
     */
    public static String printable(String text) {
        return escape(text, true);
    }

    /** As {@link #printable(String)}, but line feeds too become {@code \n}: one line, e.g. for a CSV cell. */
    public static String oneLine(String text) {
        return escape(text, false);
    }

    /**
     * At most {@code maxChars} characters of the text, ending with a note of how much was cut;
     * never splits a surrogate pair. Null stays null.
     */
    public static String clip(String text, int maxChars) {
        if (text == null || text.length() <= maxChars) {
            return text;
        }
        int end = Math.max(0, maxChars);
        if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end) + "... (" + (text.length() - end) + " more characters)";
    }

    private static String escape(String text, boolean keepLineFeeds) {
        if (text == null) {
            return null;
        }
        StringBuilder safe = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean allowed = c == '\t' || (c == '\n' && keepLineFeeds) || !unsafe(c);
            if (allowed && safe == null) {
                continue;
            }
            if (safe == null) {
                safe = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (allowed) {
                safe.append(c);
            } else if (c == '\n') {
                safe.append("\\n");
            } else if (c == '\r') {
                safe.append("\\r");
            } else if (c < 0x100) {
                safe.append(String.format("\\x%02x", (int) c));
            } else {
                safe.append(String.format("\\u%04x", (int) c));
            }
        }
        return safe == null ? text : safe.toString();
    }

    private static boolean unsafe(char c) {
        return c < 0x20 || (c >= 0x7f && c < 0xa0)
                || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) // bidi embeddings, overrides, isolates
                || c == 0x200e || c == 0x200f || c == 0x061c                   // direction marks
                || c == 0xfeff || (c >= 0xfff9 && c <= 0xfffb);                 // BOM, interlinear annotation
    }
}

package org.katajudge.report.feedback;

import org.katajudge.report.SafeText;

/** Markdown that stays readable as plain text, with submission text unable to change its structure. */
final class Markdown {

    /** ASCII punctuation that can start or change Markdown (or HTML) structure inline. */
    private static final String SPECIAL = "\\`*_{}[]<>#|~!&";

    private Markdown() {
    }

    /**
     * Text on one line with every Markdown-special character backslash-escaped (CommonMark lets
     * any ASCII punctuation be escaped), so a name like {@code <script>} or {@code *bold*} shows
     * as written. Control characters are made visible first.
     */
    static String text(String raw) {
        String line = SafeText.oneLine(raw == null ? "" : raw);
        StringBuilder out = new StringBuilder(line.length() + 8);
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (SPECIAL.indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        // a line that would start a list, a quote or a heading
        if (out.length() > 0 && "-+=".indexOf(out.charAt(0)) >= 0) {
            out.insert(0, '\\');
        }
        return out.toString();
    }

    /** A table cell: escaped text, no line breaks. */
    static String cell(String raw) {
        return text(raw);
    }

    /**
     * A fenced code block holding {@code content} as it is (made printable): the fence is longer
     * than any run of backticks inside, so nothing can close it early.
     */
    static String block(String language, String content) {
        String body = SafeText.printable(content == null ? "" : content);
        int longest = 0;
        int run = 0;
        for (int i = 0; i < body.length(); i++) {
            run = body.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(Math.max(3, longest + 1));
        return fence + language + "\n" + body + (body.endsWith("\n") ? "" : "\n") + fence + "\n";
    }
}

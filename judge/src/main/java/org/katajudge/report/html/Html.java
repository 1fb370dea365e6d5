package org.katajudge.report.html;

import org.katajudge.report.SafeText;

/** Escaping for the class report: every piece of text goes through here before it reaches the page. */
final class Html {

    private Html() {
    }

    /**
     * Text for element content or a quoted attribute value: control characters made visible
     * ({@link SafeText#printable}), then {@code & < > " '} escaped. Null becomes empty.
     */
    static String text(String raw) {
        String safe = SafeText.printable(raw == null ? "" : raw);
        StringBuilder out = new StringBuilder(safe.length() + 16);
        for (int i = 0; i < safe.length(); i++) {
            char c = safe.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** As {@link #text}, bounded to {@code max} characters first. */
    static String text(String raw, int max) {
        return text(SafeText.clip(raw, max));
    }
}

package org.katajudge.cli;

import org.katajudge.report.SafeText;

/**
 * A text cell of a CSV file that no spreadsheet runs as a formula, whatever it splits the line
 * on: a comma, the semicolon of Excel in most European locales, or a tab (OWASP's guidance on CSV
 * injection). The text is put on one line ({@link SafeText#oneLine}: line breaks and control
 * characters shown as {@code \n}, {@code \x1b}), and an apostrophe goes before the cell, and
 * before each part of it after a comma, semicolon or tab, that starts (past spaces and double
 * quotes) with {@code = + - @}, a tab or a carriage return. The writer quotes every text cell;
 * numbers are not text cells and are written as they are.
 */
final class SpreadsheetCell {

    private static final String FORMULA_STARTS = "=+-@\t\r";
    private static final String SEPARATORS = ",;\t";

    private SpreadsheetCell() {
    }

    static String text(String value) {
        String line = value == null ? "" : SafeText.oneLine(value);
        StringBuilder safe = new StringBuilder(line.length() + 8);
        boolean partStarts = true;
        for (int i = 0; i < line.length(); ) {
            if (partStarts) {
                partStarts = false;
                int start = i;
                while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '"')) {
                    i++;
                }
                safe.append(line, start, i);
                if (i < line.length() && FORMULA_STARTS.indexOf(line.charAt(i)) >= 0) {
                    safe.append('\'');
                }
                continue;
            }
            char c = line.charAt(i++);
            safe.append(c);
            partStarts = SEPARATORS.indexOf(c) >= 0;
        }
        return safe.toString();
    }
}

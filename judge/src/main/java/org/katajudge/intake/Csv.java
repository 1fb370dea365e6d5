package org.katajudge.intake;

import java.util.ArrayList;
import java.util.List;

/**
 * A small RFC 4180 reader for rosters: quoted fields with doubled quotes and line breaks inside,
 * CRLF or LF, and the delimiter spreadsheet programs use (comma, semicolon in many European
 * locales, tab), told from the header line.
 */
final class Csv {

    /**
     * One record.
     *
     * @param line   the line it starts on, 1-based
     * @param fields its fields
     */
    record Row(int line, List<String> fields) {
    }

    private Csv() {
    }

    /** @throws IllegalArgumentException for a quoted field that never ends, naming its line */
    static List<Row> parse(String text) {
        char delimiter = delimiter(text);
        List<Row> rows = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int line = 1;
        int rowLine = 1;
        boolean quoted = false;
        boolean any = false;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < n && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i += 2;
                    continue;
                }
                if (c == '"') {
                    quoted = false;
                } else {
                    if (c == '\n') {
                        line++;
                    }
                    field.append(c);
                }
                i++;
                continue;
            }
            if (c == '"' && field.toString().isBlank()) {
                quoted = true;
                field.setLength(0);
                any = true;
            } else if (c == delimiter) {
                fields.add(field.toString().strip());
                field.setLength(0);
                any = true;
            } else if (c == '\r' || c == '\n') {
                if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
                    i++;
                }
                if (any || !field.isEmpty()) {
                    fields.add(field.toString().strip());
                    rows.add(new Row(rowLine, List.copyOf(fields)));
                }
                fields.clear();
                field.setLength(0);
                any = false;
                line++;
                rowLine = line;
            } else {
                field.append(c);
            }
            i++;
        }
        if (quoted) {
            throw new IllegalArgumentException("line " + rowLine + ": a quoted field never ends");
        }
        if (any || !field.isEmpty()) {
            fields.add(field.toString().strip());
            rows.add(new Row(rowLine, List.copyOf(fields)));
        }
        return rows;
    }

    private static char delimiter(String text) {
        int end = text.indexOf('\n');
        String header = end < 0 ? text : text.substring(0, end);
        char best = ',';
        long most = header.chars().filter(c -> c == ',').count();
        for (char candidate : new char[] {';', '\t'}) {
            long count = header.chars().filter(c -> c == candidate).count();
            if (count > most) {
                best = candidate;
                most = count;
            }
        }
        return best;
    }
}

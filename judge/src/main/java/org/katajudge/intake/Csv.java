package org.katajudge.intake;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Rows of a CSV file as spreadsheets and LMSs save them, read with Commons CSV: RFC 4180 quoting
 * (doubled quotes, line breaks inside quotes), CRLF, LF or CR, blank lines skipped, each field
 * stripped, and the delimiter spreadsheet programs use (comma, semicolon in many European
 * locales, tab) told from the header line. Each row knows the line it starts on, for messages.
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
        CSVFormat format = CSVFormat.RFC4180.builder().setDelimiter(delimiter(text)).setIgnoreSurroundingSpaces(true)
                .setIgnoreEmptyLines(true).setTrailingData(true).get();
        List<String> lines = List.of(text.split("\r\n|\r|\n", -1));
        List<Row> rows = new ArrayList<>();
        try (CSVParser parser = CSVParser.builder().setReader(new StringReader(text)).setFormat(format).get()) {
            Iterator<CSVRecord> records = parser.iterator();
            while (true) {
                // the next record starts after the line ends read so far, past empty lines
                int line = firstNonEmpty(lines, parser.getCurrentLineNumber() + 1);
                try {
                    if (!records.hasNext()) {
                        break;
                    }
                } catch (UncheckedIOException e) {
                    throw new IllegalArgumentException("line " + line + ": " + problem(e.getCause()));
                }
                rows.add(new Row(line, records.next().stream().map(String::strip).toList()));
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(problem(e)); // a StringReader does not fail; the parser's own error
        }
        return rows;
    }

    private static String problem(IOException e) {
        String message = String.valueOf(e.getMessage());
        return message.contains("EOF reached before encapsulated token finished") ? "a quoted field never ends"
                : HandinPaths.show(message);
    }

    private static int firstNonEmpty(List<String> lines, long from) {
        int line = (int) from;
        while (line < lines.size() && lines.get(line - 1).isEmpty()) {
            line++;
        }
        return line;
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

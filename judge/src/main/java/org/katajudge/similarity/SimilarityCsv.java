package org.katajudge.similarity;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.QuoteMode;
import org.katajudge.report.SafeText;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The report as a spreadsheet: one row per pair compared, the columns {@value #HEADER}. Written
 * with Commons CSV (RFC 4180, CRLF, every cell quoted), each cell on one line, and every cell, or
 * part of one after a {@code ;} or a tab, that starts with {@code = + - @}, a tab or a carriage
 * return gets an apostrophe in front, so a spreadsheet shows it instead of running it as a formula.
 */
public final class SimilarityCsv implements SimilarityWriter {

    static final String HEADER = "kata,a,student_a,b,student_b,b_known,similarity,flagged,cluster,lines_a,lines_b";

    @Override
    public void write(SimilarityReport report, Path target) throws IOException {
        Path parent = target.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        CSVFormat format = CSVFormat.RFC4180.builder()
                .setHeader(HEADER.split(","))
                .setQuoteMode(QuoteMode.ALL)
                .get();
        try (Writer out = Files.newBufferedWriter(target, StandardCharsets.UTF_8);
             CSVPrinter csv = new CSVPrinter(out, format)) {
            for (SimilarityReport.Pair pair : report.pairs()) {
                csv.printRecord(safe(pair.kata()), safe(pair.a().path()), safe(pair.a().student()), safe(pair.b().path()),
                        safe(pair.b().student()), pair.b().known(),
                        String.format(Locale.ROOT, "%.4f", pair.similarity()), pair.flagged(),
                        pair.flagged() ? String.valueOf(pair.cluster()) : "",
                        safe(lines(pair.matches().stream().flatMap(m -> m.inA().stream()).toList(), pair.flagged())),
                        safe(lines(pair.matches().stream().flatMap(m -> m.inB().stream()).toList(), pair.flagged())));
            }
        }
    }

    /** {@code KnightMoves.java:3-17; KnightMoves.java:20-25}, for flagged pairs. */
    private static String lines(List<LineRange> ranges, boolean flagged) {
        if (!flagged) {
            return "";
        }
        return ranges.stream().map(r -> r.file() + ":" + r.first() + (r.last() > r.first() ? "-" + r.last() : ""))
                .distinct().collect(Collectors.joining("; "));
    }

    /**
     * One line, control characters shown, and an apostrophe before a cell or a {@code ;}/tab
     * separated part of it that a spreadsheet would read as a formula.
     */
    static String safe(String raw) {
        String text = SafeText.oneLine(raw == null ? "" : raw);
        StringBuilder out = new StringBuilder(text.length() + 4);
        boolean partStart = true;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (partStart && "=+-@\t\r".indexOf(c) >= 0) {
                out.append('\'');
            }
            out.append(c);
            partStart = c == ';' || c == '\t';
        }
        return out.toString();
    }
}

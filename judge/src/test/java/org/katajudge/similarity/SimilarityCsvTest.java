package org.katajudge.similarity;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CSV: every text cell quoted, nothing a spreadsheet would run, one row per pair. */
class SimilarityCsvTest {

    @TempDir
    Path dir;

    @Test
    void aCellOrAPartOfOneThatLooksLikeAFormulaGetsAnApostrophe() {
        assertEquals("'=HYPERLINK(\"x\")", SimilarityCsv.safe("=HYPERLINK(\"x\")"));
        assertEquals("'+1", SimilarityCsv.safe("+1"));
        assertEquals("'-2", SimilarityCsv.safe("-2"));
        assertEquals("'@SUM(A1)", SimilarityCsv.safe("@SUM(A1)"));
        assertEquals("a;'=1;b", SimilarityCsv.safe("a;=1;b"));
        assertEquals("a\t'@x", SimilarityCsv.safe("a\t@x"));
        assertEquals(-1, SimilarityCsv.safe("x\r=1").indexOf('\r'), "a carriage return is shown as text, never kept");
        assertEquals("'\t'=1", SimilarityCsv.safe("\t=1"));
        assertEquals("alice", SimilarityCsv.safe("alice"));
        assertEquals("line\\nbreak", SimilarityCsv.safe("line\nbreak"));
    }

    @Test
    void everyPairIsARowAndEveryCellIsQuoted() throws IOException {
        Source a = new Source("knight-moves", "knight-moves/=cmd|' /C calc'!A0", "=cmd|' /C calc'!A0", false,
                List.of(new CodeFile("KnightMoves.java", "x")));
        Source b = new Source("knight-moves", "knight-moves/bob", "Bob, \"the\" Builder", false,
                List.of(new CodeFile("KnightMoves.java", "y")));
        Source c = new Source("knight-moves", "known/blog", "blog", true, List.of(new CodeFile("K.java", "z")));
        SimilarityReport report = SimilarityReport.of(new Detection("test", List.of(
                new Comparison(a, b, 0.75, List.of(new MatchedCode(10, List.of(new LineRange("KnightMoves.java", 3, 9)),
                        List.of(new LineRange("KnightMoves.java", 4, 10))))),
                new Comparison(a, c, 0.1, List.of())), List.of()), 0.5);
        Path file = dir.resolve("pairs.csv");
        new SimilarityCsv().write(report, file);
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("\"kata\",\"a\",\"student_a\""), text);
        assertTrue(text.contains("\r\n"), "RFC 4180 line ends");
        List<CSVRecord> rows = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(Files.newBufferedReader(file)).getRecords();
        assertEquals(2, rows.size());
        CSVRecord first = rows.get(0);
        assertEquals("'=cmd|' /C calc'!A0", first.get("student_a"));
        assertEquals("Bob, \"the\" Builder", first.get("student_b"));
        assertEquals("0.7500", first.get("similarity"));
        assertEquals("true", first.get("flagged"));
        assertEquals("1", first.get("cluster"));
        assertEquals("KnightMoves.java:3-9", first.get("lines_a"));
        assertEquals("true", rows.get(1).get("b_known"));
        assertEquals("", rows.get(1).get("cluster"));
        for (String line : text.split("\r\n")) {
            assertTrue(line.startsWith("\"") && line.endsWith("\""), "every cell quoted: " + line);
        }
    }
}

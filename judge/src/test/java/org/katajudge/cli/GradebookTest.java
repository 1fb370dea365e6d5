package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gradebook ({@code --csv}): its columns, one line per row whatever the names hold, no formula
 * a spreadsheet would run whatever separator it splits on, and the BOM.
 */
class GradebookTest {

    private static final String ZOE = "Zoë Ørsted";
    /** A folder name that is a formula once a spreadsheet splits the line on ";" (Excel in most European locales). */
    private static final String HYPERLINK = "bob;=HYPERLINK(\"evil.example\",\"grades\")";
    private static final String TAB_LED = "\t=1+1";

    @TempDir
    Path dir;

    private Path classFolder(String... students) throws IOException {
        Path kata = dir.resolve("class/chess-square-color");
        for (String student : students) {
            TestHome.copyTree(TestHome.submissions().resolve("chess-square-color/accepted/parity-formula"), kata.resolve(student));
        }
        TestHome.copyTree(TestHome.submissions().resolve("chess-square-color/wrong_answer/rank-parity-only"),
                kata.resolve("wrong"));
        return kata;
    }

    @Test
    void aRowPerStudentWithScoreOneLineEachAndTheByteOrderMarkExcelNeeds() throws IOException {
        Path kata = classFolder(ZOE, "line\nbreak", "=SUM(1,2)", "comma, \"quoted\"", HYPERLINK, TAB_LED);
        Path csv = dir.resolve("grades.csv");
        Path json = dir.resolve("report.json");
        CliRun run = CliRun.of("grade", "--csv", csv.toString(), "--csv-bom", "--json", json.toString(), kata.toString());
        assertEquals(1, run.status(), run::toString);

        byte[] bytes = Files.readAllBytes(csv);
        assertArrayEquals(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, Arrays.copyOf(bytes, 3), "a UTF-8 BOM");
        String text = new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8);
        assertTrue(text.endsWith("\r\n"));
        List<String> rows = List.of(text.split("\r\n"));
        assertEquals(8, rows.size(), "a header and one row per submission:\n" + text);
        assertFalse(text.replace("\r\n", "").contains("\n"), "no line break inside a cell:\n" + text);
        assertFalse(text.replace("\r\n", "").contains("\r"));
        assertEquals(Gradebook.HEADER, rows.get(0));
        assertEquals("student,submission,kata,verdict,score,max_score,passed,tests,random_cases,seconds,message", rows.get(0));

        String zoe = rows.stream().filter(r -> r.startsWith("\"" + ZOE + "\",")).findFirst().orElseThrow(() -> new AssertionError(text));
        assertTrue(zoe.matches("\"" + ZOE + "\",\"[^\"]*/" + ZOE + "\",\"chess-square-color\",\"ACCEPTED\",9,9,10,10,64,[0-9.]+,"
                + "\"all 8 examples.*"), "text quoted, numbers bare: " + zoe);
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("\"line\\nbreak\",")), "the line feed shown as \\n:\n" + text);
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("\"'=SUM(1,2)\",")),
                "a formula is not run by the spreadsheet:\n" + text);
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("\"comma, \"\"quoted\"\"\",")), text);
        String wrong = rows.stream().filter(r -> r.startsWith("\"wrong\",")).findFirst().orElseThrow();
        assertTrue(wrong.contains(",\"WRONG_ANSWER\","), wrong);
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("\"bob;'=HYPERLINK(")), text);
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("\"'\t'=1+1\",")), text);
        SpreadsheetSafetyTest.assertNoPartStartsAFormula(text);

        JsonNode results = Reports.read(json).get("results");
        assertTrue(results.toString().contains("\"student\":\"" + ZOE + "\""), "the JSON report has the same student");
        assertTrue(results.findValuesAsText("student").contains(HYPERLINK), "and the name as it is: JSON is no spreadsheet");
    }

    @Test
    void withoutTheOptionThereIsNoByteOrderMark() throws IOException {
        Path kata = classFolder(ZOE);
        Path csv = dir.resolve("grades.csv");
        CliRun run = CliRun.of("grade", "--csv", csv.toString(), kata.toString());
        assertEquals(1, run.status(), run::toString);
        String text = Files.readString(csv, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("student,"), text);
        assertTrue(text.contains("\r\n\"" + ZOE + "\","), text);
    }
}

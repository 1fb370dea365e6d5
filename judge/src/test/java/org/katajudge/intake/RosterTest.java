package org.katajudge.intake;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rosters as spreadsheets and LMSs export them, matched against hand-ins. */
class RosterTest {

    private static Handin handin(String student, String... aliases) {
        return new Handin("knight-moves/" + student, Optional.empty(), student, List.of(aliases), "knight-moves",
                List.of(new JavaSource("KnightMoves.java", "KnightMoves.java", "public class KnightMoves {}")), List.of(),
                Optional.empty());
    }

    @Test
    void rostersInCommonShapesAreRead(@TempDir Path dir) throws IOException, IntakeException {
        Path canvas = dir.resolve("canvas.csv");
        Files.writeString(canvas, "Student,ID,SIS User ID,SIS Login ID,Section\n"
                + "    Points Possible,,,,\n"
                + "\"Jones, Paula\",201,s1,pjones,A\n"
                + "\"Nguyen, Alice\",101,s2,anguyen,A\n");
        Roster gradebook = Roster.load(canvas);
        assertEquals(2, gradebook.size());
        ClassDownload canvasDownload = gradebook.reconcile(new ClassDownload(List.of(handin("nguyenalice", "nguyenalice", "101"),
                handin("Paula Jones", "Paula Jones", "23456")), List.of()));
        assertEquals(List.of(), canvasDownload.warnings(), "Canvas's user id and Moodle's full name are on it");
        assertEquals(2, canvasDownload.handins().size());

        Path tabs = dir.resolve("tabs.tsv");
        Files.writeString(tabs, "Full Name\tE-mail\nPaula Jones\tpaula@example.edu\nAlice Nguyen\talice@example.edu\n");
        assertEquals(2, Roster.load(tabs).size());

        Path moodle = dir.resolve("moodle.csv");
        Files.write(moodle, ("\uFEFFFirst name;Surname;ID number;Email address\n"
                + "Zoë;Müller;1234;zoe@example.edu\n\n").getBytes(Charset.forName("UTF-8")));
        assertEquals(1, Roster.load(moodle).size());

        Path windows = dir.resolve("excel.csv");
        Files.write(windows, "name,login\r\nJosé Pérez,jperez\r\n".getBytes(Charset.forName("windows-1252")));
        Roster excel = Roster.load(windows);
        ClassDownload matched = excel.reconcile(new ClassDownload(List.of(handin("Jose Perez", "Jose Perez")), List.of()));
        assertEquals(1, matched.handins().size(), "accents aside, José Pérez handed in");
    }

    @Test
    void theMissingGetNoSubmissionAndTheUnlistedAWarning(@TempDir Path dir) throws IOException, IntakeException {
        Path file = dir.resolve("roster.csv");
        Files.writeString(file, "name,email,github\n"
                + "Paula Jones,paula@example.edu,\n"
                + "Alice Nguyen,alice@example.edu,\n"
                + "Octo Cat,,octocat\n"
                + "\"Never, Handedin\",nh@example.edu,\n");
        Roster roster = Roster.load(file);
        ClassDownload download = new ClassDownload(List.of(
                handin("Paula Jones", "Paula Jones", "23456"),
                handin("nguyenalice", "nguyenalice", "101"),
                handin("octocat", "octocat", "knight-moves-octocat"),
                handin("mallory", "mallory")), List.of());
        ClassDownload reconciled = roster.reconcile(download);
        assertEquals(5, reconciled.handins().size());
        Handin missing = reconciled.handins().get(4);
        assertEquals("Never, Handedin", missing.student());
        assertEquals(file.toString() + ":5", missing.location());
        assertEquals(Verdict.NO_SUBMISSION, missing.verdict().orElseThrow().verdict());
        assertEquals("nothing handed in: on the roster (" + file + " line 5) but no hand-in for knight-moves was found",
                missing.verdict().get().message());
        Handin mallory = reconciled.handins().get(3);
        assertEquals(List.of("not on the roster " + file), mallory.notes());
        assertEquals(List.of("mallory (knight-moves/mallory) is not on the roster " + file), reconciled.warnings());
    }

    @Test
    void quotedFieldsLineBreaksAndBlankLinesKeepTheirLineNumbers(@TempDir Path dir) throws IOException, IntakeException {
        Path file = dir.resolve("roster.csv");
        Files.writeString(file, "Name;Email\r\r"          // old Mac line ends, a blank line
                + "\"O\"\"Brien; Liam\";liam@example.edu\r"   // line 3: a doubled quote and the delimiter, quoted
                + "\"Multi\nLine\";ml@example.edu\r"         // line 4: a line break inside quotes
                + "\r"
                + "  \"Spaced\"  ; sp@example.edu \r");       // line 7: spaces around a quoted field
        ClassDownload download = Roster.load(file).reconcile(new ClassDownload(List.of(handin("someone", "someone")), List.of()));
        List<String> missing = download.handins().stream().skip(1).map(h -> h.location() + " " + h.student()).toList();
        assertEquals(List.of(file + ":3 O\"Brien; Liam", file + ":4 Multi\nLine", file + ":7 Spaced"), missing);
    }

    @Test
    void aBrokenRosterIsTheTeachersError(@TempDir Path dir) throws IOException {
        Path noColumns = dir.resolve("grades.csv");
        Files.writeString(noColumns, "a,b\n1,2\n");
        assertTrue(assertThrows(IntakeException.class, () -> Roster.load(noColumns)).getMessage()
                .startsWith("broken roster: " + noColumns + " has no column named id, login, name, email or student"));
        Path unclosed = dir.resolve("unclosed.csv");
        Files.writeString(unclosed, "name\n\"Paula Jones\n");
        assertEquals("broken roster: " + unclosed + " line 2: a quoted field never ends",
                assertThrows(IntakeException.class, () -> Roster.load(unclosed)).getMessage());
        Path onlyHeader = dir.resolve("header.csv");
        Files.writeString(onlyHeader, "name,email\n");
        assertEquals("broken roster: " + onlyHeader + " lists no students",
                assertThrows(IntakeException.class, () -> Roster.load(onlyHeader)).getMessage());
        Path spreadsheet = dir.resolve("roster.xlsx");
        Files.write(spreadsheet, new byte[] {'P', 'K', 3, 4, 0, 0, 1});
        assertTrue(assertThrows(IntakeException.class, () -> Roster.load(spreadsheet)).getMessage()
                .contains("is not a CSV text file"));
        assertEquals("no roster at " + dir.resolve("none.csv") + ": no such file",
                assertThrows(IntakeException.class, () -> Roster.load(dir.resolve("none.csv"))).getMessage());
        assertTrue(assertThrows(IntakeException.class, () -> Roster.load(dir)).getMessage().contains("is a directory"));
    }

    @Test
    void namesMatchWhateverTheirOrderCaseAndPunctuation() {
        assertTrue(Roster.keys(List.of("Jones, Paula")).stream().anyMatch(Roster.keys(List.of("Paula Jones"))::contains));
        assertTrue(Roster.keys(List.of("Alice Nguyen")).contains("nguyenalice"), "Canvas's login");
        assertTrue(Roster.keys(List.of("alice@example.edu")).contains("alice"));
        assertTrue(Roster.keys(List.of("Paula Jones")).stream().noneMatch(Roster.keys(List.of("Paul Jones"))::contains));
    }
}

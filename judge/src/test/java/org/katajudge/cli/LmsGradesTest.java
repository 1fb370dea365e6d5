package org.katajudge.cli;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.lms.PlatformImports;
import org.katajudge.lms.PlatformImports.Imported;
import org.katajudge.lms.PlatformImports.User;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Marks back into the LMS (issue 23): a Moodle-shaped and a Canvas-shaped class download graded
 * with a roster, and the files --moodle-grades and --canvas-grades wrote read back as each
 * platform's import reads them ({@link PlatformImports}): every roster student found, once, with
 * the points the gradebook gives on the kata's one scale, NO_SUBMISSION as 0.
 */
class LmsGradesTest {

    private static final Path MOODLE_CLASS = TestHome.root().resolve("examples/class-download");

    @TempDir
    Path dir;

    @Test
    void aMoodleDownloadsMarksGoBackIntoMoodleAndCanvasOutOf100() throws Exception {
        Path moodle = dir.resolve("moodle.csv");
        Path canvas = dir.resolve("canvas.csv");
        Path gradebook = dir.resolve("gradebook.csv");
        CliRun run = CliRun.of("grade", "--kata", "knight-moves", "--cases", "30", "--quiet",
                "--roster", MOODLE_CLASS.resolve("roster.csv").toString(),
                "--moodle-grades", moodle.toString(), "--canvas-grades", canvas.toString(), "--csv", gradebook.toString(),
                MOODLE_CLASS.resolve("knight-moves-moodle").toString());
        assertEquals(1, run.status(), run.toString());

        Map<String, BigDecimal> expected = marks(Files.readString(gradebook), 100); // by email
        assertEquals(5, expected.size(), "every roster student has a gradebook row with their email: " + expected);
        assertEquals(0, expected.get("paula.jones@example.edu").compareTo(new BigDecimal(100)));
        assertEquals(0, expected.get("octo.cat@example.edu").signum(), "no hand-in: 0");
        assertEquals(0, expected.get("chen.wei@example.edu").signum(), "only a README: 0");
        BigDecimal ravi = expected.get("ravi.patel@example.edu");
        assertTrue(ravi.signum() > 0 && ravi.compareTo(new BigDecimal(100)) < 0, "a wrong answer, part marks: " + ravi);

        List<User> course = List.of(
                new User("23456", "", "pjones", "paula.jones@example.edu", "", ""),
                new User("23457", "", "rpatel", "ravi.patel@example.edu", "", ""),
                new User("23458", "", "zorsted", "zoe.orsted@example.edu", "", ""),
                new User("23459", "", "cwei", "chen.wei@example.edu", "", ""),
                new User("23460", "", "ocat", "octo.cat@example.edu", "", ""));
        Imported intoMoodle = PlatformImports.moodle(Files.readString(moodle), course, "Email address", "email",
                Map.of("knight-moves", new BigDecimal(100)));
        assertEquals(5, intoMoodle.grades().size());
        intoMoodle.grades().forEach((user, grades) -> assertEquals(0,
                expected.get(user.email()).compareTo(grades.get("knight-moves")), user + ": " + grades));

        Imported intoCanvas = PlatformImports.canvas(Files.readString(canvas), course);
        assertEquals(0, new BigDecimal(100).compareTo(intoCanvas.pointsPossible().get("knight-moves")));
        assertEquals(5, intoCanvas.grades().size());
        intoCanvas.grades().forEach((user, grades) -> assertEquals(0,
                expected.get(user.email()).compareTo(grades.get("knight-moves")), user + ": " + grades));
    }

    @Test
    void aCanvasDownloadWithAScoringTotalGoesBackOnThatScale() throws Exception {
        Path download = dir.resolve("knight-moves");
        Files.createDirectories(download);
        Path moodleClass = MOODLE_CLASS.resolve("knight-moves-moodle");
        Files.copy(moodleClass.resolve("Zoë Ørsted_23458_assignsubmission_file_/KnightMoves.java"),
                download.resolve("jonespaula_1001_5001_KnightMoves.java"));
        Files.copy(moodleClass.resolve("Ravi Patel_23457_assignsubmission_file_/src/KnightMoves.java"),
                download.resolve("patelravi_LATE_1002_5002_KnightMoves.java"));
        Path roster = dir.resolve("canvas-export.csv"); // Canvas's gradebook export, as a roster
        Files.writeString(roster, """
                Student,ID,SIS User ID,SIS Login ID,Section,Week 3: knight moves (771)
                    Points Possible,,,,,20.00
                "Jones, Paula",1001,S1001,pjones,Section A,
                "Patel, Ravi",1002,S1002,rpatel,Section A,
                "Nowak, Nadia",1003,S1003,nnowak,Section B,
                """);
        Path scoring = dir.resolve("assignment.json");
        Files.writeString(scoring, "{\"kata\": \"knight-moves\", \"examples\": [{\"hidden\": true, \"total\": 4}], \"total\": 20}");
        // the teacher's copy of the katas, with a hidden example: worth points, never named in a marks file
        Path katas = dir.resolve("katas");
        TestHome.copyTree(TestHome.katas(), katas);
        Path examples = katas.resolve("knight-moves/examples.json");
        String line = "{\"name\":\"g2 to h2\"";
        assertTrue(Files.readString(examples).contains(line));
        Files.writeString(examples, Files.readString(examples).replace(line, "{\"hidden\":true,\"name\":\"g2 to h2\""));
        Path canvas = dir.resolve("canvas.csv");
        Path moodle = dir.resolve("moodle.csv");
        Path gradebook = dir.resolve("gradebook.csv");
        CliRun run = CliRun.of("grade", "--kata", "knight-moves", "--cases", "30", "--quiet", "--scoring", scoring.toString(),
                "--katas", katas.toString(), "--roster", roster.toString(), "--canvas-grades", canvas.toString(), "--moodle-grades", moodle.toString(),
                "--csv", gradebook.toString(), download.toString());
        assertEquals(1, run.status(), run.toString());

        Map<String, BigDecimal> expected = new LinkedHashMap<>(); // by id, on the scoring file's 20
        for (CSVRecord row : rows(Files.readString(gradebook))) {
            assertEquals("20", row.get("max_score"), "one scale for everyone, NO_SUBMISSION included: " + row);
            expected.put(row.get("id"), new BigDecimal(row.get("score")).setScale(2, RoundingMode.DOWN));
        }
        assertEquals(0, new BigDecimal(20).compareTo(expected.get("1001")));
        assertEquals(0, expected.get("1003").signum());
        assertTrue(expected.get("1002").compareTo(new BigDecimal(20)) < 0);

        List<User> course = List.of(new User("1001", "S1001", "pjones", "", "S1001", "pjones"),
                new User("1002", "S1002", "rpatel", "", "S1002", "rpatel"),
                new User("1003", "S1003", "nnowak", "", "S1003", "nnowak"));
        for (Path marks : List.of(canvas, moodle)) {
            assertFalse(Files.readString(marks).contains("g2 to h2"), "a marks file names no example: " + marks);
        }
        Imported intoCanvas = PlatformImports.canvas(Files.readString(canvas), course);
        assertEquals(0, new BigDecimal(20).compareTo(intoCanvas.pointsPossible().get("knight-moves")));
        assertEquals(3, intoCanvas.grades().size());
        intoCanvas.grades().forEach((user, grades) ->
                assertEquals(0, expected.get(user.id()).compareTo(grades.get("knight-moves")), user + ": " + grades));
        Imported intoMoodle = PlatformImports.moodle(Files.readString(moodle), course, "Username", "username",
                Map.of("knight-moves", new BigDecimal(20)));
        assertEquals(3, intoMoodle.grades().size());
        intoMoodle.grades().forEach((user, grades) ->
                assertEquals(0, expected.get(user.id()).compareTo(grades.get("knight-moves")), user + ": " + grades));
    }

    @Test
    void aMarksFileThatCannotBeRightIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path submissions = MOODLE_CLASS.resolve("knight-moves-moodle");
        Path namesOnly = dir.resolve("names.csv");
        Files.writeString(namesOnly, "Name\nPaula Jones\nRavi Patel\n");
        Path twins = dir.resolve("twins.csv");
        Files.writeString(twins, "Name,Email\nPaula Jones,pj1@example.edu\nPaula Jones,pj2@example.edu\n");
        List<List<String>> refused = List.of(
                List.of("--moodle-grades", "OUT/moodle.csv"),
                List.of("--roster", namesOnly.toString(), "--canvas-grades", "OUT/canvas.csv"),
                List.of("--roster", namesOnly.toString(), "--moodle-grades", "OUT/moodle.csv"),
                List.of("--roster", twins.toString(), "--moodle-grades", "OUT/moodle.csv"),
                List.of("--roster", MOODLE_CLASS.resolve("roster.csv").toString(), "--shard", "1/2",
                        "--moodle-grades", "OUT/moodle.csv"));
        int i = 0;
        for (List<String> options : refused) {
            Path out = Files.createDirectories(dir.resolve("out" + i++));
            List<String> args = new java.util.ArrayList<>(List.of("grade", "--kata", "knight-moves",
                    "--csv", out.resolve("gradebook.csv").toString(), "--json", out.resolve("report.json").toString(),
                    "--feedback", out.resolve("feedback").toString()));
            options.forEach(o -> args.add(o.replace("OUT", out.toString())));
            args.add(submissions.toString());
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(ExitCode.USAGE, run.status(), run.toString());
            assertTrue(run.err().startsWith("kata-judge: grade: --"), run.toString());
            assertEquals(1, run.err().strip().lines().count(), "one line: " + run.err());
            try (Stream<Path> written = Files.list(out)) {
                assertEquals(List.of(), written.toList(), "a refused command writes nothing: " + options);
            }
        }
    }

    /** The gradebook's marks by email, put on {@code scale} as a platform gets them. */
    private static Map<String, BigDecimal> marks(String gradebook, int scale) throws IOException {
        Map<String, BigDecimal> marks = new LinkedHashMap<>();
        for (CSVRecord row : rows(gradebook)) {
            assertFalse(row.get("email").isEmpty(), row.toString());
            BigDecimal max = new BigDecimal(row.get("max_score"));
            BigDecimal mark = max.signum() == 0 ? BigDecimal.ZERO
                    : new BigDecimal(row.get("score")).multiply(new BigDecimal(scale)).divide(max, 2, RoundingMode.DOWN);
            marks.put(row.get("email"), mark);
        }
        return marks;
    }

    private static List<CSVRecord> rows(String csv) throws IOException {
        return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(new StringReader(csv)).getRecords();
    }
}

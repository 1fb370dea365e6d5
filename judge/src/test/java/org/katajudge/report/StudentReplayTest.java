package org.katajudge.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.catalog.KataCaseViews;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replay a student runs at home: none of the grading machine's paths, or no command when it cannot work there. */
class StudentReplayTest {

    private static final CaseViews VIEWS = new KataCaseViews(TestHome.catalog());

    private static StudentReplay replay(String kata, String command, String submission, String yours) {
        SubmissionResult result = HandMade.result("ann", submission, kata, Verdict.WRONG_ANSWER, "wrong",
                List.of(TestOutcome.compile(TestOutcome.Status.PASSED, null)), null, CapturedOutput.NONE);
        Counterexample example = new Counterexample("minMoves", null, null, null, null, null, null, null, null, 0, command);
        return StudentReplay.of(result, example, VIEWS, yours);
    }

    @Test
    void theTeachersJarKatasScoringAndCopyOfTheHandInGiveWayToTheStudentsOwn() {
        String command = StudentReplay.of(HandMade.result("ann", "/home/teacher/class/Ann Lee_1_file_", "knight-moves",
                        Verdict.WRONG_ANSWER, "wrong", List.of(), null, CapturedOutput.NONE),
                new Counterexample("minMoves", null, null, null, null, null, null, null, null, 0,
                        "java -jar /home/teacher/kata-judge/judge/target/judge.jar fuzz --katas '/home/teacher/my katas'"
                                + " --kata knight-moves --scoring /home/teacher/points.json --replay 'minMoves@a1 to b3'"
                                + " --replay minMoves:0.0.1.1 '/home/teacher/class/Ann Lee_1_file_'"),
                VIEWS, "Knight Moves.java").command();
        assertEquals("java -jar judge.jar fuzz --kata knight-moves --replay 'minMoves@a1 to b3' --replay minMoves:0.0.1.1"
                + " 'Knight Moves.java'", command);
    }

    @Test
    void aCaseOnlyTheTeachersKatasHaveGetsASentenceInsteadOfACommand() {
        String jar = "java -jar /t/judge.jar ";
        StudentReplay ownKata = replay("rook-paths", jar + "fuzz --katas /t/k --kata rook-paths --replay 0.1 /t/c/ann", "/t/c/ann",
                "RookPaths.java");
        assertNull(ownKata.command());
        assertTrue(ownKata.unavailable().contains("rook-paths is your teacher's own"), ownKata.unavailable());

        StudentReplay added = replay("knight-moves", jar + "fuzz --katas /t/k --kata knight-moves --replay 'minMoves@h-file h3 h5'"
                + " /t/c/ann", "/t/c/ann", "KnightMoves.java");
        assertNull(added.command());
        assertTrue(added.text().startsWith("(none: you cannot replay this case yourself: it calls an example"), added.text());

        StudentReplay carried = replay("knight-moves", jar + "fuzz --katas /t/k --kata knight-moves --replay 'minMoves@a1 to b3'"
                + " /t/c/ann", "/t/c/ann", "KnightMoves.java");
        assertEquals("java -jar judge.jar fuzz --kata knight-moves --replay 'minMoves@a1 to b3' KnightMoves.java", carried.command());

        StudentReplay rerun = replay("knight-moves", jar + "grade --kata knight-moves --seed 5 /t/c/ann", "/t/c/ann", "KnightMoves.java");
        assertEquals("java -jar judge.jar grade --kata knight-moves --seed 5 KnightMoves.java", rerun.command(),
                "the same examples as judge.jar's");
    }

    @Test
    void aCommandOfAnotherShapeIsGivenOnlyWithoutTheGradersPaths() {
        assertEquals("mvn -q test -Dkata.replay=0.1", replay("knight-moves", "mvn -q test -Dkata.replay=0.1", "x", "y").command());
        assertNull(replay("knight-moves", "mvn -q test -Dkata.dir=/home/teacher/x", "x", "y").command());
        assertNull(replay("knight-moves", "java -jar /t/judge.jar fuzz --kata knight-moves /elsewhere", "/t/c/ann", "y").command(),
                "a command that does not end with the hand-in names the grader's files");
        assertNull(replay("knight-moves", "java -jar /t/judge.jar fuzz --kata knight-moves --known /t/x /t/c/ann", "/t/c/ann", "y")
                .command());
    }

    @Test
    void theStudentsSolutionIsTheOneFileTheyHandedInElseTheirFolder(@TempDir Path dir) throws IOException {
        Path one = Files.createDirectories(dir.resolve("one"));
        Files.writeString(one.resolve("KnightMoves.java"), "class KnightMoves {}");
        Files.writeString(one.resolve("notes.txt"), "");
        assertEquals("KnightMoves.java", StudentReplay.yourSolution(one.toString()));
        Files.writeString(one.resolve("Helper.java"), "class Helper {}");
        assertEquals(StudentReplay.YOUR_FOLDER, StudentReplay.yourSolution(one.toString()));
        assertEquals("Knight.java", StudentReplay.yourSolution(dir.resolve("Knight.java").toString()));
        assertEquals(StudentReplay.YOUR_FOLDER, StudentReplay.yourSolution(dir.resolve("gone").toString()));
    }

    @Test
    void katasTheJudgeCarriesAreReplayableAtHomeAndOthersNot() {
        assertTrue(VIEWS.unavailableToStudents("knight-moves", Set.of("a1 to b3"), false).isEmpty());
        assertTrue(VIEWS.unavailableToStudents("knight-moves", Set.of(), true).isEmpty());
        assertFalse(VIEWS.unavailableToStudents("knight-moves", Set.of("not one of its examples"), false).isEmpty());
        assertFalse(VIEWS.unavailableToStudents("no-such-kata", Set.of(), false).isEmpty());
    }

    @Test
    void anExampleTheTeacherChangedUnderItsOwnNameIsNotReplayableAtHome(@TempDir Path dir) throws Exception {
        Path katas = dir.resolve("katas");
        TestHome.copyTree(TestHome.katas(), katas);
        Path examples = katas.resolve("knight-moves/examples.json");
        String text = Files.readString(examples);
        String line = "{\"name\":\"a1 to b3\",\"method\":\"minMoves\",\"args\":[\"a1\",\"b3\"],\"expected\":1}";
        assertTrue(text.contains(line), text);
        Files.writeString(examples, text.replace(line, line.replace("\"b3\"],\"expected\":1", "\"c2\"],\"expected\":1")));
        CaseViews teachers = new KataCaseViews(org.katajudge.catalog.KataCatalog.load(katas));
        assertFalse(teachers.unavailableToStudents("knight-moves", Set.of("a1 to b3"), false).isEmpty(),
                "judge.jar's 'a1 to b3' is another call");
        assertTrue(teachers.unavailableToStudents("knight-moves", Set.of("g2 to a8"), false).isEmpty());
        assertFalse(teachers.unavailableToStudents("knight-moves", Set.of(), true).isEmpty(), "a whole run asks it too");
    }
}

package org.katajudge.report.feedback;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.catalog.KataCaseViews;
import org.katajudge.report.ClassResults;
import org.katajudge.report.HandMade;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One Markdown file per student: safely and uniquely named, escaped, hidden tests only pass/fail. */
class FeedbackFilesTest {

    private static ClassResults of(SubmissionResult... results) {
        return new ClassResults(List.of(results), new KataCaseViews(TestHome.catalog()), Duration.ofSeconds(3), 0,
                "test", false);
    }

    @Test
    void oneFilePerStudentEvenForTwoStudentsOfTheSameName(@TempDir Path dir) throws IOException {
        new FeedbackFiles().write(of(
                HandMade.xiangqiWrong("Paula Jones", "moodle/Paula Jones_23456_assignsubmission_file_"),
                HandMade.xiangqiWrong("Paula Jones", "moodle/Paula Jones_98765_assignsubmission_file_"),
                HandMade.accepted("José Núñez", "knight-moves"),
                HandMade.compileError("王伟", "knight-moves"),
                HandMade.accepted("../../etc/passwd", "knight-moves"),
                HandMade.accepted("CON", "knight-moves")), dir);
        Set<String> files;
        try (Stream<Path> listed = Files.list(dir)) {
            files = listed.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
        assertEquals(6, files.size(), files::toString);
        assertEquals(2, files.stream().filter(f -> f.matches("Paula-Jones-[0-9a-f]{8}\\.md")).count(), files::toString);
        assertTrue(files.contains("Jose-Nunez.md"), files::toString);
        assertTrue(files.contains("etc-passwd.md"), "no path escapes the folder: " + files);
        assertTrue(files.contains("student-CON.md"), "no name Windows reserves: " + files);
        assertTrue(files.stream().anyMatch(f -> f.matches("student-[0-9a-f]{8}\\.md")), "a name in another script: " + files);
        assertTrue(files.stream().allMatch(f -> f.matches("[A-Za-z0-9_-]+\\.md")), files::toString);
        // the same class gives the same names
        assertEquals(FeedbackFiles.files(of(HandMade.accepted("Paula Jones", "a"), HandMade.accepted("Paula Jones", "b")).results()).keySet(),
                FeedbackFiles.files(of(HandMade.accepted("Paula Jones", "a"), HandMade.accepted("Paula Jones", "b")).results()).keySet());
    }

    @Test
    void theFailingCaseAsTheStudentKnowsItWithWhyAndHowToReproduce() {
        SubmissionResult result = HandMade.xiangqiWrong("alice", "class/xiangqi-board-validator/alice");
        String md = FeedbackFiles.feedback(result, of(result));
        assertTrue(md.startsWith("# Feedback for alice\n"), md);
        assertTrue(md.contains("**Verdict:** WRONG_ANSWER (wrong answer)"), md);
        assertTrue(md.contains("**Score:** 1 of 3 points (2/4 tests passed)"), md);
        assertTrue(md.contains("| random: chessValidator | failed: chessValidator returned true, expected false"), md);
        assertTrue(md.contains("```text\ninput, chessValidator:\n      0 1 2 3 4 5 6 7 8\n    (drawn board)\n"), md);
        assertTrue(md.contains("why:      將 at (0,4) and 帥 at (9,4) face each other"), md);
        assertTrue(md.contains("```java\nSystem.out.println(XiangqiValidator.chessValidator(\""), md);
        assertTrue(md.contains("```sh\njava -jar judge.jar fuzz --kata xiangqi-board-validator --method chessValidator"
                + " --replay 9.1.0.0.0.0 path/to/your/solution\n```"), md);
    }

    @Test
    void lettersWithoutAnAccentToTakeOffAreWrittenAsAReaderWould() {
        assertEquals("Zoe-Orsted", FileNames.base("Zoë Ørsted"));
        assertEquals("Lukasz-Strasse-AEro", FileNames.base("Łukasz Straße Æro"));
    }

    @Test
    void aTestNotRunSaysSoOnce() {
        TestOutcome notRun = new TestOutcome("example: a1 to a2", org.katajudge.report.TestKind.EXAMPLE, null, TestOutcome.Status.NOT_RUN,
                "not run: no submission", 0, 0, false, 0, 1, false);
        assertEquals("no submission", org.katajudge.report.ResultText.message(notRun));
        TestOutcome failed = new TestOutcome("example: a1 to a2", org.katajudge.report.TestKind.EXAMPLE, null, TestOutcome.Status.FAILED,
                "not run: a message that only looks like it", 0, 0, false, 0, 1, false);
        assertEquals("not run: a message that only looks like it", org.katajudge.report.ResultText.message(failed));
    }

    @Test
    void notesAndCompilerMessagesAreThere() {
        SubmissionResult result = HandMade.compileError("bob", "knight-moves");
        String md = FeedbackFiles.feedback(result, of(result));
        assertTrue(md.contains("## Before grading") && md.contains("- removed the package line"), md);
        assertTrue(md.contains("```text\nMain.java:3:5: ';' expected\n```"), md);
    }

    @Test
    void hiddenTestsShowOnlyThatTheyFailed(@TempDir Path dir) throws IOException {
        new FeedbackFiles().write(of(HandMade.safeSpacesHiddenWrong("carol")), dir);
        String md = Files.readString(dir.resolve("carol.md"));
        assertFalse(md.contains("SECRET-DRAWING") || md.contains("[[3,0],[0,1]]") || md.contains("expected false"), md);
        assertTrue(md.contains("| hidden test 1 (hidden) | failed: hidden test 1 failed |"), md);
        assertFalse(md.contains("## The failing case"), md);
    }

    @Test
    void hostileNamesAndOutputCannotChangeTheMarkdown() {
        String name = "<script>alert(1)</script> *x* [a](http://e) `y` | z\n# h";
        SubmissionResult base = HandMade.accepted(name, "knight-moves");
        SubmissionResult hostile = new SubmissionResult(base.submission(), name, base.kata(), base.verdict(),
                "done\u001b[2J", base.score(), base.maxScore(), base.tests(), base.cases(), base.seed(), base.timings(),
                new org.katajudge.report.CapturedOutput("```\n</pre><script>x</script>\n````", false, 40), null,
                List.of(), List.of(), List.of(), null);
        String md = FeedbackFiles.feedback(hostile, of(hostile));
        assertTrue(md.startsWith("# Feedback for \\<script\\>alert(1)\\</script\\> \\*x\\* \\[a\\](http://e) \\`y\\` \\| z\\\\n\\# h\n"),
                md.lines().findFirst().orElse(""));
        assertFalse(md.contains("\u001b"), "control characters made visible");
        assertTrue(md.contains("`````text\n```\n</pre><script>x</script>\n````\n`````"),
                "the output in a fence longer than any backtick run inside: " + md);
    }
}

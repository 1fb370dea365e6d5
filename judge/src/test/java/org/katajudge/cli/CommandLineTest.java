package org.katajudge.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** The command line's contract: help, version, exit statuses, one-line errors without stack traces. */
class CommandLineTest {

    @Test
    void helpAndVersion() {
        CliRun help = CliRun.of("--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("grade") && help.out().contains("fuzz") && help.out().contains("verify"), help::toString);
        for (String command : List.of("grade", "fuzz", "verify", "katas")) {
            CliRun run = CliRun.of(command, "--help");
            assertEquals(0, run.status(), run::toString);
            assertTrue(run.out().startsWith("Usage: "), run::toString);
        }
        CliRun version = CliRun.of("--version");
        assertEquals(0, version.status());
        assertTrue(version.out().startsWith("kata-judge "), version::toString);
    }

    @Test
    void helpWinsOverTheMistakesAroundIt() {
        for (List<String> args : List.of(List.of("grade", "--cases", "many", "--help"), List.of("grade", "--help", "--seed"),
                List.of("fuzz", "--frobnicate", "--help"), List.of("grade", "--kata=knight-moves", "--help"))) {
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(0, run.status(), run::toString);
            assertTrue(run.out().startsWith("Usage: ") && run.err().isEmpty(), run::toString);
        }
        CliRun afterEnd = CliRun.of("grade", "--", "--help");
        assertEquals(2, afterEnd.status(), "after --, --help is a PATH\n" + afterEnd);
    }

    @Test
    void optionsTakeTheirValueAsTheNextWordOrAfterEquals() {
        String submission = TestHome.submissions().resolve("knight-moves/accepted/seed-bfs").toString();
        for (List<String> args : List.of(List.of("grade", "--cases", "3", "--seed=7", submission),
                List.of("grade", "--cases=3", "--seed", "7", submission))) {
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(0, run.status(), run::toString);
            assertTrue(run.out().startsWith("AC   knight-moves"), run::toString);
        }
    }

    @Test
    void noArgumentsPrintsHelpAndIsAUsageError() {
        CliRun run = CliRun.of();
        assertEquals(2, run.status());
        assertTrue(run.out().contains("Usage:"));
    }

    @Test
    void katasListsEverySignature() {
        CliRun run = CliRun.of("katas");
        assertEquals(0, run.status(), run::toString);
        for (String line : List.of("checkers-safe-spaces", "public static boolean isSafe(int[][] board)",
                "public static int[] addVec(int[] from, int[] vec)", "public static boolean chessValidator(String board)",
                "public static int whiteMoves(String board)", "public static boolean gameOver(String board)",
                "public static boolean isLight(String coordinate)", "public static int minMoves(String start, String end)")) {
            assertTrue(run.out().contains(line), () -> "missing " + line + "\n" + run);
        }
    }

    static Stream<org.junit.jupiter.params.provider.Arguments> usageErrors() {
        String samples = TestHome.submissions().toString();
        return Stream.of(
                arguments(List.of("frobnicate"), "unknown command \"frobnicate\""),
                arguments(List.of("grade", "--frobnicate"), "unknown option --frobnicate"),
                arguments(List.of("grade", "--cases", "many", samples), "--cases must be a number"),
                arguments(List.of("grade", "--cases", "-5", samples), "--cases must be between"),
                arguments(List.of("grade", "--seed"), "option --seed needs a value"),
                arguments(List.of("grade", "--kata", "go-moku", samples), "unknown kata \"go-moku\""),
                arguments(List.of("grade", "/no/such/path"), "no such file or directory: /no/such/path"),
                arguments(List.of("grade", "--isolation", "docker", samples), "--isolation must be auto, bwrap, unshare or none"),
                arguments(List.of("fuzz"), "give exactly one SUBMISSION"),
                arguments(List.of("fuzz", samples + "/knight-moves/accepted"), "holds 3 submissions; fuzz takes one"),
                arguments(List.of("fuzz", "--time", "soon", samples + "/knight-moves/accepted/seed-bfs"), "not a duration: \"soon\""),
                arguments(List.of("fuzz", "--cases", "5", "--time", "1s", samples + "/knight-moves/accepted/seed-bfs"), "give --cases or --time, not both"),
                arguments(List.of("fuzz", "--replay", "1.x", samples + "/knight-moves/accepted/seed-bfs"), "not a choice sequence"),
                arguments(List.of("fuzz", "--replay", "1", "--method", "nope", samples + "/knight-moves/accepted/seed-bfs"), "has no method nope"),
                arguments(List.of("verify", "go-moku"), "unknown kata \"go-moku\""),
                arguments(List.of("katas", "extra"), "takes no arguments"),
                arguments(List.of("grade", "--seed=1", "--seed", "2", samples), "grade: option --seed given twice"),
                arguments(List.of("grade", "--seed", "--quiet", samples), "grade: option --seed needs a value"),
                arguments(List.of("grade", "--quiet=yes", samples), "grade: option --quiet takes no value"),
                arguments(List.of("grade", "--frobnicate=3", samples), "grade: unknown option --frobnicate (see: grade --help)"),
                arguments(List.of("grade", "--shard", "3/2", samples), "grade: --shard: "),
                arguments(List.of("grade", "--similarity-threshold", "2", samples), "--similarity-threshold must be a number above 0"),
                arguments(List.of("grade", "--", "--quiet"), "no such file or directory: --quiet"),
                arguments(List.of("grade", "-"), "no such file or directory: -"),
                arguments(List.of("grade", "@no-such-list"), "no such file or directory: @no-such-list"),
                arguments(List.of("serve", "--port", "http"), "serve: --port must be a number, got \"http\""),
                arguments(List.of("fuzz", "--history", "0", samples + "/knight-moves/accepted/seed-bfs"), "--history must be between 1 and"),
                arguments(List.of("gradescope-bundle", "--kata", "knight-moves", "extra"), "unexpected argument \"extra\""),
                arguments(List.of("similarity", "--html", "x", samples), "--html: the class report shows similar hand-ins"));
    }

    @ParameterizedTest
    @MethodSource("usageErrors")
    void usageErrorsExitWithTwoAndOneLine(List<String> args, String message) {
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(2, run.status(), run::toString);
        assertTrue(run.err().contains(message), () -> "expected \"" + message + "\"\n" + run);
        assertEquals(1, run.err().strip().lines().count(), () -> "one line\n" + run);
        assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), () -> "no stack trace\n" + run);
    }

    @Test
    void nothingToGradeIsAUsageError(@TempDir Path empty) {
        CliRun run = CliRun.of("grade", empty.toString());
        assertEquals(2, run.status(), run::toString);
        assertTrue(run.err().contains("nothing to grade"), run::toString);
    }

    @Test
    void aSubmissionOutsideKataFoldersNeedsKata(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("KnightMoves.java");
        Files.copy(TestHome.submissions().resolve("knight-moves/accepted/seed-bfs/KnightMoves.java"), file);
        CliRun without = CliRun.of("grade", file.toString());
        assertEquals(2, without.status(), without::toString);
        assertTrue(without.err().contains("cannot tell which kata"), without::toString);
        CliRun with = CliRun.of("grade", "--kata", "knight-moves", file.toString());
        assertEquals(0, with.status(), with::toString);
        assertTrue(with.out().startsWith("AC   knight-moves"), with::toString);
    }

    @Test
    void gradeReadsTheKatasItGradesAndNoOther(@TempDir Path katas) throws IOException {
        TestHome.copyTree(TestHome.katas(), katas);
        Files.writeString(katas.resolve("knight-moves/examples.json"), "{ not json");
        String sample = TestHome.submissions().resolve("chess-square-color/accepted/char-code-sum").toString();
        CliRun other = CliRun.of("grade", "--katas", katas.toString(), sample);
        assertEquals(0, other.status(), other::toString);
        CliRun broken = CliRun.of("grade", "--katas", katas.toString(),
                TestHome.submissions().resolve("knight-moves/accepted/seed-bfs").toString());
        assertEquals(2, broken.status(), broken::toString);
        assertTrue(broken.err().startsWith("kata-judge: kata configuration error: " + katas.resolve("knight-moves")
                + "/examples.json"), broken::toString);
        assertEquals("", broken.out(), broken::toString);
        CliRun every = CliRun.of("katas", "--katas", katas.toString());
        assertEquals(2, every.status(), "a command that reads every kata still stops at it: " + every);
    }

    @Test
    void unreadableKataConfigurationIsAUsageError(@TempDir Path katas) throws IOException {
        Files.createDirectories(katas.resolve("knight-moves"));
        Files.writeString(katas.resolve("knight-moves/kata.json"), "{ not json");
        CliRun run = CliRun.of("katas", "--katas", katas.toString());
        assertEquals(2, run.status(), run::toString);
        assertTrue(run.err().startsWith("kata-judge: kata configuration error: "), run::toString);
    }
}

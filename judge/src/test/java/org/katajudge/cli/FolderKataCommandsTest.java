package org.katajudge.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.katajudge.FolderKatas;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Katas written only as folders in a temporary directory, nothing of them in {@code reference/},
 * through every command: {@code new-kata}, {@code katas}, {@code grade} (every report format),
 * {@code fuzz} (shrinking and replay), {@code verify}; and what a broken folder says.
 */
@Execution(ExecutionMode.CONCURRENT)
class FolderKataCommandsTest {

    private static final Pattern REPLAY = Pattern.compile("replay: +java -jar \\S+ (fuzz .*)");

    @TempDir
    Path dir;

    private Path katas() {
        return dir.resolve("katas");
    }

    @Test
    void newKataWritesAFolderThatVerifiesAsWritten() {
        CliRun created = CliRun.of("new-kata", "king-walk", "--dir", katas().toString());
        assertEquals(0, created.status(), created::toString);
        Path folder = katas().resolve("king-walk");
        for (String file : List.of("kata.json", "README.md", "examples.json", "src/KingWalk.java",
                "src/KingWalkGenerator.java", "src/KingWalkRenderer.java", "src/KingWalkKata.java",
                "submissions/accepted/walk-step-by-step/KingWalk.java",
                "submissions/wrong_answer/adds-the-differences/KingWalk.java")) {
            assertTrue(Files.isRegularFile(folder.resolve(file)), file);
            assertTrue(created.out().contains("  " + file + "\n"), () -> file + "\n" + created);
        }
        assertTrue(created.out().contains("verify --katas " + katas() + " king-walk"), created::toString);

        assertTrue(created.out().contains("a solution declares public class KingWalk; its rule is the template's"
                + " placeholder, squares apart"), created::toString);
        for (String other : List.of("rook-moves", "8-queens", "string")) { // whatever the id, the kata works as written
            CliRun made = CliRun.of("new-kata", other, "--dir", katas().toString());
            assertEquals(0, made.status(), made::toString);
        }

        CliRun verified = CliRun.of("verify", "--katas", katas().toString());
        assertEquals(0, verified.status(), verified::toString);
        assertTrue(verified.out().contains("verify: 4 katas, 12 submissions, every verdict as expected"), verified::toString);
        for (String other : List.of("rook-moves", "8-queens", "string")) {
            assertTrue(hasLine(verified.out(), "ok   WA   " + other, "adds-the-differences"), verified::toString);
        }
        assertTrue(hasLine(verified.out(), "ok   AC   king-walk", "(the reference's source)"), verified::toString);
        assertTrue(hasLine(verified.out(), "ok   AC   king-walk", folder.resolve("submissions/accepted/walk-step-by-step") + " "),
                verified::toString);
        assertTrue(hasLine(verified.out(), "ok   WA   king-walk", folder.resolve("submissions/wrong_answer/adds-the-differences") + " "),
                verified::toString);
    }

    @Test
    void newKataRefusesABadIdAnExistingFolderAndExtraArguments() {
        for (String id : List.of("King-Walk", "king_walk", "-king", "king--walk", "", "a".repeat(65))) {
            CliRun run = CliRun.of("new-kata", id, "--dir", katas().toString());
            assertEquals(2, run.status(), run::toString);
            assertTrue(run.err().startsWith("kata-judge: new-kata: \"" + id + "\" is not a kata id: lowercase letters,"
                    + " digits and hyphens"), run::toString);
        }
        assertFalse(Files.exists(katas()), "nothing written");
        assertEquals(0, CliRun.of("new-kata", "king-walk", "--dir", katas().toString()).status());
        CliRun again = CliRun.of("new-kata", "king-walk", "--dir", katas().toString());
        assertEquals(2, again.status());
        assertEquals("kata-judge: new-kata: " + katas().resolve("king-walk") + " already exists\n", again.err());
        assertEquals(2, CliRun.of("new-kata", "a", "b").status());
        assertEquals(2, CliRun.of("new-kata").status());
        CliRun help = CliRun.of("new-kata", "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().startsWith("Usage: java -jar judge/target/judge.jar new-kata ID [--dir DIR]"), help::toString);
        assertTrue(CliRun.of("--help").out().contains("new-kata ID"), "the judge's help lists it");
    }

    @Test
    void aFolderKataWorksInEveryCommandAndReportFormat() throws IOException {
        Path folder = FolderKatas.pawnCount(katas());
        String katasOption = katas().toString();

        CliRun listed = CliRun.of("katas", "--katas", katasOption);
        assertEquals(0, listed.status(), listed::toString);
        assertTrue(listed.out().contains("pawn-count                 Pawn count (8 kyu)"), listed::toString);
        assertTrue(listed.out().contains("    public static int pawns(int[][] board)\n"), listed::toString);
        assertTrue(listed.out().contains("    public static boolean empty(int[][] board)   // no random tests (examples only)"),
                listed::toString);
        assertTrue(listed.out().contains("code: " + folder.resolve("src")), listed::toString);

        Path json = dir.resolve("report.json");
        Path csv = dir.resolve("gradebook.csv");
        Path xml = dir.resolve("xml");
        CliRun graded = CliRun.of("grade", "--katas", katasOption, "--json", json.toString(), "--csv", csv.toString(),
                "--junit-xml", xml.toString(), folder.resolve("submissions").toString());
        assertEquals(1, graded.status(), graded::toString);
        Path accepted = folder.resolve("submissions/accepted/streams");
        Path wrong = folder.resolve("submissions/wrong_answer/counts-ones-only");
        assertTrue(graded.out().contains("AC   pawn-count                " + accepted + "  6/6 tests"), graded::toString);
        assertTrue(graded.out().contains("WA   pawn-count                " + wrong), graded::toString);
        assertTrue(graded.out().contains("no random tests (examples only)"), graded::toString);
        assertTrue(graded.out().contains("replay:   java -jar judge/target/judge.jar fuzz --katas " + katas()
                + " --kata pawn-count --method pawns --replay "), "a replay names the folder's katas directory\n" + graded);

        JsonNode report = Reports.read(json);
        JsonNode streams = result(report, "streams");
        assertEquals("ACCEPTED", streams.get("verdict").asText());
        assertTrue(streams.get("message").asText().endsWith("; no random tests for empty (examples only)"),
                streams::toString);
        JsonNode emptyRandom = test(streams, "random: empty");
        assertEquals("NOT_RUN", emptyRandom.get("status").asText());
        assertEquals("no random tests: empty has no generator, only the fixed examples test it",
                emptyRandom.get("message").asText());
        assertEquals(0, emptyRandom.get("maxPoints").asDouble());
        assertEquals("PASSED", test(streams, "random: pawns").get("status").asText());
        assertTrue(streams.get("cases").asInt() > 0);
        JsonNode ones = result(report, "counts-ones-only");
        assertEquals("WRONG_ANSWER", ones.get("verdict").asText());
        assertEquals("pawns", ones.get("counterexample").get("method").asText());

        String gradebook = Files.readString(csv, StandardCharsets.UTF_8);
        assertTrue(gradebook.contains("\"streams\",\"" + accepted + "\",\"pawn-count\",\"ACCEPTED\",5,5,6,6,"), gradebook);
        String junit;
        try (var files = Files.list(xml)) {
            junit = Files.readString(files.filter(f -> f.toString().endsWith(".xml")).findFirst().orElseThrow());
        }
        assertTrue(junit.contains("no random tests: empty has no generator"), junit);

        CliRun fuzzed = CliRun.of("fuzz", "--katas", katasOption, "--seed", "7", wrong.toString());
        assertEquals(1, fuzzed.status(), fuzzed::toString);
        assertTrue(fuzzed.out().contains("WRONG_ANSWER: wrong answer on a generated case"), fuzzed::toString);
        assertTrue(fuzzed.out().contains("  empty                  no random tests (examples only)"), fuzzed::toString);
        assertTrue(fuzzed.out().contains("rerun:    java -jar judge/target/judge.jar fuzz --katas " + katas()), fuzzed::toString);
        Matcher replay = REPLAY.matcher(fuzzed.out());
        assertTrue(replay.find(), fuzzed::toString);
        CliRun replayed = CliRun.of(replay.group(1).trim().split(" "));
        assertEquals(1, replayed.status(), replayed::toString);
        assertTrue(replayed.out().contains("WRONG_ANSWER: wrong answer on the replayed case"), replayed::toString);
        assertTrue(fuzzed.out().contains("(shrunk in "), "shrunk\n" + fuzzed);

        CliRun verified = CliRun.of("verify", "--katas", katasOption);
        assertEquals(0, verified.status(), verified::toString);
        assertTrue(verified.out().contains("verify: 1 kata, 3 submissions, every verdict as expected"), verified::toString);
    }

    @Test
    void aWrongSolutionIsCaughtAndShrunkToTheSimplestCase() {
        Path folder = FolderKatas.scaffold(katas(), "king-walk");
        CliRun fuzzed = CliRun.of("fuzz", "--katas", katas().toString(), "--seed", "11",
                folder.resolve("submissions/wrong_answer/adds-the-differences").toString());
        assertEquals(1, fuzzed.status(), fuzzed::toString);
        assertTrue(fuzzed.out().contains("      a1 to b2\n"), "the smallest diagonal case\n" + fuzzed);
        assertTrue(fuzzed.out().contains("  expected: 1\n  actual:   2\n"), fuzzed::toString);
        assertTrue(fuzzed.out().contains("rules exercised in both outcomes: "), "coverage is printed\n" + fuzzed);
    }

    @Test
    void anExamplesOnlyKataRunsItsExamplesAndEveryReportSaysThereAreNoRandomTests() {
        Path folder = FolderKatas.scaffold(katas(), "king-walk");
        FolderKatas.edit(folder.resolve("src/KingWalkKata.java"), ".generator(KingWalkGenerator::generate)", ".examplesOnly()");
        Path json = dir.resolve("report.json");
        Path accepted = folder.resolve("submissions/accepted/walk-step-by-step");
        CliRun graded = CliRun.of("grade", "--katas", katas().toString(), "--json", json.toString(), accepted.toString());
        assertEquals(0, graded.status(), graded::toString);
        assertTrue(graded.out().contains("AC   king-walk                 " + accepted
                + "  8/8 tests"), graded::toString);
        assertTrue(graded.out().contains("no random tests (examples only)"), graded::toString);
        JsonNode result = Reports.read(json).get("results").get(0);
        assertEquals("all 7 examples passed; no random tests: the kata has examples only", result.get("message").asText());
        assertEquals(0, result.get("cases").asInt());
        assertEquals(7.0, result.get("maxScore").asDouble(), "the random tests that do not exist are worth nothing");
        assertEquals("NOT_RUN", test(result, "random: squaresApart").get("status").asText());

        CliRun wrong = CliRun.of("grade", "--katas", katas().toString(),
                folder.resolve("submissions/wrong_answer/adds-the-differences").toString());
        assertEquals(1, wrong.status(), wrong::toString);
        assertTrue(wrong.out().contains("wrong answer on example \"one diagonal step\""), wrong::toString);

        CliRun fuzzed = CliRun.of("fuzz", "--katas", katas().toString(), accepted.toString());
        assertEquals(2, fuzzed.status(), fuzzed::toString);
        assertEquals("kata-judge: fuzz: king-walk has examples only (no method has a generator): there is nothing to"
                + " fuzz; grade runs its examples\n", fuzzed.err());

        CliRun verified = CliRun.of("verify", "--katas", katas().toString());
        assertEquals(0, verified.status(), verified::toString);

        CliRun listed = CliRun.of("katas", "--katas", katas().toString());
        assertTrue(listed.out().contains("squaresApart(String from, String to)   // no random tests (examples only)"), listed::toString);
    }

    @Test
    void gradingAKataFolderGradesItsSamplesNotItsCode() {
        Path folder = FolderKatas.scaffold(katas(), "king-walk");
        CliRun graded = CliRun.of("grade", "--katas", katas().toString(), folder.toString());
        assertEquals(1, graded.status(), graded::toString);
        assertTrue(graded.out().contains("2 submissions in"), graded::toString);
        assertFalse(graded.out().contains("src"), graded::toString);
    }

    /** Every way a folder can fail to be a kata, with the one line it must print. */
    enum Broken {
        MISSING_KATA_JSON("rm kata.json", "kata.json: missing: every folder of a katas directory is a kata (see katas/README.md)"),
        BROKEN_KATA_JSON("kata.json", "kata.json:3: Unexpected character"),
        MISSING_EXAMPLES("rm examples.json", "examples.json: missing"),
        BROKEN_EXAMPLES("examples.json", "examples.json:3: not valid JSON: "),
        EXAMPLE_OF_THE_WRONG_TYPE("example type", "examples.json: example same square: expected a int, got \"zero\""),
        COMPILE_ERROR("src/KingWalk.java", "src/KingWalk.java:37: does not compile: ';' expected"),
        NO_KATA_CLASS("rm src/KingWalkKata.java", "src: no class implements org.katajudge.kata.Kata"),
        TWO_KATA_CLASSES("src/OtherKata.java", "src: 2 classes implement org.katajudge.kata.Kata (KingWalkKata, OtherKata); keep one"),
        SIGNATURE_MISMATCH("signature", "kata.json: method 1 is \"public static int squaresApart(String start, String to)\","
                + " the kata's code says \"public static int squaresApart(String from, String to)\""),
        CLASS_MISMATCH("class", "kata.json: class is KingWalker, the kata's code says KingWalk"),
        KATA_FAILS_TO_BUILD("renderer", "src/KingWalkKata.java:40: initializing KingWalkKata threw NullPointerException: squaresApart: renderer"),
        NO_CONSTRUCTOR("constructor", "src/KingWalkKata.java: class KingWalkKata needs a public no-argument constructor"),
        WRONG_ID_IN_CODE("id", "src: the kata's code says its id is \"king-walks\", its folder is king-walk"),
        NO_CODE("rm -r src", ": no code: put the kata's Java sources (rule, generator, renderer, Kata class) in "),
        NO_SOURCES("rm src/*", "src: no .java files: put the kata's rule, generator, renderer and Kata class here"),
        NULL_ENTRY_POINTS("null", "src/KingWalkKata.java: KingWalkKata.entryPoints() returned null"),
        EXAMPLES_ONLY_WITHOUT_EXAMPLES("examples only", "examples.json: no example calls squaresApart, and it has no generator:"
                + " nothing would test it");

        final String change;
        final String message;

        Broken(String change, String message) {
            this.change = change;
            this.message = message;
        }
    }

    @ParameterizedTest
    @EnumSource(Broken.class)
    void aFolderThatIsNotAKataSaysWhyInOneLineWithExit2(Broken broken) throws IOException {
        Path folder = FolderKatas.scaffold(katas(), "king-walk");
        Path kata = folder.resolve("src/KingWalkKata.java");
        switch (broken) {
            case MISSING_KATA_JSON -> Files.delete(folder.resolve("kata.json"));
            case BROKEN_KATA_JSON -> FolderKatas.edit(folder.resolve("kata.json"), "\"title\":", "title:");
            case MISSING_EXAMPLES -> Files.delete(folder.resolve("examples.json"));
            case BROKEN_EXAMPLES -> FolderKatas.edit(folder.resolve("examples.json"), "\"expected\":0}", "\"expected\":0");
            case EXAMPLE_OF_THE_WRONG_TYPE -> FolderKatas.edit(folder.resolve("examples.json"), "\"expected\":0}", "\"expected\":\"zero\"}");
            case COMPILE_ERROR -> FolderKatas.edit(folder.resolve("src/KingWalk.java"), "int apart = Math.max(files, ranks);",
                    "int apart = Math.max(files, ranks)");
            case NO_KATA_CLASS -> Files.delete(kata);
            case TWO_KATA_CLASSES -> Files.writeString(folder.resolve("src/OtherKata.java"), Files.readString(kata)
                    .replace("class KingWalkKata", "class OtherKata").replace("public KingWalkKata()", "public OtherKata()"));
            case SIGNATURE_MISMATCH -> FolderKatas.edit(folder.resolve("kata.json"), "squaresApart(String from", "squaresApart(String start");
            case CLASS_MISMATCH -> FolderKatas.edit(folder.resolve("kata.json"), "\"class\": \"KingWalk\"", "\"class\": \"KingWalker\"");
            case KATA_FAILS_TO_BUILD -> FolderKatas.edit(kata, ".renderer(KingWalkRenderer::render)", "");
            case NO_CONSTRUCTOR -> FolderKatas.edit(kata, "public KingWalkKata() {", "public KingWalkKata(int size) {");
            case WRONG_ID_IN_CODE -> FolderKatas.edit(kata, "return \"king-walk\";", "return \"king-walks\";");
            case NO_CODE -> deleteTree(folder.resolve("src"));
            case NO_SOURCES -> {
                deleteTree(folder.resolve("src"));
                Files.createDirectory(folder.resolve("src"));
            }
            case NULL_ENTRY_POINTS -> FolderKatas.edit(kata, "return List.of(SQUARES_APART);", "return null;");
            case EXAMPLES_ONLY_WITHOUT_EXAMPLES -> {
                FolderKatas.edit(kata, ".generator(KingWalkGenerator::generate)", ".examplesOnly()");
                Files.writeString(folder.resolve("examples.json"), "{\"examples\": []}");
            }
        }
        for (String command : List.of("katas", "grade", "verify")) {
            List<String> args = new ArrayList<>(List.of(command, "--katas", katas().toString()));
            if (command.equals("grade")) {
                args.add(folder.resolve("submissions").toString());
            }
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(2, run.status(), run::toString);
            assertEquals("", run.out(), run::toString);
            assertEquals(1, run.err().lines().count(), run::toString);
            String prefix = "kata-judge: kata configuration error: " + folder;
            assertTrue(run.err().startsWith(prefix), run::toString);
            String rest = run.err().substring(prefix.length()).strip();
            String expected = broken.message.startsWith(":") ? broken.message : "/" + broken.message;
            assertTrue(rest.startsWith(expected), () -> "expected " + expected + "...\n" + run);
        }
    }

    /** Whether a line of {@code out} starts with {@code start} and holds {@code part}. */
    private static boolean hasLine(String out, String start, String part) {
        return out.lines().anyMatch(line -> line.startsWith(start) && line.contains(part));
    }

    private static JsonNode result(JsonNode report, String submission) {
        for (JsonNode result : report.get("results")) {
            if (result.get("submission").asText().endsWith("/" + submission)) {
                return result;
            }
        }
        throw new AssertionError("no result for " + submission + " in " + report);
    }

    private static JsonNode test(JsonNode result, String name) {
        for (JsonNode test : result.get("tests")) {
            if (test.get("name").asText().equals(name)) {
                return test;
            }
        }
        throw new AssertionError("no test " + name + " in " + result);
    }

    private static void deleteTree(Path path) throws IOException {
        try (var paths = Files.walk(path)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}

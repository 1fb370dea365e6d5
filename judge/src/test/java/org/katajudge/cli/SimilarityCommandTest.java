package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.katajudge.TestHome;
import org.katajudge.browser.HeadlessChromium;
import org.katajudge.report.Schemas;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code similarity} and {@code grade --similarity} run for real on a small class: three students
 * of knight-moves, one of whom renamed another's code, one empty hand-in, and the repository's
 * samples as known sources. The JSON against its schema, the CSV, the class report's section,
 * nothing of it in what students see, and the errors (exit 2) for what cannot work.
 */
@Execution(ExecutionMode.CONCURRENT)
class SimilarityCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static Path kata;
    static CliRun similarity;
    static JsonNode similarityJson;
    static CliRun grade;

    @BeforeAll
    static void compareAndGradeTheClass() throws IOException {
        kata = dir.resolve("class/knight-moves");
        Path samples = TestHome.submissions().resolve("knight-moves");
        TestHome.copyTree(samples.resolve("accepted/closed-form"), kata.resolve("carol"));
        TestHome.copyTree(samples.resolve("accepted/floyd-warshall-table"), kata.resolve("bob"));
        // alice hands in the seed's BFS with every name changed; dave hands in nothing
        Path renamed = TestHome.root().resolve("judge/src/test/resources/similarity/knight-moves/planted/renamed--sample-seed-bfs");
        TestHome.copyTree(renamed, kata.resolve("alice"));
        Files.createDirectories(kata.resolve("dave"));
        similarity = CliRun.of("similarity", "--json", dir.resolve("similarity.json").toString(),
                "--csv", dir.resolve("similarity.csv").toString(), kata.toString());
        assertEquals(0, similarity.status(), similarity::toString);
        similarityJson = JSON.readTree(dir.resolve("similarity.json").toFile());
        grade = CliRun.of("grade", "--similarity", "--quiet", "--cases", "20", "--json", dir.resolve("report.json").toString(),
                "--html", dir.resolve("class.html").toString(), "--feedback", dir.resolve("feedback").toString(),
                "--similarity-csv", dir.resolve("grade-similarity.csv").toString(), kata.toString());
    }

    private static Schemas.Checked schema(String name) {
        return Schemas.resource("schema/" + name);
    }

    @Test
    void theCopyFromTheKnownSourceIsFlaggedAndEveryPairIsListed() throws IOException {
        assertEquals(0, similarity.status(), similarity::toString);
        schema("similarity.schema.json").assertValid(similarityJson);
        JsonNode report = similarityJson.get("similarity");
        assertEquals(0.5, report.get("threshold").asDouble());
        int known = 0;
        for (String verdict : List.of("accepted", "wrong_answer")) {
            try (Stream<Path> entries = Files.list(TestHome.submissions().resolve("knight-moves").resolve(verdict))) {
                known += (int) entries.count();
            }
        }
        // 3 hand-ins with code: 3 pairs among them, and each against every known source
        assertEquals(3 + 3 * known, report.get("pairs").size(), report.toString());
        JsonNode copied = null;
        for (JsonNode pair : report.get("pairs")) {
            assertTrue(pair.get("a").asText().startsWith(kata.toString()), "a is always a hand-in: " + pair);
            if (pair.get("a").asText().endsWith("alice") && pair.get("b").asText().endsWith("accepted/seed-bfs")) {
                copied = pair;
            }
        }
        assertTrue(copied != null && copied.get("flagged").asBoolean() && copied.get("known").asBoolean(), String.valueOf(copied));
        assertTrue(copied.get("matches").size() > 0, "its shared lines");
        assertTrue(report.get("clusters").size() >= 1);
        boolean daveNotCompared = false;
        for (JsonNode left : report.get("notCompared")) {
            daveNotCompared |= left.get("submission").asText().endsWith("dave")
                    && left.get("reason").asText().startsWith("nothing to grade");
        }
        assertTrue(daveNotCompared, "the empty hand-in is listed, with why: " + report.get("notCompared"));
        assertTrue(similarity.out().contains("cluster 1 (knight-moves"), similarity.out());
        List<String> csv = Files.readAllLines(dir.resolve("similarity.csv"), StandardCharsets.UTF_8);
        assertEquals(report.get("pairs").size() + 1, csv.size(), "a row per pair, and the header");
    }

    @Test
    void theTwoSchemasDefineTheSameSimilarityMember() throws IOException {
        JsonNode alone = readResource("schema/similarity.schema.json").get("$defs");
        JsonNode inReport = readResource("schema/report.schema.json").get("$defs");
        assertEquals(alone.get("similarity"), inReport.get("similarity"));
        assertEquals(alone.get("similarityLines"), inReport.get("similarityLines"));
    }

    private static JsonNode readResource(String name) throws IOException {
        try (InputStream in = SimilarityCommandTest.class.getClassLoader().getResourceAsStream(name)) {
            return JSON.readTree(in);
        }
    }

    @Test
    void gradeSimilarityPutsItInTheTeachersReportsOnly() throws IOException {
        assertEquals(1, grade.status(), "dave handed in nothing: " + grade);
        JsonNode report = Reports.read(dir.resolve("report.json"));
        assertEquals(similarityJson.get("similarity").get("pairs").size(), report.get("similarity").get("pairs").size());
        assertEquals(4, report.get("results").size());
        Document page = Jsoup.parse(dir.resolve("class.html").toFile(), "UTF-8");
        Element section = page.getElementById("similarity");
        assertTrue(section != null, "the class report has the section");
        assertTrue(page.select("nav a[href=#similarity]").size() == 1);
        assertFalse(section.select("article.cluster").isEmpty());
        assertFalse(section.select("details.pair .side-by-side .line.shared").isEmpty(), "shared lines marked");
        assertTrue(section.text().contains("For the teacher only"));
        // feedback files are for students: nothing of the comparison, nobody else's name or code
        List<Path> feedback;
        try (Stream<Path> files = Files.list(dir.resolve("feedback"))) {
            feedback = files.toList();
        }
        assertEquals(4, feedback.size());
        for (Path file : feedback) {
            String text = Files.readString(file, StandardCharsets.UTF_8).toLowerCase(java.util.Locale.ROOT);
            for (String word : List.of("similar", "jplag", "cluster", "known source", "seed-bfs", "shared")) {
                assertFalse(text.contains(word), file + " mentions " + word);
            }
        }
        assertTrue(grade.out().contains("similarity (for the teacher"), grade.out());
    }

    /** The section in a real browser: no errors or CSP violations, the pair opens, its two sides drawn side by side. */
    @Test
    void theSectionRendersInHeadlessChromium() throws Exception {
        Optional<Path> chromium = HeadlessChromium.find();
        assumeTrue(chromium.isPresent(), "Chromium is not installed, so the similarity section was not rendered in a"
                + " browser (install Debian's chromium package: .ci/install-chromium; CI does)");
        try (HeadlessChromium browser = HeadlessChromium.start(chromium.get(), Files.createDirectories(dir.resolve("profile")),
                1280, 1600)) {
            browser.load(dir.resolve("class.html").toUri().toString());
            assertEquals("true", browser.evaluate("document.documentElement.dataset.ready").asText());
            JsonNode sides = browser.evaluate("""
                    (() => {
                      const pair = document.querySelector('#similarity details.pair');
                      pair.open = true;
                      const codes = pair.querySelectorAll('.side-by-side .code');
                      const a = codes[0].getBoundingClientRect(), b = codes[1].getBoundingClientRect();
                      const shared = pair.querySelector('.line.shared');
                      return {sideBySide: a.right <= b.left + 1 && Math.abs(a.top - b.top) < 2 && a.width > 200,
                              marked: getComputedStyle(shared).backgroundColor !== 'rgba(0, 0, 0, 0)'};
                    })()""");
            assertTrue(sides.get("sideBySide").asBoolean(), sides::toString);
            assertTrue(sides.get("marked").asBoolean(), "shared lines have a background: " + sides);
            assertEquals(List.of(), browser.problems(), "no console errors, exceptions or CSP violations:\n" + browser.log());
            assertEquals(List.of(), browser.requests().stream()
                    .filter(url -> !url.startsWith("file:") && !url.startsWith("data:")).toList(), "nothing fetched");
        }
    }

    @Test
    void similarityNeverGoesWhereStudentsLookNorOnAShard() {
        for (List<String> args : List.of(
                List.of("grade", "--similarity", "--student-view", kata.toString()),
                List.of("grade", "--similarity", "--gradescope", dir.resolve("gs.json").toString(), kata.toString()),
                List.of("grade", "--similarity", "--prairielearn", dir.resolve("pl.json").toString(), kata.toString()),
                List.of("grade", "--similarity", "--shard", "1/2", kata.toString()),
                List.of("grade", "--known", dir.toString(), kata.toString()),
                List.of("similarity", "--threshold", "0", kata.toString()),
                List.of("similarity", "--threshold", "much", kata.toString()),
                List.of("similarity", "--known", dir.resolve("nowhere").toString(), kata.toString()),
                List.of("similarity"))) {
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(ExitCode.USAGE, run.status(), args + ": " + run);
            assertEquals(1, run.err().strip().lines().count(), "one line: " + run);
            assertFalse(Files.exists(dir.resolve("gs.json")) && args.contains("--gradescope") && readQuietly(dir.resolve("gs.json"))
                    .contains("similar"), "nothing of it in Gradescope's file");
        }
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    @Test
    void withoutAJdk21TheCommandSaysSoAndExits2() throws IOException, InterruptedException {
        // a separate JVM, whose environment names the JDK 17 running the tests as the one to use
        Path java17 = Path.of(System.getProperty("java.home"));
        List<String> command = new ArrayList<>(List.of(java17.resolve("bin/java").toString(), "-cp",
                System.getProperty("java.class.path"), "-Dkatajudge.home=" + TestHome.root(), Main.class.getName(),
                "similarity", kata.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("KATAJUDGE_SIMILARITY_JAVA_HOME", java17.toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS));
        int feature = Runtime.version().feature();
        if (feature >= 21) {
            return; // the tests run on a JDK new enough: nothing to refuse
        }
        assertEquals(ExitCode.USAGE, process.exitValue(), output);
        assertTrue(output.contains("is Java " + feature + "; JPlag 6.0.0 needs Java 21 or newer"), output);
        Set<String> lines = new HashSet<>(output.strip().lines().toList());
        assertEquals(1, lines.size(), output);
    }
}

package org.katajudge.cli;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.browser.HeadlessChromium;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A class of every kata's wrong answers (and some accepted, a compile error, two students with
 * the same mistake, a hostile name that prints markup) graded once with {@code --json --html
 * --feedback}; then the class report is checked as a document (jsoup) and as a page a browser
 * renders (headless Chromium), and the feedback folder holds a file per student.
 */
@Execution(ExecutionMode.CONCURRENT)
class ClassReportEndToEndTest {

    /** A name a browser would run if it were not escaped ({@code /} cannot be in a folder name). */
    static final String HOSTILE = "<img src=x onerror=alert(1)><script>alert(2)<script>";

    @TempDir
    static Path dir;
    static CliRun run;
    static JsonNode report;
    static Document page;

    @BeforeAll
    static void gradeTheClass() throws IOException {
        Path root = dir.resolve("class");
        for (Path kata : list(TestHome.submissions())) {
            for (Path wrong : list(kata.resolve("wrong_answer"))) {
                TestHome.copyTree(wrong, root.resolve(kata.getFileName().toString()).resolve(wrong.getFileName().toString()));
            }
            Path accepted = list(kata.resolve("accepted")).get(0);
            TestHome.copyTree(accepted, root.resolve(kata.getFileName().toString()).resolve("accepted-" + accepted.getFileName()));
        }
        Path xiangqi = TestHome.submissions().resolve("xiangqi-board-validator/wrong_answer/ascii-only-facing-check");
        TestHome.copyTree(xiangqi, root.resolve("xiangqi-board-validator/alice"));
        TestHome.copyTree(xiangqi, root.resolve("xiangqi-board-validator/bob"));
        TestHome.copyTree(TestHome.submissions().resolve("chess-square-color/compile_error/syntax-error"),
                root.resolve("chess-square-color/carol"));
        Path hostile = Files.createDirectories(root.resolve("chess-square-color").resolve(HOSTILE));
        Files.writeString(hostile.resolve("SquareColor.java"), """
                public class SquareColor {
                    public static boolean isLight(String coordinate) {
                        System.out.println("</pre><script>alert('out')</script><img src=x onerror=alert(3)>");
                        return true;
                    }
                }
                """);
        run = CliRun.of("grade", "--cases", "100", "--json", dir.resolve("report.json").toString(),
                "--html", dir.resolve("report/class.html").toString(), "--feedback", dir.resolve("feedback").toString(),
                root.toString());
        assertEquals(1, run.status(), run::toString);
        report = Reports.read(dir.resolve("report.json"));
        page = Jsoup.parse(dir.resolve("report/class.html").toFile(), "UTF-8");
    }

    @Test
    void everyStudentIsInTheTableAndTheDetails() {
        List<String> students = new ArrayList<>();
        report.get("results").forEach(r -> students.add(r.get("student").asText()));
        assertTrue(students.size() >= 40, students::toString);
        assertEquals(students.size(), Integer.parseInt(page.selectFirst("#student-count").text()));
        assertEquals(students, page.select("#student-table tbody tr td:first-child a").eachText());
        assertEquals(students, page.select("article.student > h3").stream()
                .map(h -> h.ownText().trim()).toList());
        for (Element link : page.select("#student-table tbody a")) {
            assertNotNull(page.getElementById(link.attr("href").substring(1)), "each row links to its details");
        }
    }

    @Test
    void everyFailingBoardIsDrawnAsSvg() {
        JsonNode results = report.get("results");
        List<Element> articles = page.select("article.student");
        Set<String> kinds = new HashSet<>();
        for (int i = 0; i < results.size(); i++) {
            JsonNode result = results.get(i);
            Element article = articles.get(i);
            List<Element> boards = article.select("figure.board.case");
            if (!result.has("counterexample")) {
                assertTrue(boards.isEmpty(), result.get("student").asText());
                continue;
            }
            assertEquals(1, boards.size(), result.get("student").asText());
            Element svg = boards.get(0).selectFirst("svg");
            assertNotNull(svg, "drawn as SVG: " + result.get("student") + " " + result.get("kata"));
            assertTrue(svg.hasClass("board-svg"));
            kinds.add(svg.className().replace("board-svg", "").trim());
            assertEquals(result.get("counterexample").get("expected").toString(),
                    article.selectFirst("dl.case dd code").text(), "the expected answer beside it");
        }
        assertEquals(Set.of("xiangqi", "checkers", "safe-spaces", "chess-square-color", "knight-moves", "three-man-chess"),
                kinds, "the board of every kata");
        Element xiangqi = page.selectFirst("svg.xiangqi");
        assertEquals(2, xiangqi.select("g.palace line").size() / 2, "both palaces");
        assertFalse(xiangqi.select("g.pieces circle").isEmpty(), "pieces");
    }

    @Test
    void commonMistakesGroupStudentsByTheRuleTheirCaseCites() {
        Map<String, Set<String>> expected = new HashMap<>();
        JsonNode results = report.get("results");
        for (JsonNode result : results) {
            JsonNode rule = result.path("counterexample").path("rule");
            if (!rule.isMissingNode()) {
                expected.computeIfAbsent(result.get("kata").asText() + " " + rule.get("id").asText() + " "
                        + rule.get("holds").asBoolean(), k -> new HashSet<>()).add(result.get("student").asText());
            }
        }
        assertFalse(expected.isEmpty(), "the counterexamples cite rules");
        Map<String, Set<String>> grouped = new HashMap<>();
        for (Element group : page.select("article.mistake[data-rule]")) {
            String kata = group.selectFirst("p.muted").text().split(" ")[0];
            grouped.put(kata + " " + group.attr("data-rule") + " " + group.attr("data-holds"),
                    new HashSet<>(group.select(".members a").eachText()));
        }
        assertEquals(expected, grouped);
        Element flying = page.select("article.mistake[data-rule=flying-general]").first();
        assertNotNull(flying, page.select("article.mistake h3").eachText()::toString);
        assertTrue(flying.selectFirst("h3").text().matches("[2-9] students miss flying-general"), flying.text());
        assertTrue(flying.select(".members a").eachText().containsAll(List.of("alice", "bob")));
        assertEquals(1, page.select("article.mistake[data-verdict=COMPILE_ERROR]").size());
    }

    @Test
    void theHostileStudentIsText() {
        assertEquals(1, page.select("script").size(), "only the report's own script");
        assertTrue(page.select("img").isEmpty(), "no element from a name or an output");
        assertTrue(page.select("#student-table a").eachText().contains(HOSTILE));
        assertTrue(page.select("pre.output").eachText().stream().anyMatch(t -> t.contains("<script>alert('out')</script>")));
    }

    @Test
    void oneFeedbackFilePerStudent() throws IOException {
        List<Path> files = list(dir.resolve("feedback"));
        assertEquals(report.get("results").size(), files.size());
        Set<String> names = files.stream().map(f -> f.getFileName().toString()).collect(Collectors.toSet());
        assertTrue(names.contains("alice.md") && names.contains("bob.md"), names::toString);
        assertTrue(names.stream().allMatch(n -> n.matches("[A-Za-z0-9_-]+\\.md")), names::toString);
        String alice = Files.readString(dir.resolve("feedback/alice.md"));
        assertTrue(alice.contains("## The failing case") && alice.contains("rule:     flying-general broken"), alice);
        assertTrue(alice.contains("path/to/your/solution"), alice);
    }

    @Test
    void theConsoleHasNoProgressLineWhenNotATerminal() {
        assertFalse(run.out().contains("\r") || run.out().contains("\u001b"), "nothing of a progress line in a pipe");
    }

    /** One page load in headless Chromium: no errors, nothing fetched, the boards rendered, the table sorts. */
    @Test
    void rendersInHeadlessChromium() throws Exception {
        Optional<Path> chromium = HeadlessChromium.find();
        assumeTrue(chromium.isPresent(), "Chromium is not installed, so the class report was not rendered in a"
                + " browser (install Debian's chromium package: .ci/install-chromium; CI does)");
        Path html = dir.resolve("report/class.html");
        try (HeadlessChromium browser = HeadlessChromium.start(chromium.get(), Files.createDirectories(dir.resolve("profile")),
                1280, 1600)) {
            browser.load(html.toUri().toString());
            assertEquals("true", browser.evaluate("document.documentElement.dataset.ready").asText(),
                    "the report's script ran to its end");
            assertEquals(List.of(), browser.problems(), "no console errors, exceptions or CSP violations:\n" + browser.log());
            assertEquals(List.of(), browser.requests().stream()
                    .filter(url -> !url.startsWith("file:") && !url.startsWith("data:")).toList(),
                    "nothing is fetched: the page works offline");

            int boards = page.select("figure.board svg").size();
            assertEquals(boards, browser.evaluate("document.querySelectorAll('figure.board svg').length").asInt());
            assertEquals(boards, browser.evaluate("Array.from(document.querySelectorAll('figure.board svg'))"
                    + ".filter(s => { const r = s.getBoundingClientRect(); return r.width > 50 && r.height > 30; }).length").asInt(),
                    "every board rendered with a size");
            assertEquals(page.select("article.student").size(),
                    browser.evaluate("document.querySelectorAll('article.student').length").asInt());

            JsonNode sorted = browser.evaluate("""
                    (() => {
                      const header = document.querySelectorAll('#student-table th')[3];
                      header.click();
                      const scores = Array.from(document.querySelectorAll('#student-table tbody tr'))
                          .map(r => parseFloat(r.cells[3].dataset.value));
                      const filter = document.getElementById('filter');
                      filter.value = 'alice';
                      filter.dispatchEvent(new Event('input'));
                      const visible = Array.from(document.querySelectorAll('#student-table tbody tr')).filter(r => !r.hidden).length;
                      filter.value = '';
                      filter.dispatchEvent(new Event('input'));
                      return {ascending: scores.every((s, i) => i === 0 || scores[i - 1] <= s), visible: visible,
                              sort: header.getAttribute('aria-sort')};
                    })()""");
            assertTrue(sorted.get("ascending").asBoolean(), sorted::toString);
            assertEquals("ascending", sorted.get("sort").asText());
            assertEquals(1, sorted.get("visible").asInt(), "the filter leaves alice");

            browser.evaluate("window.scrollTo(0, 0)");
            byte[] png = browser.screenshot();
            Files.write(TestHome.root().resolve("judge/target/class-report-screenshot.png"), png);
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            assertNotNull(image, "a PNG");
            assertTrue(colours(image) > 16, "the screenshot is not blank: " + colours(image) + " colours");
            assertEquals(List.of(), browser.problems(), "still no errors after sorting and filtering");
        }
    }

    /** How many distinct colours the image has (sampled). */
    private static int colours(BufferedImage image) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        return colours.size();
    }

    private static List<Path> list(Path folder) throws IOException {
        try (Stream<Path> paths = Files.list(folder)) {
            return paths.sorted().toList();
        }
    }
}

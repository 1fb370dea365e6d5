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
import org.katajudge.catalog.Example;
import org.katajudge.catalog.JsonValues;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;

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

    static final String NEVER_FILE_H = """
            import java.util.ArrayDeque;

            public class KnightMoves {
                private static final int[][] JUMPS = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

                public static int minMoves(String start, String end) {
                    int[][] dist = new int[8][8];
                    for (int[] row : dist) {
                        java.util.Arrays.fill(row, -1);
                    }
                    int toFile = end.charAt(0) - 'a', toRank = end.charAt(1) - '1';
                    ArrayDeque<int[]> queue = new ArrayDeque<>();
                    dist[start.charAt(0) - 'a'][start.charAt(1) - '1'] = 0;
                    queue.add(new int[] {start.charAt(0) - 'a', start.charAt(1) - '1'});
                    while (!queue.isEmpty()) {
                        int[] at = queue.poll();
                        if (at[0] == toFile && at[1] == toRank) {
                            return dist[at[0]][at[1]];
                        }
                        for (int[] jump : JUMPS) {
                            int f = at[0] + jump[0], r = at[1] + jump[1];
                            if (f >= 0 && f < 7 && r >= 0 && r < 8 && dist[f][r] < 0) { // file h (7) is never entered
                                dist[f][r] = dist[at[0]][at[1]] + 1;
                                queue.add(new int[] {f, r});
                            }
                        }
                    }
                    return 4; // "too far": the longest usual distance
                }
            }
            """;

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
        // the teacher's case: a search that never enters file h; its smallest case is a diagonal step
        // that cites the corner rule, but the examples it fails are not about corners
        Path neverH = Files.createDirectories(root.resolve("knight-moves/never-file-h"));
        Files.writeString(neverH.resolve("KnightMoves.java"), NEVER_FILE_H);
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
    void everyMistakeTitleIsTrueOfEachMembersOwnFailingCases() {
        JsonNode results = report.get("results");
        List<Element> claims = new ArrayList<>(page.select("article.mistake"));
        claims.addAll(page.select("li.other"));
        assertFalse(page.select("article.mistake[data-rule]").isEmpty(), "some students share a rule's mistake");
        for (Element claim : claims) {
            String title = claim.is("li") ? claim.text() : claim.selectFirst("h3").text();
            for (Element member : claim.select("a[href^=#s-]")) {
                JsonNode result = results.get(Integer.parseInt(member.attr("href").substring("#s-".length())));
                String who = title + " / " + result.get("student").asText();
                assertEquals(claim.attr("data-kata"), result.get("kata").asText(), who);
                assertEquals(claim.attr("data-verdict"), result.get("verdict").asText(), who);
                JsonNode example = result.path("counterexample");
                if (claim.hasAttr("data-method")) {
                    assertEquals(claim.attr("data-method"), example.path("method").asText(), who);
                }
                assertEquals(claim.attr("data-history"), example.path("historyKind").asText(""), who);
                if (claim.hasAttr("data-expected")) {
                    assertEquals(Reports.json(claim.attr("data-expected")), example.get("expected"), who);
                    assertEquals(Reports.json(claim.attr("data-actual")), example.get("actual"), who);
                }
                if (claim.hasAttr("data-rule")) {
                    // the reference, asked again, cites the rule for the smallest case and for every example failed
                    String rule = claim.attr("data-rule") + " " + claim.attr("data-holds");
                    assertTrue(title.contains(claim.attr("data-rule")), who);
                    KataDefinition kata = TestHome.catalog().byId(result.get("kata").asText()).orElseThrow();
                    EntryPoint entryPoint = kata.entryPoint(example.get("method").asText());
                    assertEquals(rule, cited(entryPoint.explain(arguments(entryPoint, example.get("args")))), who);
                    for (JsonNode test : result.get("tests")) {
                        if (test.get("kind").asText().equals("EXAMPLE") && test.get("status").asText().equals("FAILED")) {
                            String name = test.get("name").asText().substring("example: ".length());
                            Example fixed = kata.examples().stream().filter(e -> e.name().equals(name)).findFirst()
                                    .orElseThrow(() -> new AssertionError(who + ": " + name));
                            assertEquals(rule, cited(kata.entryPoint(fixed.method()).explain(fixed.args())), who + ": " + name);
                        }
                    }
                }
            }
        }
    }

    @Test
    void everyFailingStudentIsInOneMistakeOrListedAsAnOtherFailure() {
        JsonNode results = report.get("results");
        List<String> listed = new ArrayList<>();
        for (Element group : page.select("article.mistake")) {
            List<String> members = group.select(".members a").eachAttr("href");
            assertTrue(members.size() >= 2, "a common mistake is shared: " + group.selectFirst("h3").text());
            assertTrue(group.selectFirst("h3").text().startsWith(members.size() + " students "), group.text());
            listed.addAll(members);
        }
        page.select("li.other").forEach(other -> listed.add(other.selectFirst("a").attr("href")));
        List<String> failing = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            if (!results.get(i).get("verdict").asText().equals("ACCEPTED")) {
                failing.add("#s-" + i);
            }
        }
        assertEquals(failing.size(), listed.size(), "no student twice");
        assertEquals(new HashSet<>(failing), new HashSet<>(listed));
    }

    @Test
    void aStudentWhoNeverEntersFileHIsNotFiledUnderTheCornerRule() {
        JsonNode results = report.get("results");
        int index = -1;
        for (int i = 0; i < results.size(); i++) {
            index = results.get(i).get("student").asText().equals("never-file-h") ? i : index;
        }
        JsonNode example = results.get(index).get("counterexample");
        assertEquals("corner-detour", example.path("rule").path("id").asText(), "its smallest case cites the corner rule: " + example);
        Element claim = page.selectFirst(".members a[href=#s-" + index + "]").closest("article.mistake, li.other");
        assertFalse(claim.hasAttr("data-rule"), claim.text());
        assertFalse(claim.text().contains("corner-detour"), claim.text());
        Element flying = page.select("article.mistake[data-rule=flying-general]").first();
        assertNotNull(flying, page.select("article.mistake h3").eachText()::toString);
        assertTrue(flying.select(".members a").eachText().containsAll(List.of("alice", "bob")), flying.text());
        assertTrue(page.select("article.mistake[data-rule=corner-detour]").stream()
                .anyMatch(g -> g.select(".members a").eachText().containsAll(List.of("greedy-walk", "unbounded-formula"))));
    }

    private static String cited(Explanation explanation) {
        return explanation.cited() == null ? "none" : explanation.cited().rule() + " " + explanation.cited().holds();
    }

    private static Object[] arguments(EntryPoint entryPoint, JsonNode args) {
        Object[] values = new Object[args.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = JsonValues.fromJson(args.get(i), entryPoint.parameters().get(i));
        }
        return values;
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
        assertTrue(alice.contains("from the folder that holds your XiangqiValidator.java"), alice);
        assertTrue(alice.contains(" XiangqiValidator.java\n```") && !alice.contains(dir.toString()), alice);
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

package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.browser.HeadlessChromium;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A student's loop in a real headless Chromium: open the link, open a kata, type a wrong
 * solution into the code editor, attempt it, see the failing case with its board drawn (checked
 * on a screenshot), type the fix, attempt again, see it accepted. No console error, no request
 * leaves the server, no Content-Security-Policy violation.
 */
class ServerBrowserTest {

    private static final String WRONG = """
            public class SquareColor {
                public static boolean isLight(String coordinate) {
                    return (coordinate.charAt(1) - '1') % 2 == 1;
                }
            }
            """;
    private static final String RIGHT = """
            public class SquareColor {
                public static boolean isLight(String coordinate) {
                    return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '1') % 2 == 1;
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aStudentFailsSeesTheBoardFixesItAndIsAccepted() throws Exception {
        Optional<Path> chromium = HeadlessChromium.find();
        assumeTrue(chromium.isPresent(), "Chromium is not installed, so the pages of serve were NOT tested in a"
                + " browser (install Debian's chromium package: .ci/install-chromium; CI does)");
        // at once, not after the editor's wait runs out: a build without npm's step has a text area instead
        assertTrue(new StaticAssets().hasEditor(), "the code editor is not in this build (built with"
                + " -Dkatajudge.web.skip=true?): the student's page cannot be tested; mvn verify builds it");
        try (KataServer server = KataServer.start(TestServers.options(dir.resolve("data"), Optional.empty(), List.of(),
                new QueueLimits(2, 10, 3, 60), ClassExports.NONE));
             HeadlessChromium browser = HeadlessChromium.start(chromium.get(), Files.createDirectories(dir.resolve("profile")),
                     1400, 1800)) {
            browser.load(server.link(server.owner()));
            waitFor(browser, "document.querySelector('#katas a[href=\"#/kata/chess-square-color\"]') !== null");
            browser.evaluate("document.querySelector('#katas a[href=\"#/kata/chess-square-color\"]').click()");
            waitFor(browser, "document.querySelector('.CodeMirror') !== null");
            assertTrue(browser.evaluate("document.querySelector('.readme h1') !== null").asBoolean(), "the README is rendered");
            assertTrue(browser.evaluate("document.querySelectorAll('.example svg').length > 0").asBoolean(), "examples are drawn");

            type(browser, WRONG);
            browser.evaluate("document.getElementById('attempt').click()");
            waitFor(browser, "document.querySelector('#results .result') !== null");
            assertEquals("WRONG_ANSWER", browser.evaluate("document.querySelector('#results .result').dataset.verdict").asText());
            JsonNode box = browser.evaluate("(() => { const s = document.querySelector('#counterexample svg');"
                    + " s.scrollIntoView(); const r = s.getBoundingClientRect();"
                    + " return {x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height}; })()");
            assertTrue(box.get("width").asDouble() > 100 && box.get("height").asDouble() > 100, "the board is drawn: " + box);
            assertTrue(browser.evaluate("document.querySelector('#counterexample .expected').textContent").asText().length() > 0);
            assertTrue(browser.evaluate("document.getElementById('keep-case') !== null").asBoolean(), "the case can be kept");
            assertBoardPainted(browser, box);

            type(browser, RIGHT);
            browser.evaluate("document.getElementById('attempt').click()");
            waitFor(browser, "(() => { const r = document.querySelector('#results .result');"
                    + " return r !== null && r.dataset.verdict === 'ACCEPTED'; })()");
            waitFor(browser, "document.querySelectorAll('#history tr').length === 2");

            List<HeadlessChromium.Problem> problems = browser.problems().stream()
                    .filter(p -> !p.text().contains("favicon.ico")).toList();
            assertEquals(List.of(), problems, "no console errors, exceptions or CSP violations:\n" + browser.log());
            String origin = "http://127.0.0.1:" + server.port() + "/";
            assertEquals(List.of(), browser.requests().stream().filter(url -> !url.startsWith(origin)).toList(),
                    "nothing is fetched from elsewhere");
        }
    }

    /** Markup in everything a student writes: their name (from the roster), their code, their exception's message. */
    private static final String HOSTILE = "<img src=x onerror=\"window.xss=1\">";
    private static final String HOSTILE_CODE = """
            // %1$s
            public class SquareColor {
                public static boolean isLight(String coordinate) {
                    throw new IllegalStateException("%2$s");
                }
            }
            """.formatted(HOSTILE, HOSTILE.replace("\"", "\\\""));

    @Test
    void whatStudentsWriteIsShownAsTextNeverAsMarkup() throws Exception {
        Optional<Path> chromium = HeadlessChromium.find();
        assumeTrue(chromium.isPresent(), "Chromium is not installed, so the pages of serve were NOT tested in a browser");
        try (KataServer server = KataServer.start(TestServers.options(dir.resolve("data"), Optional.empty(),
                List.of(HOSTILE), new QueueLimits(2, 10, 3, 60), ClassExports.NONE));
             HeadlessChromium browser = HeadlessChromium.start(chromium.get(), Files.createDirectories(dir.resolve("profile")),
                     1400, 1800)) {
            Person student = server.students().get(0);
            long id = new ApiClient(server, student).attempt("chess-square-color", Map.of("SquareColor.java", HOSTILE_CODE), "full")
                    .json().get("id").asLong();
            JsonNode result = new ApiClient(server, student).done(id).get("result");
            assertTrue(result.toString().contains("onerror"), "the hostile message is in the result: " + result);
            for (Person viewer : List.of(student, server.owner())) {
                // a query of its own: a link that differs only after # would not load the page again
                browser.load(server.baseUrl() + "/?as=" + viewer.role() + "#token=" + viewer.token());
                waitFor(browser, "document.getElementById('who').textContent.length > 0");
                browser.evaluate("location.hash = '#/attempt/" + id + "'");
                waitFor(browser, "document.querySelector('.result') !== null");
                String text = browser.evaluate("document.getElementById('main').innerText").asText();
                assertTrue(text.contains(HOSTILE), viewer + " sees the markup as text: " + text);
                if (viewer.role() == Person.Role.TEACHER) {
                    assertTrue(text.contains("Student: " + HOSTILE), text);
                    browser.evaluate("location.hash = '#/class'");
                    waitFor(browser, "document.querySelector('#latest') !== null");
                    assertTrue(browser.evaluate("document.getElementById('main').innerText").asText().contains(HOSTILE));
                } else {
                    assertTrue(browser.evaluate("document.getElementById('who').textContent").asText().equals(HOSTILE));
                }
                assertEquals(0, browser.evaluate("document.querySelectorAll('img').length").asInt(), "no element was made");
                assertTrue(browser.evaluate("window.xss === undefined").asBoolean(), "no script ran");
            }
        }
    }

    /** Types into the code editor as a person would (the editor's own input, not its API). */
    private static void type(HeadlessChromium browser, String text) throws IOException {
        browser.evaluate("(() => { const cm = document.querySelector('.CodeMirror').CodeMirror; cm.focus();"
                + " cm.execCommand('selectAll'); cm.execCommand('delLineLeft'); cm.setValue(''); cm.focus(); })()");
        for (String line : text.split("(?<=\n)")) {
            browser.call("Input.insertText", HeadlessChromium.params().put("text", line.stripLeading()));
        }
        String typed = browser.evaluate("document.querySelector('.CodeMirror').CodeMirror.getValue()").asText();
        assertEquals(normalize(text), normalize(typed), "what the editor holds after typing");
    }

    /** Indentation is the editor's (it indents new lines itself); the code is the same. */
    private static String normalize(String code) {
        return code.lines().map(String::strip).filter(l -> !l.isEmpty()).reduce("", (a, b) -> a + b + "\n");
    }

    /** A screenshot of the board's box holds a drawing: several colours, both dark and light. */
    private static void assertBoardPainted(HeadlessChromium browser, JsonNode box) throws IOException {
        JsonNode shot = browser.call("Page.captureScreenshot", HeadlessChromium.params().put("format", "png")
                .set("clip", HeadlessChromium.params().put("x", box.get("x").asDouble()).put("y", box.get("y").asDouble())
                        .put("width", box.get("width").asDouble()).put("height", box.get("height").asDouble()).put("scale", 1)));
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(java.util.Base64.getDecoder().decode(shot.get("data").asText())));
        Set<Integer> colours = new HashSet<>();
        int dark = 0;
        int light = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y) & 0xffffff;
                colours.add(rgb);
                int grey = ((rgb >> 16) + ((rgb >> 8) & 0xff) + (rgb & 0xff)) / 3;
                if (grey < 140) {
                    dark++;
                } else if (grey > 200) {
                    light++;
                }
            }
        }
        assertTrue(colours.size() >= 3 && dark > 100 && light > 100, "the board is painted: " + colours.size()
                + " colours, " + dark + " dark and " + light + " light samples");
    }

    private static void waitFor(HeadlessChromium browser, String condition) throws Exception {
        long deadline = System.nanoTime() + 240_000_000_000L;
        while (!browser.evaluate(condition).asBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never true: " + condition + "\npage: "
                        + browser.evaluate("document.getElementById('main').innerText").asText() + "\n" + browser.problems());
            }
            Thread.sleep(100);
        }
    }

}

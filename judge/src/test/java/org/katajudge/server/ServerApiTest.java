package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.ReportJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The API of a playground, end to end over HTTP: attempts graded and streamed, the answers
 * checked against the published schema, errors as JSON with their statuses, a kept case run
 * among the examples, the page's security headers.
 */
class ServerApiTest {

    @TempDir
    static Path data;

    private static KataServer server;
    private static ApiClient me;

    @BeforeAll
    static void start() {
        server = TestServers.playground(data);
        me = new ApiClient(server, server.owner());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Map<String, String> sample(String kata, String verdict, String name) {
        Path folder = TestHome.submissions().resolve(kata).resolve(verdict).resolve(name);
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toMap(
                    f -> f.getFileName().toString(), f -> {
                        try {
                            return Files.readString(f);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aWrongAttemptIsGradedStreamedAndShownWithItsBoard() {
        ApiClient.Answer accepted = me.attempt("knight-moves", sample("knight-moves", "wrong_answer", "greedy-walk"), "full");
        assertEquals(202, accepted.status(), accepted::toString);
        TestServers.schema("accepted").assertValid(accepted.json());
        long id = accepted.json().get("id").asLong();
        assertEquals("/api/attempts/" + id, accepted.header("Location"));

        List<JsonNode> events = me.events(id);
        events.forEach(TestServers.schema("event")::assertValid);
        assertEquals("result", events.get(events.size() - 1).get("type").asText(), events::toString);
        assertTrue(events.stream().anyMatch(e -> e.get("type").asText().equals("test")
                && e.get("status").asText().equals("failed")), events::toString);
        assertTrue(events.stream().anyMatch(e -> e.get("type").asText().equals("test")
                && e.get("status").asText().equals("passed")), events::toString);

        JsonNode attempt = me.done(id);
        TestServers.schema("attempt").assertValid(attempt);
        assertEquals("WRONG_ANSWER", attempt.get("result").get("verdict").asText());
        assertEquals("WRONG_ANSWER", attempt.get("verdict").asText());
        JsonNode counterexample = attempt.get("result").get("counterexample");
        assertNotNull(counterexample, attempt::toString);
        assertTrue(attempt.get("view").get("board").asText().startsWith("<svg"), attempt::toString);
        assertTrue(attempt.get("view").get("text").asText().contains("expected: "), attempt::toString);
        assertEquals(sample("knight-moves", "wrong_answer", "greedy-walk"),
                ReportJson.mapper().convertValue(attempt.get("files"), Map.class));
        // a done attempt's stream is its result alone
        List<JsonNode> again = me.events(id);
        assertEquals(1, again.size(), again::toString);
        assertEquals(attempt.get("result"), again.get(0).get("result"));
    }

    /**
     * A failure that needs earlier calls comes with the lines that show it, as the feedback files
     * give them: compiled beside the student's code and run in a fresh JVM, they print the wrong
     * answer the result reports (the bare call alone would print the right one).
     */
    @Test
    void aFailureThatNeedsEarlierCallsComesWithJavaLinesThatShowIt(@TempDir Path temp) throws Exception {
        Map<String, String> files = sample("knight-moves", "wrong_answer", "static-visited-array");
        JsonNode attempt = me.done(me.attempt("knight-moves", files, "full").json().get("id").asLong());
        TestServers.schema("attempt").assertValid(attempt);
        JsonNode example = attempt.get("result").get("counterexample");
        JsonNode view = attempt.get("view");
        assertEquals("LISTED", example.path("historyKind").asText(), attempt::toString);
        String tryIt = view.get("tryIt").asText();
        List<String> lines = tryIt.lines().toList();
        assertEquals(example.get("history").size() + 1, lines.size(), tryIt);
        assertEquals("System.out.println(" + view.get("call").asText() + "); // expected " + example.get("expected"),
                lines.get(lines.size() - 1));

        for (Map.Entry<String, String> file : files.entrySet()) {
            Files.writeString(temp.resolve(file.getKey()), file.getValue());
        }
        Files.writeString(temp.resolve("TryIt.java"), "public class TryIt {\n    public static void main(String[] args) {\n"
                + tryIt.indent(8) + "    }\n}\n");
        List<String> javac = new java.util.ArrayList<>(List.of("-d", temp.toString()));
        try (Stream<Path> sources = Files.list(temp)) {
            sources.filter(f -> f.toString().endsWith(".java")).forEach(f -> javac.add(f.toString()));
        }
        java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
        assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, errors, errors,
                javac.toArray(String[]::new)), () -> tryIt + "\n" + errors);
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", temp.toString(), "TryIt").redirectErrorStream(true).start();
        String printed = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), printed);
        assertEquals(example.get("actual").toString(), printed.strip(), "the lines show the failure:\n" + tryIt);
    }

    @Test
    void theListAndTheKataPageFollowTheSchema() {
        TestServers.schema("me").assertValid(me.get("/api/me").json());
        JsonNode katas = me.get("/api/katas").json();
        TestServers.schema("kataList").assertValid(katas);
        assertEquals(TestHome.catalog().ids().size(), katas.size());
        JsonNode kata = me.get("/api/katas/knight-moves").json();
        TestServers.schema("kata").assertValid(kata);
        assertTrue(kata.get("skeleton").get("KnightMoves.java").asText().contains("public static int minMoves(String start, String end)"));
        assertTrue(kata.get("readmeHtml").asText().contains("<h1>"), kata.get("readmeHtml")::asText);
        assertTrue(kata.get("examples").get(0).get("svg").asText().startsWith("<svg"));
    }

    @Test
    void theSkeletonCompilesAndFailsUntilWritten() {
        JsonNode kata = me.get("/api/katas/chess-square-color").json();
        Map<String, String> skeleton = ReportJson.mapper().convertValue(kata.get("skeleton"), Map.class);
        long id = me.attempt("chess-square-color", skeleton, "examples").json().get("id").asLong();
        JsonNode result = me.done(id).get("result");
        assertEquals("RUNTIME_ERROR", result.get("verdict").asText(), result::toString);
        assertTrue(result.get("tests").get(0).get("status").asText().equals("PASSED"), "it compiles: " + result);
    }

    @Test
    void aKeptCaseRunsAmongTheExamples() {
        long wrong = me.attempt("chess-square-color", sample("chess-square-color", "wrong_answer", "rank-parity-only"), "full")
                .json().get("id").asLong();
        JsonNode shown = me.done(wrong);
        assertTrue(shown.get("view").get("canSave").asBoolean(), shown::toString);
        ObjectNode keep = ReportJson.mapper().createObjectNode().put("attempt", wrong);
        ApiClient.Answer kept = me.post("/api/katas/chess-square-color/cases", keep);
        assertEquals(201, kept.status(), kept::toString);
        TestServers.schema("savedCase").assertValid(kept.json());
        assertEquals(shown.get("result").get("counterexample").get("args"), kept.json().get("args"));
        String name = kept.json().get("name").asText();

        long examples = me.attempt("chess-square-color", sample("chess-square-color", "accepted", "parity-formula"), "examples")
                .json().get("id").asLong();
        JsonNode result = me.done(examples).get("result");
        assertTrue(result.get("tests").findValuesAsText("name").contains("example: " + name), result::toString);
        assertEquals("ACCEPTED", result.get("verdict").asText(), result::toString);

        assertEquals(204, me.delete("/api/katas/chess-square-color/cases/" + kept.json().get("id").asLong()).status());
        assertEquals(404, me.delete("/api/katas/chess-square-color/cases/" + kept.json().get("id").asLong()).status());
    }

    @Test
    void refusalsAreJsonWithTheirStatus() {
        Map<String, String> files = sample("chess-square-color", "accepted", "parity-formula");
        assertError(401, me.as(null).get("/api/katas"));
        assertError(401, me.as("not-a-token").get("/api/katas"));
        assertError(404, me.get("/api/katas/no-such-kata"));
        assertError(404, me.get("/api/attempts/999999"));
        assertError(404, me.get("/api/attempts/abc"));
        assertError(404, me.get("/api/nothing"));
        assertError(405, me.delete("/api/katas"));
        assertError(400, me.attempt("chess-square-color", files, "everything"));
        assertError(400, me.attempt("chess-square-color", Map.of("../Evil.java", "class Evil {}"), "full"));
        assertError(400, me.attempt("chess-square-color", Map.of(), "full"));
        assertError(400, me.postRaw("/api/katas/chess-square-color/attempts", "{not json"));
        assertError(400, me.postRaw("/api/katas/chess-square-color/attempts", "[1, 2]"));
        // half a surrogate pair, which JSON can say and no file can hold: refused, not a judge error
        assertError(400, me.postRaw("/api/katas/chess-square-color/attempts",
                "{\"mode\": \"full\", \"files\": {\"SquareColor.java\": \"class SquareColor {} // \\uD800\"}}"));
        assertError(413, me.attempt("chess-square-color", Map.of("SquareColor.java", "x".repeat(300_000)), "full"));
        assertError(413, me.postRaw("/api/katas/chess-square-color/attempts", "{\"pad\": \"" + "x".repeat(2_000_000) + "\"}"));
        assertError(400, me.post("/api/katas/chess-square-color/cases", ReportJson.mapper().createObjectNode().put("attempt", "x")));
        assertError(404, me.post("/api/katas/chess-square-color/cases", ReportJson.mapper().createObjectNode().put("attempt", 999999)));
        ApiClient.Answer page = me.as(null).get("/no-such-page.html");
        assertEquals(404, page.status());
    }

    @Test
    void thePagesComeWithTheirEditorAndASecurityPolicy() {
        ApiClient anyone = me.as(null);
        ApiClient.Answer page = anyone.get("/");
        assertEquals(200, page.status());
        assertTrue(page.body().contains("/app.js"));
        String policy = page.header("Content-Security-Policy");
        assertNotNull(policy);
        assertTrue(policy.contains("script-src 'self'") && !policy.contains("unsafe-eval"), policy);
        assertFalse(policy.replace("style-src 'self' 'unsafe-inline'", "").contains("unsafe-inline"), policy);
        assertEquals("nosniff", page.header("X-Content-Type-Options"));
        assertEquals(200, anyone.get("/app.js").status());
        assertTrue(server.hasEditor(), "the jar's classes hold CodeMirror (npm ran at build time)");
        assertEquals(200, anyone.get("/vendor/codemirror/lib/codemirror.js").status());
        assertEquals(200, anyone.get("/vendor/codemirror/mode/clike/clike.js").status());
        ApiClient.Answer outside = anyone.get("/vendor/../../../../etc/passwd");
        assertTrue(outside.status() == 400 || outside.status() == 404, outside::toString);
    }

    static void assertError(int status, ApiClient.Answer answer) {
        assertEquals(status, answer.status(), answer::toString);
        assertTrue(answer.header("Content-Type").startsWith("application/json"), answer::toString);
        TestServers.schema("error").assertValid(answer.json());
        assertEquals(status, answer.json().get("status").asInt());
        assertFalse(answer.json().get("error").asText().contains("Exception"), answer::toString);
    }
}

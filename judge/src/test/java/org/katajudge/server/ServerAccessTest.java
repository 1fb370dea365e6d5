package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A class on one server: each student reaches only their own attempts, code, cases and events
 * (every route tried with another student's attempt), never the teacher's routes; a hidden
 * example reaches no student response (the kata page, the attempt, its events); the teacher
 * sees everyone's and downloads grade's files with a line per student.
 */
class ServerAccessTest {

    /** The example hidden in these tests, renamed so that no other text holds its name; the wrong solution below fails it. */
    private static final String EXAMPLE = "a1 is dark";
    private static final String HIDDEN = "secret-corner-7f3";
    private static final String HIDDEN_MARK = "PRINTED-ARGUMENT";
    /** Right except on a1 (the hidden example's square), where it prints its argument and answers wrong. */
    private static final String WRONG_ON_A1 = """
            public class SquareColor {
                public static boolean isLight(String coordinate) {
                    if (coordinate.equals("a1")) {
                        System.out.println("%s " + coordinate);
                        return true;
                    }
                    return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '1') %% 2 == 1;
                }
            }
            """.formatted(HIDDEN_MARK);

    @TempDir
    static Path dir;

    private static KataServer server;
    private static ApiClient teacher;
    private static ApiClient ann;
    private static ApiClient bob;
    private static long annsAttempt;

    @BeforeAll
    static void start() throws IOException {
        Path katas = dir.resolve("katas");
        TestHome.copyTree(TestHome.katas(), katas);
        Path examples = katas.resolve("chess-square-color/examples.json");
        String text = Files.readString(examples);
        String line = "{\"name\":\"" + EXAMPLE + "\"";
        assertTrue(text.contains(line), text);
        Files.writeString(examples, text.replace(line, "{\"hidden\":true,\"name\":\"" + HIDDEN + "\""));
        server = KataServer.start(TestServers.options(dir.resolve("data"), Optional.of(katas),
                List.of("Ann <b>Lee</b>", "Bob"), new QueueLimits(2, 50, 3, 60), new FakeExports()));
        teacher = new ApiClient(server, server.owner());
        ann = new ApiClient(server, server.students().get(0));
        bob = new ApiClient(server, server.students().get(1));
        annsAttempt = ann.attempt("chess-square-color", Map.of("SquareColor.java", WRONG_ON_A1), "full").json().get("id").asLong();
        ann.done(annsAttempt);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** The replay a student is shown is for their machine: none of the server's paths (its data, its katas). */
    @Test
    void aStudentsReplayNamesNoneOfTheServersPaths() {
        JsonNode shown = ann.get("/api/attempts/" + annsAttempt).json();
        String replay = shown.path("view").path("replay").asText();
        assertTrue(replay.startsWith("java -jar judge.jar ") || replay.startsWith("(none: you cannot replay this case yourself"),
                shown::toString);
        assertFalse(replay.contains(dir.toString()) || replay.contains("attempt-" + annsAttempt), replay);
        assertTrue(replay.endsWith(" SquareColor.java") || !replay.startsWith("java"), "the file she handed in: " + replay);
        String inResult = shown.path("result").path("counterexample").path("replay").asText();
        assertEquals(replay, inResult, "the result she is sent carries the same, not the server's command: " + shown);
    }

    /**
     * The teacher's replay grades with the server's katas (its own copy, with the hidden example)
     * and names the attempt's file as saved: the scratch folder it was graded in is gone.
     */
    @Test
    void theTeachersReplayCarriesTheServersKatasAndNamesTheAttemptsFile() {
        JsonNode shown = teacher.get("/api/attempts/" + annsAttempt).json();
        String replay = shown.path("view").path("replay").asText();
        assertTrue(replay.contains(" --katas " + dir.resolve("katas").toAbsolutePath().normalize()), replay);
        assertTrue(replay.endsWith(" SquareColor.java"), replay);
        assertFalse(replay.contains("attempt-" + annsAttempt) || replay.contains(dir.resolve("data").toString()), replay);
    }

    @Test
    void theDataFolderIsItsOwnersOnly() throws IOException {
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("data"))),
                "it holds every link's token and every student's code");
    }

    /**
     * A student who sends request bodies a byte at a time holds a few of the server's threads, not
     * all of them: past {@value KataServer#MAX_REQUESTS_AT_ONCE} of theirs at once they are told to
     * wait, and everybody else is served (one student's slow uploads stopped the whole class).
     */
    @Test
    void oneStudentsSlowRequestsDoNotHoldTheServer() throws Exception {
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < KataServer.MAX_REQUESTS_AT_ONCE; i++) {
                slow.add(slowRequestOfBobs());
            }
            int status = 0;
            for (long deadline = System.nanoTime() + 30_000_000_000L; status != 429 && System.nanoTime() < deadline; ) {
                status = bob.get("/api/me").status(); // until the server holds all his slow ones
                // On a loaded machine a slow request may reach the server after one of these, be the one
                // too many and be answered 429: it is sent again, until all are held.
                for (int i = 0; i < slow.size() && status != 429; i++) {
                    if (slow.get(i).getInputStream().available() > 0) {
                        slow.get(i).close();
                        slow.set(i, slowRequestOfBobs());
                    }
                }
                Thread.sleep(50);
            }
            assertEquals(429, status, "one more request of his, while his slow ones are held");
            assertEquals("1", bob.get("/api/me").response().headers().firstValue("Retry-After").orElse(""),
                    "told when to try again, as every 429 is");
            assertEquals(200, ann.get("/api/me").status(), "another student is served meanwhile");
            assertEquals(200, teacher.get("/api/me").status());
        } finally {
            for (Socket socket : slow) {
                socket.close();
            }
        }
        int status = 0;
        for (long deadline = System.nanoTime() + 30_000_000_000L; status != 200 && System.nanoTime() < deadline; ) {
            status = bob.get("/api/me").status(); // his slow requests end with their connections
            Thread.sleep(50);
        }
        assertEquals(200, status, "served again once his slow requests ended");
    }

    /** A request of Bob's whose body never comes: it holds a server thread until its connection ends. */
    private static Socket slowRequestOfBobs() throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.getOutputStream().write(("PUT /api/katas/knight-moves/draft HTTP/1.1\r\nHost: x\r\n"
                + "Authorization: Bearer " + server.students().get(1).token() + "\r\n"
                + "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{").getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        return socket;
    }

    @Test
    void tokensAreUnguessableAndDistinct() {
        List<String> tokens = new ArrayList<>(server.students().stream().map(Person::token).toList());
        tokens.add(server.owner().token());
        assertEquals(tokens.size(), tokens.stream().distinct().count());
        tokens.forEach(t -> assertTrue(t.length() >= 26, "at least 128 bits in base64: " + t.length()));
    }

    @Test
    void aStudentReachesNoOtherStudentsAttempt() {
        long id = annsAttempt;
        ServerApiTest.assertError(404, bob.get("/api/attempts/" + id));
        ServerApiTest.assertError(404, bob.get("/api/attempts/" + id + "/events"));
        ServerApiTest.assertError(404, bob.post("/api/katas/chess-square-color/cases",
                ReportJson.mapper().createObjectNode().put("attempt", id)));
        JsonNode bobsList = bob.get("/api/katas/chess-square-color/attempts").json();
        assertEquals(0, bobsList.size(), bobsList::toString);
        JsonNode bobsPage = bob.get("/api/katas/chess-square-color").json();
        assertEquals(0, bobsPage.get("attempts").size());
        assertTrue(bobsPage.get("draft").isNull(), "Ann's code is not Bob's draft: " + bobsPage.get("draft"));
        assertFalse(bob.get("/api/katas/chess-square-color").body().contains(HIDDEN_MARK));
        assertEquals(200, ann.get("/api/attempts/" + id).status());
    }

    @Test
    void aStudentReachesNoTeachersRoute() {
        for (String path : List.of("/api/class", "/api/class/katas/chess-square-color",
                "/api/class/katas/chess-square-color/gradebook.csv", "/api/class/katas/chess-square-color/report.json")) {
            ServerApiTest.assertError(404, ann.get(path));
            ServerApiTest.assertError(404, bob.get(path));
        }
        assertEquals(200, teacher.get("/api/class").status());
    }

    @Test
    void theHiddenExampleReachesNoStudentResponse() {
        List<String> seen = new ArrayList<>(); // everything Ann is answered
        List<String> graded = new ArrayList<>(); // the results and events alone (her own code holds the mark)
        seen.add(ann.get("/api/katas/chess-square-color").body());
        seen.add(ann.get("/api/katas/chess-square-color/attempts").body());
        long live = ann.attempt("chess-square-color", Map.of("SquareColor.java", WRONG_ON_A1), "examples").json().get("id").asLong();
        for (long id : List.of(annsAttempt, live)) {
            ann.events(id).forEach(e -> graded.add(e.toString()));
            JsonNode attempt = ann.get("/api/attempts/" + id).json();
            seen.add(attempt.toString());
            graded.add(attempt.get("result").toString());
            graded.add(attempt.get("view").toString());
        }
        seen.addAll(graded);
        for (String body : seen) {
            assertFalse(body.contains(HIDDEN), "the hidden example's name: " + body);
        }
        for (String body : graded) {
            assertFalse(body.contains(HIDDEN_MARK), "what the run printed: " + body);
        }
        JsonNode shown = ann.get("/api/attempts/" + annsAttempt).json();
        assertEquals("WRONG_ANSWER", shown.get("result").get("verdict").asText());
        // a1 is also one of the 64 enumerated squares, which run before the hidden example: that failure is the verdict
        assertFalse(shown.get("result").get("message").asText().contains("hidden"), shown::toString);
        JsonNode tests = shown.get("result").get("tests");
        JsonNode last = tests.get(tests.size() - 1);
        assertEquals("hidden test 1", last.get("name").asText(), shown::toString);
        assertEquals("FAILED", last.get("status").asText(), shown::toString);
        assertEquals(1, ann.get("/api/katas/chess-square-color").json().get("hiddenExamples").asInt());
        // the teacher sees it whole
        String full = teacher.get("/api/attempts/" + annsAttempt).body();
        assertTrue(full.contains(HIDDEN), full);
    }

    @Test
    void theTeacherSeesEveryStudentsLatestAttemptAndDownloadsGradesFiles() {
        JsonNode overview = teacher.get("/api/class").json();
        TestServers.schema("class").assertValid(overview);
        assertEquals(2, overview.get("students").size());
        assertTrue(overview.get("students").get(0).get("link").asText().endsWith("#token=" + server.students().get(0).token()));
        JsonNode latest = teacher.get("/api/class/katas/chess-square-color").json();
        TestServers.schema("classKata").assertValid(latest);
        assertEquals("WRONG_ANSWER", latest.get("students").get(0).get("verdict").asText(), latest::toString);
        assertEquals(annsAttempt, latest.get("students").get(0).get("attempt").asLong());
        assertEquals("NO_SUBMISSION", latest.get("students").get(1).get("verdict").asText());
        // before the attempt was made: nobody handed anything in
        JsonNode early = teacher.get("/api/class/katas/chess-square-color?deadline=2000-01-01T00:00:00Z").json();
        assertEquals("NO_SUBMISSION", early.get("students").get(0).get("verdict").asText(), early::toString);
        ServerApiTest.assertError(400, teacher.get("/api/class/katas/chess-square-color?deadline=tomorrow"));
        ServerApiTest.assertError(404, teacher.get("/api/class/katas/chess-square-color/secrets.txt"));

        ApiClient.Answer download = teacher.get("/api/class/katas/chess-square-color/results.txt");
        assertEquals(200, download.status(), download::toString);
        assertTrue(download.header("Content-Disposition").contains("chess-square-color-results.txt"));
        String[] lines = download.body().split("\n");
        assertEquals(2, lines.length, download.body());
        assertTrue(lines[0].startsWith("Ann <b>Lee</b> WRONG_ANSWER"), download.body());
        assertTrue(lines[1].startsWith("Bob NO_SUBMISSION"), download.body());
        assertTrue(teacher.get("/api/attempts/" + annsAttempt).json().has("student"));
        assertNotEquals(200, teacher.post("/api/class", ReportJson.mapper().createObjectNode()).status());
    }

    /** Downloads as the command line's would be made: one line per result, to see what they are given. */
    static final class FakeExports implements ClassExports {
        @Override
        public List<String> formats() {
            return List.of("results.txt");
        }

        @Override
        public Download write(String format, List<SubmissionResult> results) {
            StringBuilder text = new StringBuilder();
            results.forEach(r -> text.append(r.student()).append(' ').append(r.verdict()).append(' ').append(r.maxScore()).append('\n'));
            return new Download(format, "text/plain; charset=utf-8", text.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}

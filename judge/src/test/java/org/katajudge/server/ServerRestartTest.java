package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server stopped while attempts wait and one is graded: the next server on the same data
 * folder grades every one of them, and each attempt ends with exactly one result, its own. Also:
 * a student's attempts beyond their limit answer 429 with Retry-After.
 */
class ServerRestartTest {

    @TempDir
    Path data;

    @Test
    void attemptsQueuedWhenTheServerStopsAreGradedAfterTheRestart() throws InterruptedException {
        QueueLimits oneAtATime = new QueueLimits(1, 50, 10, 100);
        Map<String, String> right = ServerApiTest.sample("chess-square-color", "accepted", "parity-formula");
        Map<String, String> wrong = ServerApiTest.sample("chess-square-color", "wrong_answer", "rank-parity-only");
        List<Long> ids = new ArrayList<>();
        String token;
        try (KataServer first = KataServer.start(TestServers.options(data, Optional.empty(), List.of(), oneAtATime,
                ClassExports.NONE))) {
            ApiClient me = new ApiClient(first, first.owner());
            token = first.owner().token();
            for (int i = 0; i < 4; i++) {
                ids.add(me.attempt("chess-square-color", i % 2 == 0 ? right : wrong, "examples").json().get("id").asLong());
            }
            // stop once the first is being graded: the others are still waiting
            for (int polls = 0; polls < 600 && !me.get("/api/attempts/" + ids.get(0)).json().get("status").asText().equals("running")
                    && !me.get("/api/attempts/" + ids.get(0)).json().get("status").asText().equals("done"); polls++) {
                Thread.sleep(100);
            }
        }
        try (KataServer second = KataServer.start(TestServers.options(data, Optional.empty(), List.of(), oneAtATime,
                ClassExports.NONE))) {
            assertEquals(token, second.owner().token(), "the link stays the same across a restart");
            assertTrue(second.recovered() >= 1, "attempts left waiting are queued again: " + second.recovered());
            ApiClient me = new ApiClient(second, second.owner());
            for (int i = 0; i < ids.size(); i++) {
                JsonNode attempt = me.done(ids.get(i));
                assertEquals(i % 2 == 0 ? "ACCEPTED" : "WRONG_ANSWER", attempt.get("result").get("verdict").asText(),
                        attempt::toString);
                assertEquals("attempt-" + ids.get(i), attempt.get("result").get("submission").asText());
            }
            JsonNode mine = me.get("/api/katas/chess-square-color/attempts").json();
            assertEquals(ids.size(), mine.size(), "no attempt lost, none twice: " + mine);
        }
    }

    @Test
    void aStudentsAttemptsBeyondTheLimitAnswer429WithRetryAfter() {
        Map<String, String> right = ServerApiTest.sample("chess-square-color", "accepted", "parity-formula");
        // one attempt a minute: the second, sent at once, is refused (the queue's limits: AttemptQueueTest)
        try (KataServer server = KataServer.start(TestServers.options(data, Optional.empty(), List.of("ann", "bob"),
                new QueueLimits(1, 10, 10, 1), ClassExports.NONE))) {
            ApiClient ann = new ApiClient(server, server.students().get(0));
            ApiClient bob = new ApiClient(server, server.students().get(1));
            ApiClient.Answer first = ann.attempt("chess-square-color", right, "examples");
            assertEquals(202, first.status(), first::toString);
            ApiClient.Answer second = ann.attempt("chess-square-color", right, "examples");
            assertBusy(second);
            assertTrue(second.json().get("error").asText().contains("a minute"), second::toString);
            ApiClient.Answer others = bob.attempt("chess-square-color", right, "examples");
            assertEquals(202, others.status(), "another student's limit is their own: " + others);
            ann.done(first.json().get("id").asLong());
            bob.done(others.json().get("id").asLong());
        }
    }

    private static void assertBusy(ApiClient.Answer answer) {
        ServerApiTest.assertError(429, answer);
        assertTrue(Long.parseLong(answer.header("Retry-After")) >= 1, answer::toString);
    }
}

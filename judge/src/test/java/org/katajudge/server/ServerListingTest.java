package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.report.HandMade;
import org.katajudge.report.SubmissionResult;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The pages that list a student's attempts (the kata list's status, a kata's page, the list of
 * attempts) read no attempt's files nor its result: with every stored source and result made
 * unreadable in the database, they answer exactly what they answered before. A list that loaded
 * whole attempts made one student with many large attempts slow everyone's pages (red team);
 * unreadable columns prove the lists do not parse them, without measuring time.
 */
class ServerListingTest {

    private static final String KATA = "chess-square-color";
    private static final List<String> LISTS = List.of("/api/katas", "/api/katas/" + KATA, "/api/katas/" + KATA + "/attempts");
    /** What the full attempt adds to its summary. */
    private static final Set<String> FULL_ONLY = Set.of("started", "finished", "files", "events", "result", "view");

    @TempDir
    Path data;

    @Test
    void listsAnswerTheSameWhenNoFileNorResultCanBeRead() throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (JdbcAttemptStore store = JdbcAttemptStore.embedded(data)) {
            // "me" is the playground's student; a large source, as the red team's were
            Map<String, String> files = Map.of("Main.java", "class Main {}\n" + "// padding\n".repeat(20_000));
            ids.add(graded(store, Mode.EXAMPLES, files, HandMade.compileError("me", KATA)));
            ids.add(graded(store, Mode.FULL, files, HandMade.accepted("me", KATA)));
            ids.add(graded(store, Mode.EXAMPLES, files, HandMade.safeSpacesHiddenWrong("me"))); // a student view differs
        }
        Map<String, String> before = new LinkedHashMap<>();
        try (KataServer server = TestServers.playground(data)) {
            ApiClient me = new ApiClient(server, server.owner());
            for (String list : LISTS) {
                ApiClient.Answer answer = me.get(list);
                assertEquals(200, answer.status(), answer::toString);
                before.put(list, answer.body());
            }
            JsonNode attempts = me.get("/api/katas/" + KATA + "/attempts").json();
            TestServers.schema("attemptList").assertValid(attempts);
            assertEquals(ids.size(), attempts.size(), attempts::toString);
            for (JsonNode summary : attempts) { // each as the attempt itself says it, nothing more, nothing less
                JsonNode full = me.get("/api/attempts/" + summary.get("id").asLong()).json();
                List<String> fields = new ArrayList<>();
                full.fieldNames().forEachRemaining(fields::add);
                fields.removeAll(FULL_ONLY);
                List<String> listed = new ArrayList<>();
                summary.fieldNames().forEachRemaining(listed::add);
                assertEquals(fields, listed, summary::toString);
                for (Iterator<String> names = summary.fieldNames(); names.hasNext(); ) {
                    String name = names.next();
                    assertEquals(full.get(name), summary.get(name), name);
                }
            }
            JsonNode accepted = attempts.get(1);
            assertEquals("ACCEPTED", accepted.get("verdict").asText(), attempts::toString);
            assertEquals("solved", me.get("/api/katas/" + KATA).json().get("status").asText());
        }

        try (Connection raw = DriverManager.getConnection("jdbc:h2:" + data.resolve("katajudge"));
             PreparedStatement spoil = raw.prepareStatement("UPDATE attempts SET files = ?, result = ?")) {
            spoil.setString(1, "{\"Main.java\": not JSON");
            spoil.setString(2, "{\"verdict\": not JSON");
            assertEquals(ids.size(), spoil.executeUpdate());
        }

        try (KataServer server = TestServers.playground(data)) {
            ApiClient me = new ApiClient(server, server.owner());
            for (String list : LISTS) {
                ApiClient.Answer answer = me.get(list);
                assertEquals(200, answer.status(), () -> list + " read a file or a result: " + answer);
                assertEquals(before.get(list), answer.body(), list);
            }
            // the spoiling took: showing one attempt whole does read them
            assertNotEquals(200, me.get("/api/attempts/" + ids.get(0)).status());
        }
    }

    private static long graded(JdbcAttemptStore store, Mode mode, Map<String, String> files, SubmissionResult result) {
        Attempt attempt = store.addAttempt("me", KATA, mode, files, 1_700_000_000_000L);
        store.markRunning(attempt.id(), 1_700_000_001_000L);
        store.markDone(attempt.id(), result, 1_700_000_002_000L);
        return attempt.id();
    }
}

package org.katajudge.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.report.HandMade;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The store's summaries and the teacher's latest attempts read no more than they need (no files;
 * summaries no result either), and a data folder of the first version opens with its attempts'
 * grades. "Read no more" is shown by columns made unreadable with plain JDBC, never by time.
 */
class JdbcAttemptStoreTest {

    private static final Map<String, String> FILES = Map.of("Main.java", "class Main {}\n");

    @TempDir
    Path data;

    @Test
    void summariesAreTheAttemptsOwnAndReadNeitherFilesNorResults() throws SQLException {
        List<AttemptSummary> expected;
        try (JdbcAttemptStore store = JdbcAttemptStore.embedded(data)) {
            graded(store, "ann", "k", Mode.FULL, HandMade.accepted("ann", "k"));
            graded(store, "ann", "k", Mode.EXAMPLES, HandMade.safeSpacesHiddenWrong("ann"));
            graded(store, "bob", "k", Mode.FULL, HandMade.accepted("bob", "k"));
            graded(store, "ann", "k", Mode.EXAMPLES, HandMade.compileError("ann", "k"));
            store.markRunning(store.addAttempt("ann", "k", Mode.FULL, FILES, 50).id(), 60);
            store.addAttempt("ann", "k", Mode.EXAMPLES, FILES, 70);
            store.addAttempt("ann", "other", Mode.FULL, FILES, 80);

            List<AttemptSummary> mine = store.summaries("ann", "k", 50);
            assertEquals(List.of(6L, 5L, 4L, 2L, 1L), mine.stream().map(AttemptSummary::id).toList());
            for (AttemptSummary summary : mine) {
                assertEquals(AttemptSummary.of(store.attempt(summary.id()).orElseThrow()), summary);
            }
            assertEquals(new AttemptSummary.Grade(Verdict.COMPILE_ERROR, 0, 2), mine.get(2).grade().orElseThrow());
            assertEquals(Optional.empty(), mine.get(0).grade(), "queued: no grade");
            assertTrue(mine.get(4).solves());
            assertEquals(mine.subList(0, 2), store.summaries("ann", "k", 2));
            expected = mine;
        }
        spoil("UPDATE attempts SET files = 'not JSON', result = CASE WHEN result IS NULL THEN NULL ELSE 'not JSON' END");
        try (JdbcAttemptStore store = JdbcAttemptStore.embedded(data)) {
            assertEquals(expected, store.summaries("ann", "k", 50));
            assertThrows(RuntimeException.class, () -> store.attempt(1), "the spoiling took");
        }
    }

    @Test
    void latestIsEachPersonsLastGradedAttemptByTheDeadlineReadWithoutItsFiles() throws SQLException {
        long annLast;
        long bob;
        long late;
        try (JdbcAttemptStore store = JdbcAttemptStore.embedded(data)) {
            graded(store, "ann", "k", Mode.FULL, HandMade.compileError("ann", "k"));
            annLast = graded(store, "ann", "k", Mode.FULL, HandMade.accepted("ann", "k"));
            graded(store, "ann", "k", Mode.EXAMPLES, HandMade.compileError("ann", "k")); // not full
            graded(store, "ann", "other", Mode.FULL, HandMade.compileError("ann", "other")); // another kata
            bob = graded(store, "bob", "k", Mode.FULL, HandMade.accepted("bob", "k"));
            store.addAttempt("cat", "k", Mode.FULL, FILES, 10); // not graded
            late = store.addAttempt("ann", "k", Mode.FULL, FILES, 999).id();
            store.markDone(late, HandMade.compileError("ann", "k"), 1000); // after the deadline
        }
        spoil("UPDATE attempts SET files = 'not JSON'");
        try (JdbcAttemptStore store = JdbcAttemptStore.embedded(data)) {
            Map<String, AttemptStore.Graded> latest = store.latest("k", Mode.FULL, 500);
            assertEquals(List.of("ann", "bob"), List.copyOf(latest.keySet()));
            assertEquals(annLast, latest.get("ann").summary().id());
            assertEquals(Verdict.ACCEPTED, latest.get("ann").result().verdict());
            assertEquals(HandMade.accepted("ann", "k"), latest.get("ann").result());
            assertEquals(bob, latest.get("bob").summary().id());
            assertEquals(late, store.latest("k", Mode.FULL, 1000).get("ann").summary().id());
        }
    }

    /**
     * A data folder made by the first version (its tables as then, no points beside the result)
     * opens; its graded attempts are listed with their grades, one whose result cannot be read
     * without one, and it opens again.
     */
    @Test
    void aDataFolderOfTheFirstVersionOpensWithItsGrades() throws SQLException {
        SubmissionResult accepted = HandMade.accepted("ann", "k");
        try (Connection raw = DriverManager.getConnection(url(data)); Statement statement = raw.createStatement()) {
            statement.execute("CREATE TABLE attempts (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
                    + " person VARCHAR(400) NOT NULL, kata VARCHAR(100) NOT NULL, mode VARCHAR(16) NOT NULL,"
                    + " files CLOB NOT NULL, status VARCHAR(16) NOT NULL, submitted BIGINT NOT NULL,"
                    + " started BIGINT NOT NULL, finished BIGINT NOT NULL, verdict VARCHAR(40), result CLOB)");
            try (PreparedStatement insert = raw.prepareStatement("INSERT INTO attempts (person, kata, mode, files, status,"
                    + " submitted, started, finished, verdict, result) VALUES ('ann', 'k', ?, ?, ?, 1, 2, 3, ?, ?)")) {
                row(insert, Mode.FULL, Attempt.Status.DONE, accepted.verdict().name(), ReportJson.toJson(accepted));
                row(insert, Mode.EXAMPLES, Attempt.Status.DONE, Verdict.WRONG_ANSWER.name(), "{\"verdict\": unreadable");
                row(insert, Mode.EXAMPLES, Attempt.Status.QUEUED, null, null);
            }
        }
        for (int opening = 0; opening < 2; opening++) {
            try (JdbcAttemptStore store = JdbcAttemptStore.embedded(data)) {
                List<AttemptSummary> mine = store.summaries("ann", "k", 50);
                assertEquals(3, mine.size(), mine::toString);
                assertEquals(AttemptSummary.of(store.attempt(1).orElseThrow()), mine.get(2));
                assertEquals(Optional.of(AttemptSummary.Grade.of(accepted)), mine.get(2).grade());
                assertEquals(Optional.empty(), mine.get(1).grade(), "its result cannot be read: no grade");
                assertEquals(Attempt.Status.DONE, mine.get(1).status());
                assertEquals(List.of(3L), store.unfinished().stream().map(Attempt::id).toList());
            }
        }
    }

    private static void row(PreparedStatement insert, Mode mode, Attempt.Status status, String verdict, String result)
            throws SQLException {
        insert.setString(1, mode.name());
        insert.setString(2, ReportJson.mapper().valueToTree(FILES).toString());
        insert.setString(3, status.name());
        insert.setString(4, verdict);
        insert.setString(5, result);
        insert.executeUpdate();
    }

    /** The embedded store's database file, for plain JDBC while no store has it open. */
    private static String url(Path data) {
        return "jdbc:h2:" + data.toAbsolutePath().resolve("katajudge").toString().replace('\\', '/');
    }

    private void spoil(String update) throws SQLException {
        try (Connection raw = DriverManager.getConnection(url(data)); Statement statement = raw.createStatement()) {
            assertTrue(statement.executeUpdate(update) > 0, update);
        }
    }

    private static long graded(JdbcAttemptStore store, String person, String kata, Mode mode, SubmissionResult result) {
        Attempt attempt = store.addAttempt(person, kata, mode, FILES, 100);
        store.markRunning(attempt.id(), 200);
        store.markDone(attempt.id(), result, 300);
        return attempt.id();
    }
}

package org.katajudge.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SQL of {@link JdbcAttemptStore}'s attempts table, on the store's connection, called under its
 * lock. A list reads {@link AttemptSummary summaries}: the columns {@link #SUMMARY} names, never
 * {@code files} (the sources, up to megabytes an attempt) nor {@code result} (its JSON); the verdict
 * and points a summary shows are columns of their own, written with the result. Whole attempts are
 * read one at a time (to show or grade one) and returned as read, to be parsed after the lock.
 */
final class AttemptTable {

    /**
     * The columns added since the first version, after {@code CREATE TABLE}: ALTER, so that a data
     * folder of an older version opens (its graded attempts get their points from their results, {@link #backfill}).
     */
    static final List<String> MIGRATIONS = List.of(
            "ALTER TABLE attempts ADD COLUMN IF NOT EXISTS score DOUBLE PRECISION",
            "ALTER TABLE attempts ADD COLUMN IF NOT EXISTS max_score DOUBLE PRECISION");

    /** What a summary reads, in {@link #summary}'s order. */
    static final String SUMMARY = "id, person, kata, mode, status, submitted, verdict, score, max_score";

    private static final ObjectMapper JSON = ReportJson.mapper();
    private static final TypeReference<LinkedHashMap<String, String>> FILES = new TypeReference<>() { };

    private final Connection connection;

    AttemptTable(Connection connection) {
        this.connection = connection;
    }

    /** Files (name to source) as stored, in an attempt or a draft. */
    static String filesJson(Map<String, String> files) throws JsonProcessingException {
        return JSON.writeValueAsString(new LinkedHashMap<>(files));
    }

    /** Files as {@link #filesJson} stored them, in their order. */
    static Map<String, String> filesOf(String json) throws JsonProcessingException {
        return JSON.readValue(json, FILES);
    }

    Attempt add(String person, String kata, Mode mode, Map<String, String> files, long now)
            throws SQLException, JsonProcessingException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO attempts"
                + " (person, kata, mode, files, status, submitted, started, finished) VALUES (?, ?, ?, ?, ?, ?, 0, 0)",
                new String[] {"id"})) {
            insert.setString(1, person);
            insert.setString(2, kata);
            insert.setString(3, mode.name());
            insert.setString(4, filesJson(files));
            insert.setString(5, Attempt.Status.QUEUED.name());
            insert.setLong(6, now);
            insert.executeUpdate();
            try (ResultSet keys = insert.getGeneratedKeys()) {
                keys.next();
                return new Attempt(keys.getLong(1), person, kata, mode, files, Attempt.Status.QUEUED, now, 0, 0,
                        Optional.empty());
            }
        }
    }

    Optional<Stored> find(long id) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT " + SUMMARY + ", started, finished, files, result FROM attempts WHERE id = ?")) {
            query.setLong(1, id);
            List<Stored> found = stored(query);
            return found.stream().findFirst();
        }
    }

    List<AttemptSummary> summaries(String person, String kata, int limit) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT " + SUMMARY
                + " FROM attempts WHERE person = ? AND kata = ? ORDER BY id DESC FETCH FIRST ? ROWS ONLY")) {
            query.setString(1, person);
            query.setString(2, kata);
            query.setInt(3, limit);
            List<AttemptSummary> found = new ArrayList<>();
            try (ResultSet row = query.executeQuery()) {
                while (row.next()) {
                    found.add(summary(row));
                }
            }
            return found;
        }
    }

    List<Stored> unfinished() throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT " + SUMMARY
                + ", started, finished, files, result FROM attempts WHERE status <> ? ORDER BY id")) {
            query.setString(1, Attempt.Status.DONE.name());
            return stored(query);
        }
    }

    void markRunning(long id, long now) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE attempts SET status = ?, started = ? WHERE id = ?")) {
            update.setString(1, Attempt.Status.RUNNING.name());
            update.setLong(2, now);
            update.setLong(3, id);
            update.executeUpdate();
        }
    }

    void markDone(long id, SubmissionResult result, long now) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement("UPDATE attempts SET status = ?, finished = ?,"
                + " verdict = ?, score = ?, max_score = ?, result = ? WHERE id = ?")) {
            update.setString(1, Attempt.Status.DONE.name());
            update.setLong(2, now);
            update.setString(3, result.verdict().name());
            update.setDouble(4, result.score());
            update.setDouble(5, result.maxScore());
            update.setString(6, ReportJson.toJson(result));
            update.setLong(7, id);
            update.executeUpdate();
        }
    }

    /** Each person's latest done attempt at a kata in a mode by a deadline: one row a person, without its files. */
    List<StoredResult> latest(String kata, Mode mode, long deadline) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT " + SUMMARY + ", result FROM attempts"
                + " WHERE id IN (SELECT MAX(id) FROM attempts WHERE kata = ? AND mode = ? AND status = ? AND submitted <= ?"
                + " GROUP BY person) ORDER BY id")) {
            query.setString(1, kata);
            query.setString(2, mode.name());
            query.setString(3, Attempt.Status.DONE.name());
            query.setLong(4, deadline);
            List<StoredResult> found = new ArrayList<>();
            try (ResultSet row = query.executeQuery()) {
                while (row.next()) {
                    found.add(new StoredResult(summary(row), row.getString(10)));
                }
            }
            return found;
        }
    }

    /**
     * Gives the attempts graded by an older version, which kept no points beside the result, their
     * points from their results; once, at the first opening (a later one finds none). A result that
     * cannot be read keeps none: its attempt is listed without its grade (it cannot be shown either).
     */
    void backfill() throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery(
                     "SELECT id FROM attempts WHERE result IS NOT NULL AND (score IS NULL OR max_score IS NULL)")) {
            while (row.next()) {
                ids.add(row.getLong(1));
            }
        }
        try (PreparedStatement read = connection.prepareStatement("SELECT result FROM attempts WHERE id = ?");
             PreparedStatement write = connection.prepareStatement(
                     "UPDATE attempts SET verdict = ?, score = ?, max_score = ? WHERE id = ?")) {
            for (long id : ids) { // one result in memory at a time
                read.setLong(1, id);
                SubmissionResult result;
                try (ResultSet row = read.executeQuery()) {
                    if (!row.next()) {
                        continue;
                    }
                    result = ReportJson.fromJson(row.getString(1));
                } catch (UncheckedIOException e) {
                    continue;
                }
                write.setString(1, result.verdict().name());
                write.setDouble(2, result.score());
                write.setDouble(3, result.maxScore());
                write.setLong(4, id);
                write.executeUpdate();
            }
        }
    }

    /** A summary from the first columns of a row that begins with {@link #SUMMARY}. */
    private static AttemptSummary summary(ResultSet row) throws SQLException {
        String verdict = row.getString(7);
        double score = row.getDouble(8);
        boolean graded = verdict != null && !row.wasNull();
        double maxScore = row.getDouble(9);
        graded &= !row.wasNull();
        return new AttemptSummary(row.getLong(1), row.getString(2), row.getString(3), Mode.valueOf(row.getString(4)),
                Attempt.Status.valueOf(row.getString(5)), row.getLong(6),
                graded ? Optional.of(new AttemptSummary.Grade(Verdict.valueOf(verdict), score, maxScore)) : Optional.empty());
    }

    private static List<Stored> stored(PreparedStatement query) throws SQLException {
        List<Stored> found = new ArrayList<>();
        try (ResultSet row = query.executeQuery()) {
            while (row.next()) {
                found.add(new Stored(summary(row), row.getLong(10), row.getLong(11), row.getString(12), row.getString(13)));
            }
        }
        return found;
    }

    /** A whole attempt as read: its files and result still JSON, parsed by {@link #parse} once the lock is released. */
    record Stored(AttemptSummary summary, long started, long finished, String files, String result) {

        Attempt parse() throws JsonProcessingException {
            AttemptSummary s = summary;
            return new Attempt(s.id(), s.person(), s.kata(), s.mode(), filesOf(files), s.status(),
                    s.submitted(), started, finished, result == null ? Optional.empty() : Optional.of(ReportJson.fromJson(result)));
        }
    }

    /** A graded attempt as read, without its files: its result is parsed by {@link #parse} once the lock is released. */
    record StoredResult(AttemptSummary summary, String result) {

        AttemptStore.Graded parse() {
            return new AttemptStore.Graded(summary, ReportJson.fromJson(result));
        }
    }
}

package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import org.katajudge.report.SubmissionResult;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the server keeps what must survive a restart: people and their tokens, attempts (their
 * code, status and result), saved cases and drafts. One implementation today
 * ({@link JdbcAttemptStore}, an embedded H2 database); a server database can replace it behind
 * this interface. Every method is safe to call from any thread.
 */
public interface AttemptStore extends AutoCloseable {

    /** Adds the person, or keeps the one already there with that id (and its token). */
    Person addPerson(Person person);

    List<Person> people();

    /** Records a new attempt, queued. */
    Attempt addAttempt(String person, String kata, Mode mode, Map<String, String> files, long now);

    /** One attempt whole, with its files and result: to show or grade it. */
    Optional<Attempt> attempt(long id);

    /**
     * A person's attempts at a kata, newest first, at most {@code limit}: their summaries, read without
     * their files or results, so that a list costs the same whatever the sources' size.
     */
    List<AttemptSummary> summaries(String person, String kata, int limit);

    /** Every attempt not done (queued, or running when the server stopped), oldest first, whole: to grade them. */
    List<Attempt> unfinished();

    void markRunning(long id, long now);

    void markDone(long id, SubmissionResult result, long now);

    /**
     * Each person's latest done attempt at a kata in {@code mode} made at or before {@code deadline}
     * (epoch ms), by person id, with its result but not its files.
     */
    Map<String, Graded> latest(String kata, Mode mode, long deadline);

    SavedCase addCase(String person, String kata, String method, JsonNode args, JsonNode expected, long now);

    List<SavedCase> cases(String person, String kata);

    /** @return whether the person had that case */
    boolean deleteCase(String person, String kata, long id);

    void saveDraft(String person, String kata, Map<String, String> files, long now);

    Optional<Map<String, String>> draft(String person, String kata);

    @Override
    void close();

    /** A done attempt's summary and its result, in the teacher's view. */
    record Graded(AttemptSummary summary, SubmissionResult result) {
    }
}

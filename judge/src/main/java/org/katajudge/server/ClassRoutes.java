package org.katajudge.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.plan.Submission;
import org.katajudge.intake.IntakeVerdict;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The teacher's routes; every one needs the teacher's token (a student's is answered 404, as
 * for a route that does not exist):
 * <pre>
 * GET /api/class                                   students (with their links), katas, formats
 * GET /api/class/katas/{kata}?deadline=T           each student's latest full attempt made by T
 * GET /api/class/katas/{kata}/{format}?deadline=T  the file grade writes, of those attempts
 * </pre>
 * {@code T} is an ISO-8601 instant ({@code 2025-03-01T23:59:00Z}) or epoch milliseconds; absent: now.
 * A student with no attempt by then is {@code NO_SUBMISSION}, as {@code grade --roster} makes them.
 */
final class ClassRoutes {

    private final KataView katas;
    private final AttemptStore store;
    private final AttemptGrader grader;
    private final ClassExports exports;
    private final List<Person> students;
    private volatile String baseUrl;
    private final LongSupplier clock;

    ClassRoutes(KataView katas, AttemptStore store, AttemptGrader grader, ClassExports exports, List<Person> students,
                String baseUrl, LongSupplier clock) {
        this.katas = katas;
        this.store = store;
        this.grader = grader;
        this.exports = exports;
        this.students = List.copyOf(students);
        this.baseUrl = baseUrl;
        this.clock = clock;
    }

    /** Sets how students reach the server, once it listens (the port may be chosen then). */
    void baseUrl(String url) {
        this.baseUrl = url;
    }

    /** Answers {@code /api/class...}; false when no route matches. */
    boolean handle(Exchange exchange, Person me) {
        String[] p = exchange.parts();
        if (p.length < 2 || !p[1].equals("class")) {
            return false;
        }
        if (me.role() != Person.Role.TEACHER) {
            throw ApiError.notFound("no such route: " + exchange.path());
        }
        ApiRoutes.allow(exchange.method(), "GET");
        if (p.length == 2) {
            exchange.json(200, overview());
            return true;
        }
        if (p.length >= 4 && p[2].equals("katas")) {
            KataDefinition kata = katas.kata(p[3]).orElseThrow(() -> ApiError.notFound("no kata \"" + Sources.printable(p[3]) + "\""));
            long deadline = deadline(exchange.query("deadline"));
            if (p.length == 4) {
                exchange.json(200, latest(kata, deadline));
                return true;
            }
            if (p.length == 5) {
                if (!exports.formats().contains(p[4])) {
                    throw ApiError.notFound("no download \"" + Sources.printable(p[4]) + "\" (offered: "
                            + String.join(", ", exports.formats()) + ")");
                }
                try {
                    ClassExports.Download download = exports.write(p[4], results(kata, deadline));
                    exchange.download(download.contentType(), kata.id() + "-" + download.fileName(), download.bytes());
                } catch (IOException e) {
                    throw new ApiError(500, "cannot write " + p[4] + ": " + e.getMessage());
                }
                return true;
            }
        }
        return false;
    }

    private ObjectNode overview() {
        ObjectNode node = ReportJson.mapper().createObjectNode();
        ArrayNode people = node.putArray("students");
        for (Person student : students) {
            people.addObject().put("id", student.id()).put("name", student.name())
                    .put("link", baseUrl + "/#token=" + student.token());
        }
        ArrayNode list = node.putArray("katas");
        katas.katas().forEach(k -> list.add(katas.summary(k)));
        ArrayNode formats = node.putArray("formats");
        exports.formats().forEach(formats::add);
        return node;
    }

    private ObjectNode latest(KataDefinition kata, long deadline) {
        Map<String, AttemptStore.Graded> latest = store.latest(kata.id(), Mode.FULL, deadline);
        ObjectNode node = ReportJson.mapper().createObjectNode();
        node.put("kata", kata.id());
        node.put("deadline", Instant.ofEpochMilli(deadline).toString());
        ArrayNode rows = node.putArray("students");
        for (Person student : students) {
            ObjectNode row = rows.addObject().put("id", student.id()).put("name", student.name());
            AttemptStore.Graded attempt = latest.get(student.id());
            if (attempt == null) {
                row.put("verdict", Verdict.NO_SUBMISSION.name());
            } else {
                SubmissionResult result = attempt.result();
                row.put("attempt", attempt.summary().id()).put("submitted", attempt.summary().submitted())
                        .put("verdict", result.verdict().name()).put("score", result.score())
                        .put("maxScore", result.maxScore()).put("message", result.message());
            }
        }
        return node;
    }

    /** One result per student on the roster: their latest full attempt by the deadline, else NO_SUBMISSION. */
    List<SubmissionResult> results(KataDefinition kata, long deadline) {
        Map<String, AttemptStore.Graded> latest = store.latest(kata.id(), Mode.FULL, deadline);
        List<SubmissionResult> results = new ArrayList<>();
        for (Person student : students) {
            AttemptStore.Graded attempt = latest.get(student.id());
            results.add(attempt != null ? attempt.result() : grader.grade(
                    new Submission("roster/" + student.id(), Optional.empty(), student.id(), kata.id(), List.of(), List.of(),
                            Optional.of(new IntakeVerdict(Verdict.NO_SUBMISSION,
                                    "no full attempt by " + Instant.ofEpochMilli(deadline), List.of()))),
                    Mode.FULL, List.of(), AttemptGrader.TestEvents.NONE));
        }
        return results;
    }

    private long deadline(Optional<String> text) {
        if (text.isEmpty() || text.get().isBlank()) {
            return clock.getAsLong();
        }
        String value = text.get().strip();
        try {
            return value.chars().allMatch(Character::isDigit) ? Long.parseLong(value) : Instant.parse(value).toEpochMilli();
        } catch (NumberFormatException | DateTimeParseException e) {
            throw ApiError.badRequest("deadline must be an ISO-8601 instant such as 2025-03-01T23:59:00Z, or epoch"
                    + " milliseconds; got \"" + Sources.printable(value) + "\"");
        }
    }
}

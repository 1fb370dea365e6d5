package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.report.Counterexample;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The JSON API a student's pages use (the contract: judge/src/main/resources/schema/server-api.schema.json):
 * <pre>
 * GET    /api/me                          who the token belongs to
 * GET    /api/katas                       [{id, title, level, status}]
 * GET    /api/katas/{id}                  the kata page: README, skeleton, examples, my cases, draft
 * PUT    /api/katas/{id}/draft            keep my code without attempting it
 * GET    /api/katas/{id}/attempts         my attempts, newest first
 * POST   /api/katas/{id}/attempts         {"files": {...}, "mode": "examples" | "full"} -> 202 {id, ...}
 * POST   /api/katas/{id}/cases            {"attempt": id}: keep its counterexample among my examples
 * DELETE /api/katas/{id}/cases/{case}
 * GET    /api/attempts/{id}               {status, result, view, files}
 * GET    /api/attempts/{id}/events        Server-Sent Events: queued, started, test, result
 * </pre>
 * A student reaches only their own attempts, cases and drafts: anything else is 404, as if it
 * did not exist. The teacher's routes are {@link ClassRoutes}.
 */
final class ApiRoutes {

    private static final int ATTEMPTS_LISTED = 50;
    private static final int MAX_CASES = 50;

    private final KataView katas;
    private final AttemptStore store;
    private final AttemptQueue queue;
    private final AttemptJson json;
    private final EventStream events;
    private final LongSupplier clock;

    ApiRoutes(KataView katas, AttemptStore store, AttemptQueue queue, EventStream events, LongSupplier clock) {
        this.katas = katas;
        this.store = store;
        this.queue = queue;
        this.json = new AttemptJson(katas);
        this.events = events;
        this.clock = clock;
    }

    /** Answers a request under {@code /api/} other than the class's; false when no route matches. */
    boolean handle(Exchange exchange, Person me) {
        String[] p = exchange.parts();
        String method = exchange.method();
        if (p.length == 2 && p[1].equals("me")) {
            allow(method, "GET");
            ObjectNode node = ReportJson.mapper().createObjectNode().put("id", me.id()).put("name", me.name())
                    .put("role", me.role().name().toLowerCase(java.util.Locale.ROOT));
            exchange.json(200, node);
            return true;
        }
        if (p.length >= 2 && p[1].equals("katas")) {
            if (p.length == 2) {
                allow(method, "GET");
                exchange.json(200, list(me));
                return true;
            }
            KataDefinition kata = katas.kata(p[2]).orElseThrow(() -> ApiError.notFound("no kata \"" + Sources.printable(p[2]) + "\""));
            if (p.length == 3) {
                allow(method, "GET");
                exchange.json(200, page(kata, me));
                return true;
            }
            switch (p[3]) {
                case "draft" -> {
                    allow(method, "PUT");
                    store.saveDraft(me.id(), kata.id(), Sources.read(exchange.jsonBody().get("files")), clock.getAsLong());
                    exchange.noContent();
                    return true;
                }
                case "attempts" -> {
                    if (p.length != 4) {
                        return false;
                    }
                    if (method.equals("GET")) {
                        exchange.json(200, attempts(kata, me));
                    } else {
                        allow(method, "POST");
                        attempt(exchange, kata, me);
                    }
                    return true;
                }
                case "cases" -> {
                    if (p.length == 4 && method.equals("GET")) {
                        exchange.json(200, cases(kata, me));
                    } else if (p.length == 4) {
                        allow(method, "POST");
                        saveCase(exchange, kata, me);
                    } else if (p.length == 5) {
                        allow(method, "DELETE");
                        long id = number(p[4], "case");
                        if (!store.deleteCase(me.id(), kata.id(), id)) {
                            throw ApiError.notFound("no case " + id + " of yours in " + kata.id());
                        }
                        exchange.noContent();
                    } else {
                        return false;
                    }
                    return true;
                }
                default -> {
                    return false;
                }
            }
        }
        if (p.length >= 3 && p[1].equals("attempts")) {
            Attempt attempt = visibleAttempt(p[2], me);
            if (p.length == 3) {
                allow(method, "GET");
                exchange.json(200, json.full(attempt, me));
                return true;
            }
            if (p.length == 4 && p[3].equals("events")) {
                allow(method, "GET");
                events.stream(exchange, attempt, me);
                return true;
            }
        }
        return false;
    }

    /** The attempt, if {@code me} may see it: their own, or any for the teacher; else 404. */
    Attempt visibleAttempt(String idText, Person me) {
        long id = number(idText, "attempt");
        Optional<Attempt> attempt = store.attempt(id);
        if (attempt.isEmpty() || me.role() != Person.Role.TEACHER && !attempt.get().person().equals(me.id())) {
            throw ApiError.notFound("no attempt " + id + " of yours");
        }
        return attempt.get();
    }

    private ArrayNode list(Person me) {
        ArrayNode list = ReportJson.mapper().createArrayNode();
        for (KataDefinition kata : katas.katas()) {
            ObjectNode entry = katas.summary(kata);
            if (me.role() == Person.Role.STUDENT) {
                entry.put("status", status(store.summaries(me.id(), kata.id(), ATTEMPTS_LISTED)));
            }
            list.add(entry);
        }
        return list;
    }

    /** {@code solved}, {@code attempted} or {@code new}: what my attempts at a kata came to. */
    private static String status(List<AttemptSummary> attempts) {
        if (attempts.stream().anyMatch(AttemptSummary::solves)) {
            return "solved";
        }
        return attempts.isEmpty() ? "new" : "attempted";
    }

    private ObjectNode page(KataDefinition kata, Person me) {
        ObjectNode node = katas.detail(kata);
        List<AttemptSummary> mine = store.summaries(me.id(), kata.id(), ATTEMPTS_LISTED);
        node.put("status", status(mine));
        node.set("cases", cases(kata, me));
        Optional<Map<String, String>> draft = store.draft(me.id(), kata.id());
        if (draft.isPresent()) {
            ObjectNode files = node.putObject("draft");
            draft.get().forEach(files::put);
        } else {
            node.putNull("draft");
        }
        ArrayNode attempts = node.putArray("attempts");
        mine.forEach(a -> attempts.add(json.summary(a, me)));
        return node;
    }

    private ArrayNode attempts(KataDefinition kata, Person me) {
        ArrayNode list = ReportJson.mapper().createArrayNode();
        store.summaries(me.id(), kata.id(), ATTEMPTS_LISTED).forEach(a -> list.add(json.summary(a, me)));
        return list;
    }

    private void attempt(Exchange exchange, KataDefinition kata, Person me) {
        ObjectNode body = exchange.jsonBody();
        JsonNode modeNode = body.get("mode");
        Mode mode = modeNode == null ? Mode.FULL : Optional.of(modeNode).filter(JsonNode::isTextual)
                .flatMap(m -> Mode.parse(m.textValue()))
                .orElseThrow(() -> ApiError.badRequest("\"mode\" must be \"examples\" or \"full\""));
        Map<String, String> files = Sources.read(body.get("files"));
        AttemptQueue.Admission admission = queue.submit(me, kata.id(), mode, files);
        if (admission.busy().isPresent()) {
            Busy busy = admission.busy().get();
            throw new ApiError(429, busy.message(), busy.retryAfterSeconds());
        }
        Attempt attempt = admission.attempt().orElseThrow();
        store.saveDraft(me.id(), kata.id(), files, clock.getAsLong());
        ObjectNode answer = json.summary(AttemptSummary.of(attempt), me);
        answer.put("href", "/api/attempts/" + attempt.id());
        answer.put("events", "/api/attempts/" + attempt.id() + "/events");
        exchange.setHeader("Location", "/api/attempts/" + attempt.id());
        exchange.json(202, answer);
    }

    private ArrayNode cases(KataDefinition kata, Person me) {
        ArrayNode list = ReportJson.mapper().createArrayNode();
        for (SavedCase saved : store.cases(me.id(), kata.id())) {
            ObjectNode node = list.addObject();
            node.put("id", saved.id());
            node.put("name", saved.name());
            node.put("method", saved.method());
            node.set("args", saved.args());
            node.set("expected", saved.expected());
            node.put("svg", katas.svg(kata.id(), saved.method(), saved.args()));
        }
        return list;
    }

    /**
     * Keeps the counterexample of one of my attempts as a case of mine. Taken from the result as I
     * was shown it, never from the request: a hidden test's case, which I was not shown, cannot
     * be kept, and the expected answer is the reference's.
     */
    private void saveCase(Exchange exchange, KataDefinition kata, Person me) {
        JsonNode attemptId = exchange.jsonBody().get("attempt");
        if (attemptId == null || !attemptId.canConvertToLong()) {
            throw ApiError.badRequest("\"attempt\" must be the number of an attempt of yours whose failing case to keep");
        }
        Attempt attempt = visibleAttempt(String.valueOf(attemptId.longValue()), me);
        if (!attempt.person().equals(me.id()) || !attempt.kata().equals(kata.id())) {
            throw ApiError.notFound("no attempt " + attemptId.longValue() + " of yours at " + kata.id());
        }
        SubmissionResult shown = attempt.result().map(StudentFacing::result)
                .orElseThrow(() -> ApiError.badRequest("attempt " + attempt.id() + " is not graded yet"));
        Counterexample example = shown.counterexample();
        if (example == null || example.args() == null || example.expected() == null) {
            throw ApiError.badRequest("attempt " + attempt.id() + " shows no failing case to keep");
        }
        if (example.stateful()) {
            throw ApiError.badRequest("this case fails only after earlier calls (the solution keeps state):"
                    + " alone it would pass, so it cannot be kept as an example");
        }
        if (store.cases(me.id(), kata.id()).size() >= MAX_CASES) {
            throw ApiError.badRequest("you keep " + MAX_CASES + " cases for this kata already; delete one first");
        }
        SavedCase saved = store.addCase(me.id(), kata.id(), example.method(), example.args(), example.expected(),
                clock.getAsLong());
        ObjectNode node = ReportJson.mapper().createObjectNode();
        node.put("id", saved.id());
        node.put("name", saved.name());
        node.put("method", saved.method());
        node.set("args", saved.args());
        node.set("expected", saved.expected());
        node.put("svg", katas.svg(kata.id(), saved.method(), saved.args()));
        exchange.json(201, node);
    }

    static long number(String text, String what) {
        try {
            long value = Long.parseLong(text);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw ApiError.notFound("no " + what + " \"" + Sources.printable(text) + "\"");
    }

    static void allow(String method, String allowed) {
        if (!method.equals(allowed)) {
            throw new ApiError(405, "use " + allowed + " here");
        }
    }
}

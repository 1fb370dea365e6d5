package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.report.CaseText;
import org.katajudge.report.Counterexample;
import org.katajudge.report.ReportJson;
import org.katajudge.report.StudentReplay;
import org.katajudge.report.StudentView;
import org.katajudge.report.SubmissionResult;

import java.util.List;
import java.util.Optional;

/**
 * Attempts and their events as the API shows them to one audience. A student's view of a result
 * is always {@link StudentFacing#result}; the teacher sees the result itself. Beside the result,
 * {@code view} carries what a page draws: the counterexample's board (SVG, drawn by the kata from
 * the case's arguments, never from the submission's text), the boards of the calls before it, and
 * the Java lines that show the failure ({@code tryIt}, as the feedback files give them).
 */
final class AttemptJson {

    private final KataView katas;

    AttemptJson(KataView katas) {
        this.katas = katas;
    }

    /** The result as {@code person} may see it. */
    static SubmissionResult facing(SubmissionResult teacherResult, Person person) {
        return person.role() == Person.Role.TEACHER ? teacherResult : StudentFacing.result(teacherResult);
    }

    /** An attempt in a list; its grade is the same for every viewer ({@link AttemptSummary.Grade}). */
    ObjectNode summary(AttemptSummary attempt, Person viewer) {
        ObjectNode node = ReportJson.mapper().createObjectNode();
        node.put("id", attempt.id());
        node.put("kata", attempt.kata());
        node.put("mode", attempt.mode().apiName());
        node.put("status", attempt.status().apiName());
        node.put("submitted", attempt.submitted());
        if (viewer.role() == Person.Role.TEACHER) {
            node.put("student", attempt.person());
        }
        attempt.grade().ifPresent(grade -> {
            node.put("verdict", grade.verdict().name());
            node.put("score", grade.score());
            node.put("maxScore", grade.maxScore());
        });
        return node;
    }

    ObjectNode full(Attempt attempt, Person viewer) {
        ObjectNode node = summary(AttemptSummary.of(attempt), viewer);
        node.put("started", attempt.started());
        node.put("finished", attempt.finished());
        ObjectNode files = node.putObject("files");
        attempt.files().forEach(files::put);
        node.set("events", ReportJson.mapper().createObjectNode()
                .put("href", "/api/attempts/" + attempt.id() + "/events"));
        attempt.result().map(r -> facing(r, viewer)).ifPresent(result -> putResult(node, result, viewer, yourSolution(attempt)));
        return node;
    }

    /**
     * The result and its view. A student's result carries the replay they run at home (the view's),
     * not the server's command, which names the server's katas and scratch folder (red team); the
     * teacher's is as graded.
     */
    private void putResult(ObjectNode node, SubmissionResult result, Person viewer, String yourSolution) {
        Counterexample example = result.counterexample();
        String studentReplay = viewer.role() == Person.Role.STUDENT && example != null && example.replay() != null
                ? StudentReplay.of(result, example, katas.views(), yourSolution).text() : null;
        node.set("result", ReportJson.mapper().valueToTree(studentReplay == null ? result
                : StudentView.withReplay(result, studentReplay)));
        node.set("view", view(result, viewer, studentReplay, yourSolution));
    }

    /** How the student names their solution when they run the judge at home: the one .java file they sent, else their folder. */
    static String yourSolution(Attempt attempt) {
        List<String> sources = attempt.files().keySet().stream().filter(name -> name.endsWith(".java")).limit(2).toList();
        return sources.size() == 1 ? sources.get(0) : StudentReplay.YOUR_FOLDER;
    }

    /** What the page draws beside the result; {@code studentReplay} is a student's own replay (null for the teacher). */
    private ObjectNode view(SubmissionResult result, Person viewer, String studentReplay, String yourSolution) {
        ObjectNode view = ReportJson.mapper().createObjectNode();
        Counterexample example = result.counterexample();
        if (example == null) {
            return view;
        }
        view.put("board", katas.svg(result.kata(), example.method(), example.args()));
        view.put("call", katas.views().javaCall(result.kata(), example));
        // what the feedback files print under "try it": the earlier calls the failure needs, then
        // the call; null when those calls are not listed (the bare call would print the right answer)
        view.put("tryIt", katas.views().javaSnippet(result.kata(), example, String.valueOf(example.expected())));
        view.put("text", CaseText.describe(result, example, katas.views(), viewer.role() == Person.Role.STUDENT));
        if (example.replay() != null) {
            view.put("replay", studentReplay != null ? studentReplay
                    : StudentReplay.naming(example.replay(), result.submission(), yourSolution)); // the scratch folder is gone
        }
        ArrayNode history = view.putArray("history");
        if (example.history() != null) {
            for (Counterexample.Call call : example.history()) {
                ObjectNode shown = history.addObject();
                shown.put("method", call.method());
                shown.set("args", call.args());
                shown.put("board", katas.svg(result.kata(), call.method(), call.args()));
            }
        }
        view.put("canSave", example.args() != null && example.expected() != null && !example.stateful());
        return view;
    }

    /** One event of an attempt under way, as {@code viewer} may see it. */
    JsonNode event(Progress progress, Person viewer, Optional<KataDefinition> kata, String yourSolution) {
        ObjectNode node = ReportJson.mapper().createObjectNode();
        if (progress instanceof Progress.Queued queued) {
            node.put("type", "queued").put("ahead", queued.ahead());
        } else if (progress instanceof Progress.Started) {
            node.put("type", "started");
        } else if (progress instanceof Progress.Test test) {
            TestEvent event = viewer.role() == Person.Role.TEACHER ? test.event()
                    : StudentFacing.event(test.event(), kata.orElse(null));
            node.put("type", "test").put("key", event.key()).put("name", event.name())
                    .put("status", event.status().apiName());
            if (event.hidden()) {
                node.put("hidden", true);
            }
        } else if (progress instanceof Progress.Done done) {
            SubmissionResult result = facing(done.result(), viewer);
            node.put("type", "result");
            putResult(node, result, viewer, yourSolution);
        }
        return node;
    }
}

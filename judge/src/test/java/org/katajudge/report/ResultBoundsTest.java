package org.katajudge.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A result keeps a bounded amount of whatever a submission says, and nothing else changes. */
class ResultBoundsTest {

    private static final String HUGE = "x".repeat(1 << 20);

    private static SubmissionResult result(String text, JsonNode actual, List<String> lines) {
        TestOutcome failed = TestOutcome.example("e1", "isSafe", TestOutcome.Status.FAILED, text);
        Counterexample example = new Counterexample("isSafe", "e1", JsonNodeFactory.instance.arrayNode(),
                JsonNodeFactory.instance.booleanNode(true), actual, actual == null ? text : null, "why", "input", null, 0,
                "replay");
        return new SubmissionResult("path/" + text, text, "checkers-safe-spaces", Verdict.RUNTIME_ERROR, text, 0, 1,
                List.of(failed), 1, 0, new Timings(1, 2, 3), new CapturedOutput(text, false, text.length()), example,
                lines, lines, List.of(), null);
    }

    @Test
    void everythingASubmissionCanMakeLongIsClipped() {
        SubmissionResult bounded = ResultBounds.apply(result(HUGE, null, Collections.nCopies(1000, HUGE)));
        assertTrue(bounded.message().length() <= ResultBounds.MESSAGE_CHARS + 40);
        assertTrue(bounded.message().endsWith("more characters)"), "says it was cut");
        assertTrue(bounded.tests().get(0).message().length() <= ResultBounds.TEST_MESSAGE_CHARS + 40);
        assertTrue(bounded.counterexample().error().length() <= ResultBounds.ERROR_CHARS + 40);
        assertEquals(ResultBounds.OUTPUT_CHARS, bounded.output().text().length());
        assertTrue(bounded.output().truncated());
        assertEquals(HUGE.length(), bounded.output().size(), "the size printed stays what it was");
        assertEquals(ResultBounds.DIAGNOSTICS + 1, bounded.diagnostics().size());
        assertEquals("... and 980 more", bounded.diagnostics().get(ResultBounds.DIAGNOSTICS));
        assertEquals(ResultBounds.NOTES + 1, bounded.notes().size());
        assertTrue(bounded.submission().length() <= ResultBounds.NAME_CHARS + 40);
        assertTrue(ReportJson.toJson(bounded).length() < 48 << 10, "a few tens of KiB at most");
    }

    @Test
    void aLongAnswerIsKeptAsItsClippedJsonText() {
        ArrayNode answer = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < 100_000; i++) {
            answer.add(i);
        }
        JsonNode kept = ResultBounds.apply(result("short", answer, List.of())).counterexample().actual();
        assertTrue(kept.isTextual(), "a string standing for the answer");
        assertTrue(kept.asText().startsWith("[0,1,2,3"), kept.asText().substring(0, 20));
        assertTrue(kept.asText().length() <= ResultBounds.ANSWER_CHARS + 40);

        ArrayNode small = JsonNodeFactory.instance.arrayNode().add(1).add(2);
        assertSame(small, ResultBounds.answer(small));
        assertEquals(TextNode.valueOf("s"), ResultBounds.answer(TextNode.valueOf("s")));
    }

    @Test
    void aResultWithinTheBoundsIsUnchanged() {
        SubmissionResult small = result("short", null, new ArrayList<>(List.of("one", "two")));
        assertEquals(small, ResultBounds.apply(small));
        SubmissionResult once = ResultBounds.apply(result(HUGE, null, Collections.nCopies(50, HUGE)));
        assertEquals(once, ResultBounds.apply(once), "applying twice changes nothing more");
    }

    @Test
    void clippingACounterexampleKeepsItsRuleAndHistory() {
        Counterexample full = new Counterexample("isSafe", null, JsonNodeFactory.instance.arrayNode(),
                JsonNodeFactory.instance.booleanNode(true), null, HUGE, "why", "input", "1.2", 3, "replay",
                List.of(new Counterexample.Call("isSafe", JsonNodeFactory.instance.arrayNode())),
                new Counterexample.Rule("red-above-black", false), "LISTED", 7L, null,
                new Counterexample.Reask(2, JsonNodeFactory.instance.booleanNode(false)), 8L);
        SubmissionResult bounded = ResultBounds.apply(new SubmissionResult("p", "s", "checkers-safe-spaces",
                Verdict.WRONG_ANSWER, "m", 0, 1, List.of(), 1, 0, new Timings(1, 2, 3), CapturedOutput.NONE, full,
                List.of(), List.of(), List.of(), null));
        Counterexample kept = bounded.counterexample();
        assertTrue(kept.error().length() <= ResultBounds.ERROR_CHARS + 40, "the error is clipped");
        assertEquals(full.withActualAndError(kept.actual(), kept.error()), kept, "and nothing else changes");
        assertEquals("red-above-black", kept.rule().id());
        assertEquals(1, kept.history().size());
        assertEquals(8L, kept.call());
    }
}

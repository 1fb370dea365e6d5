package org.katajudge.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import org.katajudge.report.CaseViews;
import org.katajudge.report.Counterexample;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestKind;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Students grouped by what their failures have in common, so a teacher can address a
 * misconception in class.
 *
 * <p>A group's title is a {@link Claim} about each member's own failing cases, true of every one
 * of them: a wrong answer is grouped with others only when it was answered the same wrong way on
 * the same kind of case; a rule is named only when the smallest case <em>and</em> every fixed
 * example the student failed cite it ("2 students miss flying-general: answered true where false
 * is expected"), so a student whose smallest case merely happens to touch a rule (one who never
 * enters file h, failing a diagonal step through it and examples no corner rule decides) is not
 * filed under that rule's misconception.
 * A failure that depends on earlier calls is grouped by that, never by the rule its last call cites
 * (alone, the call passes). A claim shared by one student only is no common mistake: that student
 * is listed under other failures, with the same claim.
 */
public final class CommonMistakes {

    private static final String EXAMPLE = TestOutcome.exampleName("");
    /** Most characters of an answer quoted in a title; the claim keeps the whole answer. */
    static final int MAX_ANSWER = 60;

    private CommonMistakes() {
    }

    /**
     * What a group says of each member, exactly what {@link #holdsFor} checks.
     *
     * @param kata        the kata
     * @param verdict     the verdict
     * @param method      the method of the failing case; null when no case failed (compile error)
     * @param rule        the rule the failing case cites; null when none is claimed
     * @param expected    the reference's answer on the failing case; null when not claimed
     * @param actual      the member's answer on it; null when not claimed
     * @param historyKind how the failure depends on earlier calls ({@link Counterexample#historyKind()}); null: it fails alone
     */
    public record Claim(String kata, Verdict verdict, String method, Counterexample.Rule rule, JsonNode expected,
                        JsonNode actual, String historyKind) {

        /** The claim a result makes about itself: the finest grouping that is true of it. */
        static Claim of(SubmissionResult result, CaseViews views) {
            Counterexample example = result.counterexample();
            if (example == null) {
                return new Claim(result.kata(), result.verdict(), null, null, null, null, null);
            }
            if (example.stateful()) {
                return new Claim(result.kata(), result.verdict(), example.method(), null, null, null, example.historyKind());
            }
            if (result.verdict() != Verdict.WRONG_ANSWER || example.actual() == null) {
                return new Claim(result.kata(), result.verdict(), example.method(), null, null, null, null);
            }
            Counterexample.Rule rule = example.rule() != null && examplesCite(result, example.rule(), views) ? example.rule() : null;
            return new Claim(result.kata(), result.verdict(), example.method(), rule, example.expected(), example.actual(), null);
        }

        /** Whether this claim is true of {@code result}'s failing cases. */
        public boolean holdsFor(SubmissionResult result, CaseViews views) {
            Counterexample example = result.counterexample();
            if (!kata.equals(result.kata()) || verdict != result.verdict()) {
                return false;
            }
            if (method == null) {
                return true;
            }
            return example != null && method.equals(example.method())
                    && Objects.equals(historyKind, example.historyKind())
                    && (expected == null || expected.equals(example.expected()))
                    && (actual == null || actual.equals(example.actual()))
                    && (rule == null || rule.equals(example.rule()) && examplesCite(result, rule, views));
        }

        /**
         * Whether every fixed example {@code result} failed cites {@code rule} too: else the rule its
         * smallest case cites is not what it gets wrong (a student who never enters file h fails a
         * diagonal step into it, and examples no corner rule decides).
         */
        private static boolean examplesCite(SubmissionResult result, Counterexample.Rule rule, CaseViews views) {
            return result.tests().stream()
                    .filter(t -> t.kind() == TestKind.EXAMPLE && t.status() == TestOutcome.Status.FAILED)
                    .allMatch(t -> t.name().startsWith(EXAMPLE) && views.exampleRule(result.kata(),
                            t.name().substring(EXAMPLE.length())).filter(rule::equals).isPresent());
        }

        /** The claim in words, for {@code count} students. */
        String title(int count) {
            return count + (count == 1 ? " student " : " students ") + predicate(count == 1);
        }

        /** The claim in words after its subject, e.g. {@code miss flying-general: answered true where false is expected}. */
        String predicate(boolean one) {
            if (historyKind != null) {
                return (one ? "fails " : "fail ") + method + ("NOT_REPRODUCED".equals(historyKind)
                        ? " once in a run, yet passes when the calls are made again"
                        : " only after earlier calls (the solution keeps state between calls)");
            }
            if (expected != null) {
                String answers = "answered " + quote(actual) + " where " + quote(expected) + " is expected";
                if (rule == null) {
                    return answers + " on " + method;
                }
                return (rule.holds()
                        ? (one ? "misjudges" : "misjudge") + " cases where " + rule.id() + " holds"
                        : (one ? "misses " : "miss ") + rule.id()) + ": " + answers;
            }
            return "with " + verdict.words() + (method != null ? " on " + method : "");
        }

        private static String quote(JsonNode answer) {
            String text = answer.isTextual() ? answer.asText() : answer.toString();
            return text.length() > MAX_ANSWER ? text.substring(0, MAX_ANSWER) + "…" : text;
        }
    }

    /**
     * One group.
     *
     * @param title   e.g. {@code 9 students miss flying-general: answered true where false is expected}
     * @param claim   what the title says of every member
     * @param members indices into the results, in result order
     */
    public record Group(String title, Claim claim, List<Integer> members) {

        public Group {
            members = List.copyOf(members);
        }
    }

    /**
     * The failed results sorted into groups.
     *
     * @param groups common mistakes: claims true of two students or more, largest first, rule groups first
     * @param others the students whose claim no other student shares, one group each, in result order
     */
    public record Mistakes(List<Group> groups, List<Group> others) {

        public Mistakes {
            groups = List.copyOf(groups);
            others = List.copyOf(others);
        }
    }

    /** Each failed result in exactly one group: a common mistake or an other failure. */
    public static Mistakes of(List<SubmissionResult> results, CaseViews views) {
        Map<Claim, List<Integer>> byClaim = new LinkedHashMap<>();
        for (int i = 0; i < results.size(); i++) {
            SubmissionResult result = results.get(i);
            if (result.verdict() != Verdict.ACCEPTED) {
                byClaim.computeIfAbsent(Claim.of(result, views), k -> new ArrayList<>()).add(i);
            }
        }
        List<Group> groups = new ArrayList<>();
        List<Group> others = new ArrayList<>();
        byClaim.forEach((claim, members) ->
                (members.size() > 1 ? groups : others).add(new Group(claim.title(members.size()), claim, members)));
        groups.sort(Comparator.<Group>comparingInt(g -> -g.members().size())
                .thenComparing(g -> g.claim().rule() == null)
                .thenComparing(Group::title));
        others.sort(Comparator.comparingInt(g -> g.members().get(0)));
        return new Mistakes(groups, others);
    }
}

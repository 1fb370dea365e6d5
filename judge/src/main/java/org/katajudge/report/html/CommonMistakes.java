package org.katajudge.report.html;

import org.katajudge.report.Counterexample;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Students grouped by what their failures have in common, so a teacher can address a
 * misconception in class: above all the rule the reference cited for their counterexample
 * ("9 students miss flying-general"), otherwise the verdict and the method.
 */
public final class CommonMistakes {

    private CommonMistakes() {
    }

    /**
     * One group.
     *
     * @param title   e.g. {@code 9 students miss flying-general}
     * @param kata    the kata
     * @param method  the method the cases call; null for a verdict reached before any call (compile error)
     * @param rule    the rule cited, or null for a group by verdict
     * @param verdict the verdict, for a group by verdict; null for a rule group
     * @param members indices into the results, in result order
     */
    public record Group(String title, String kata, String method, Counterexample.Rule rule, Verdict verdict,
                        List<Integer> members) {

        public Group {
            members = List.copyOf(members);
        }
    }

    /** The groups of the failed results, largest first; rule groups before verdict groups of the same size. */
    public static List<Group> of(List<SubmissionResult> results) {
        Map<List<Object>, List<Integer>> byKey = new LinkedHashMap<>();
        for (int i = 0; i < results.size(); i++) {
            SubmissionResult result = results.get(i);
            if (result.verdict() == Verdict.ACCEPTED) {
                continue;
            }
            byKey.computeIfAbsent(key(result), k -> new ArrayList<>()).add(i);
        }
        List<Group> groups = new ArrayList<>();
        byKey.forEach((key, members) -> {
            SubmissionResult first = results.get(members.get(0));
            Counterexample example = first.counterexample();
            boolean byRule = example != null && example.rule() != null;
            String method = example != null ? example.method() : null;
            groups.add(new Group(title(members.size(), byRule ? example.rule() : null, first.verdict(), method),
                    first.kata(), method, byRule ? example.rule() : null, byRule ? null : first.verdict(), members));
        });
        groups.sort(Comparator.<Group>comparingInt(g -> -g.members().size())
                .thenComparing(g -> g.rule() == null)
                .thenComparing(Group::title));
        return groups;
    }

    private static List<Object> key(SubmissionResult result) {
        Counterexample example = result.counterexample();
        if (example != null && example.rule() != null) {
            return List.of("rule", result.kata(), example.method(), example.rule().id(), example.rule().holds());
        }
        List<Object> key = new ArrayList<>(List.of("verdict", result.kata(), result.verdict()));
        key.add(example != null ? example.method() : "");
        return key;
    }

    static String title(int count, Counterexample.Rule rule, Verdict verdict, String method) {
        String students = count + (count == 1 ? " student " : " students ");
        if (rule != null) {
            return students + (rule.holds()
                    ? (count == 1 ? "misjudges" : "misjudge") + " cases where " + rule.id() + " holds"
                    : (count == 1 ? "misses " : "miss ") + rule.id());
        }
        return students + "with " + verdict.words() + (method != null ? " on " + method : "")
                + (verdict == Verdict.WRONG_ANSWER && method != null ? " (the reference cites no single rule for these cases)" : "");
    }
}

package org.katajudge.fuzz;

import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.RuleCheck;
import org.katajudge.report.RuleCoverage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Which rules of an entry point the generated cases exercised, in which outcome, and a small
 * corpus of the choice sequences that did: the raw material for steering generation toward
 * rule outcomes not seen yet.
 */
final class Coverage {

    /** Sequences kept per rule; enough variety to mutate, little memory. */
    private static final int CORPUS_PER_RULE = 8;

    private final String method;
    private final Map<String, int[]> counts = new LinkedHashMap<>(); // rule -> {holds, breaks}
    private final Map<String, List<ChoiceSequence>> corpus = new LinkedHashMap<>();

    Coverage(String method, List<String> rules) {
        this.method = method;
        for (String rule : rules) {
            counts.put(rule, new int[2]);
            corpus.put(rule, new ArrayList<>());
        }
    }

    void record(ChoiceSequence choices, List<RuleCheck> checks) {
        for (RuleCheck check : checks) {
            int[] count = counts.computeIfAbsent(check.rule(), r -> new int[2]);
            count[check.holds() ? 0 : 1]++;
            List<ChoiceSequence> sequences = corpus.computeIfAbsent(check.rule(), r -> new ArrayList<>());
            if (choices != null && sequences.size() < CORPUS_PER_RULE) {
                sequences.add(choices);
            }
        }
    }

    /**
     * A variation of a case that exercised a rule seen in only one outcome (or not at all), so
     * that mutating it may reach the other outcome; empty when every rule is covered both ways
     * or nothing is known to mutate.
     */
    Optional<ChoiceSequence> steer(SplittableRandom random) {
        List<String> half = new ArrayList<>();
        for (Map.Entry<String, int[]> entry : counts.entrySet()) {
            int[] count = entry.getValue();
            if ((count[0] == 0 || count[1] == 0) && !corpus.get(entry.getKey()).isEmpty()) {
                half.add(entry.getKey());
            }
        }
        if (half.isEmpty()) {
            return Optional.empty();
        }
        List<ChoiceSequence> sequences = corpus.get(half.get(random.nextInt(half.size())));
        int[] values = sequences.get(random.nextInt(sequences.size())).toArray();
        if (values.length == 0) {
            return Optional.empty();
        }
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            int position = 1 + random.nextInt(Math.max(1, values.length - 1)); // keep the kind (position 0) mostly
            if (position < values.length) {
                values[position] = random.nextBoolean() ? random.nextInt(16) : Math.max(0, values[position] + random.nextInt(3) - 1);
            }
        }
        return Optional.of(ChoiceSequence.of(values));
    }

    List<RuleCoverage> summary() {
        List<RuleCoverage> summary = new ArrayList<>();
        counts.forEach((rule, count) -> summary.add(new RuleCoverage(method, rule, count[0], count[1])));
        return summary;
    }
}

package org.katajudge.engine.plan;

import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.scoring.KataTests;
import org.katajudge.scoring.ScoringException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run grades: each submission with its kata's planned tests, and how. Built once, before
 * anything is graded, and checked as it is built: a kata no one knows, an assignment file whose
 * rules do not fit the katas graded, or a kata with no points to give is said at once.
 */
public final class GradingPlan {

    private final List<PlannedSubmission> submissions;
    private final GradingOptions options;

    private GradingPlan(List<PlannedSubmission> submissions, GradingOptions options) {
        this.submissions = List.copyOf(submissions);
        this.options = options;
    }

    /**
     * @throws ScoringException         when the scoring does not fit: a rule of the assignment file
     *                                  that matches nothing, a method no kata has, a kata whose
     *                                  tests have no points to give
     * @throws IllegalArgumentException naming a submission whose kata the catalog does not have
     */
    public static GradingPlan of(List<Submission> submissions, KataCatalog catalog, GradingOptions options)
            throws ScoringException {
        Map<String, KataDefinition> katas = new LinkedHashMap<>();
        for (Submission submission : submissions) {
            KataDefinition kata = catalog.byId(submission.kataId()).orElseThrow(() -> new IllegalArgumentException(
                    "unknown kata \"" + submission.kataId() + "\" of " + submission.displayPath()));
            katas.putIfAbsent(kata.id(), kata);
        }
        if (options.mode().runsExamples() && !katas.isEmpty()) {
            // the assignment's rules against every kata at once: a rule may be for any of them
            List<KataTests> scored = new ArrayList<>();
            katas.values().forEach(k -> scored.add(PlannedTests.scored(k, options.mode())));
            options.assignment().check(scored);
        }
        Map<String, PlannedTests> tests = new LinkedHashMap<>();
        for (KataDefinition kata : katas.values()) {
            tests.put(kata.id(), PlannedTests.of(kata, options));
        }
        return new GradingPlan(submissions.stream().map(s -> new PlannedSubmission(s, tests.get(s.kataId()))).toList(),
                options);
    }

    /** A plan of submissions planned before (e.g. in a JUnit test tree), graded with {@code options}. */
    public static GradingPlan of(List<PlannedSubmission> submissions, GradingOptions options) {
        return new GradingPlan(submissions, options);
    }

    public List<PlannedSubmission> submissions() {
        return submissions;
    }

    public GradingOptions options() {
        return options;
    }

    /** This plan, with replay commands in the form of {@code command}. */
    public GradingPlan withCommand(String command) {
        return new GradingPlan(submissions, options.withCommand(command));
    }
}

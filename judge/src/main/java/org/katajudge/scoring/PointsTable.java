package org.katajudge.scoring;

import org.katajudge.report.TestKind;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The points of each test of one kata, from the built-in defaults, the kata's own rules and a
 * teacher's assignment file, in rising precedence:
 * <ul>
 *   <li>defaults: compiling 0, each fixed example 1, each method's random tests 1;</li>
 *   <li>for each test the assignment file's first matching rule decides, else the kata's, else the default;
 *       the examples a {@code total} rule decides share its total equally;</li>
 *   <li>a {@code total} (the assignment's, else the kata's) scales every test so that the kata is worth it.</li>
 * </ul>
 * A test earns its points when it passed; with partial credit, random tests earn the fraction of
 * their fixed set of cases that passed.
 */
public final class PointsTable {

    private static final double DEFAULT_EXAMPLE = 1;
    private static final double DEFAULT_RANDOM = 1;
    private static final double DEFAULT_COMPILE = 0;

    private final Map<String, Double> maxByTest;
    private final boolean partialCredit;

    private PointsTable(Map<String, Double> maxByTest, boolean partialCredit) {
        this.maxByTest = Map.copyOf(maxByTest);
        this.partialCredit = partialCredit;
    }

    /** The built-in defaults, with no rules. */
    public static PointsTable defaults(KataTests tests) {
        try {
            return of(tests, ScoringRules.NONE, ScoringRules.NONE, false);
        } catch (ScoringException e) {
            throw new IllegalStateException(e); // the defaults always have something worth points
        }
    }

    /**
     * @param kataRules     the kata's {@code "scoring"}, or {@link ScoringRules#NONE}
     * @param assignment    the teacher's assignment file, or {@link ScoringRules#NONE}
     * @param partialCredit whether random tests earn the fraction of their cases that passed
     * @throws ScoringException when a {@code total} is asked for tests that are worth nothing
     */
    public static PointsTable of(KataTests tests, ScoringRules kataRules, ScoringRules assignment, boolean partialCredit)
            throws ScoringException {
        Map<String, Double> max = new LinkedHashMap<>();
        max.put(TestOutcome.compileName(),
                assignment.compile().or(kataRules::compile).orElse(DEFAULT_COMPILE));

        // Which rule decides each example: its set's size is what a "total" rule is shared by.
        List<ExampleRule> deciding = new ArrayList<>();
        Map<ExampleRule, Integer> shares = new IdentityHashMap<>(); // two equal rules in two files are two sets
        for (KataTests.ExampleTest example : tests.examples()) {
            ExampleRule rule = decide(assignment, example).or(() -> decide(kataRules, example)).orElse(null);
            deciding.add(rule);
            if (rule != null) {
                shares.merge(rule, 1, Integer::sum);
            }
        }
        for (int i = 0; i < tests.examples().size(); i++) {
            ExampleRule rule = deciding.get(i);
            double points = rule == null ? DEFAULT_EXAMPLE
                    : rule.points() != null ? rule.points() : rule.total() / shares.get(rule);
            max.put(TestOutcome.exampleName(tests.examples().get(i).name()), points);
        }
        for (String method : tests.randomMethods()) {
            max.put(TestOutcome.randomName(method),
                    assignment.random(method).or(() -> kataRules.random(method)).orElse(DEFAULT_RANDOM));
        }

        Optional<Double> total = assignment.total().or(kataRules::total);
        if (total.isPresent()) {
            double sum = max.values().stream().mapToDouble(Double::doubleValue).sum();
            if (sum <= 0) {
                throw new ScoringException((assignment.total().isPresent() ? assignment.where() : kataRules.where())
                        + ": \"total\" is " + Points.format(total.get()) + ", but no test of " + tests.kata()
                        + " is worth any points to scale");
            }
            double scale = total.get() / sum;
            max.replaceAll((name, points) -> points * scale);
        }
        exactSum(max, total.orElseGet(() -> declared(max, deciding)));
        return new PointsTable(max, partialCredit);
    }

    /**
     * What the rules declare the tests worth together, adding each shared total once rather than
     * its shares (2.3076923076923075 thirteen times is not 30).
     */
    private static double declared(Map<String, Double> max, List<ExampleRule> deciding) {
        double sum = 0;
        int example = 0;
        Map<ExampleRule, Boolean> counted = new IdentityHashMap<>();
        for (Map.Entry<String, Double> entry : max.entrySet()) {
            if (entry.getKey().startsWith(TestOutcome.exampleName("")) && example < deciding.size()) {
                ExampleRule rule = deciding.get(example++);
                if (rule != null && rule.total() != null) {
                    sum += counted.put(rule, true) == null ? rule.total() : 0;
                    continue;
                }
            }
            sum += entry.getValue();
        }
        return sum;
    }

    /**
     * Makes the tests' points add up to exactly {@code total}, in the order a result adds them up
     * (compile, examples, random tests), by giving the rounding error of scaling and sharing to
     * the last test worth something: "total": 100 must read 100, not 99.99999999999999.
     */
    private static void exactSum(Map<String, Double> max, double total) {
        String last = null;
        for (Map.Entry<String, Double> entry : max.entrySet()) {
            if (entry.getValue() > 0) {
                last = entry.getKey();
            }
        }
        for (int attempt = 0; attempt < 4 && last != null; attempt++) {
            double sum = 0;
            for (double points : max.values()) {
                sum += points;
            }
            if (sum == total) {
                return;
            }
            if (Math.abs(total - sum) > 1e-6 * Math.max(1, total)) {
                return; // not rounding noise: leave the points as the rules gave them
            }
            max.put(last, Math.max(0, max.get(last) + (total - sum)));
        }
    }

    private static Optional<ExampleRule> decide(ScoringRules rules, KataTests.ExampleTest example) {
        return rules.firstMatch(example).map(i -> rules.examples().get(i));
    }

    /** Whether random tests earn the fraction of their cases that passed. */
    public boolean partialCredit() {
        return partialCredit;
    }

    /** What the test named {@code testName} ({@link TestOutcome#name()}) is worth; 0 for a test not in the grade. */
    public double maxPoints(String testName) {
        return maxByTest.getOrDefault(testName, 0.0);
    }

    /** What the kata's tests are worth together. */
    public double maxScore() {
        return maxByTest.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /**
     * The outcome with the points it is worth and earned: all of them when it passed; with
     * partial credit, random tests earn {@code passedCases / plannedCases} of them; else none.
     *
     * @param plannedCases the size of the fixed set of cases a random test ran (0 when unknown)
     */
    public TestOutcome score(TestOutcome outcome, int plannedCases) {
        // a method's generated cases are one test, whatever their name says (random:, enumerated:, replay:)
        double max = maxPoints(outcome.kind() == TestKind.RANDOM && outcome.method() != null
                ? TestOutcome.randomName(outcome.method()) : outcome.name());
        double earned;
        if (outcome.status() == Status.PASSED) {
            earned = max; // exactly: full marks are the same double as the maximum
        } else if (partialCredit && outcome.kind() == TestKind.RANDOM && plannedCases > 0) {
            int passed = Math.min(outcome.passedCases(), plannedCases);
            if (outcome.status() == Status.FAILED && passed == plannedCases) {
                passed = plannedCases - 1; // a failed test is never worth all its points, whatever its counts say
            }
            earned = passed == plannedCases ? max : max * passed / plannedCases;
        } else {
            earned = 0;
        }
        return outcome.withPoints(earned, max);
    }
}

package org.katajudge.report;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * Everything the judge says about one submission: one element of a report's {@code results}.
 *
 * @param submission    the path as found (as given on the command line, or below it)
 * @param student       who handed it in, as the teacher knows them ("Paula Jones", "nguyenalice");
 *                      the submission's folder or file name when no naming convention says more
 * @param kata          the kata id
 * @param verdict       the verdict
 * @param message       one line saying why
 * @param score         points earned, the sum of the tests' points
 * @param maxScore      points possible, the sum of the tests' maximum points
 * @param tests         compile, each fixed example, random tests per method
 * @param cases         random cases run, all methods together
 * @param seed          the seed that reproduces the random cases
 * @param timings       where the time went
 * @param output        what the submission printed
 * @param counterexample the case behind the verdict, when one case caused it
 * @param diagnostics   compiler errors or uses the policy refuses, one per line
 * @param notes         what the judge did to the submission before grading it, for its author
 *                      ("removed the package line", "decoded as windows-1252")
 * @param coverage      rule coverage of the random cases
 * @param isolation     how the submission was isolated ({@code bwrap}, {@code unshare}, {@code none}) and what that means
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubmissionResult(String submission, String student, String kata, Verdict verdict, String message,
                               double score, double maxScore, List<TestOutcome> tests, int cases, long seed,
                               Timings timings, CapturedOutput output, Counterexample counterexample,
                               List<String> diagnostics, List<String> notes, List<RuleCoverage> coverage,
                               Isolation isolation) {

    public SubmissionResult {
        tests = List.copyOf(tests);
        diagnostics = List.copyOf(diagnostics);
        notes = notes == null ? List.of() : List.copyOf(notes);
        coverage = List.copyOf(coverage);
    }

    /** The sum of the tests' points and maximum points, as {@code {score, maxScore}}. */
    public static double[] totals(List<TestOutcome> tests) {
        double score = 0;
        double max = 0;
        for (TestOutcome test : tests) {
            score += test.points();
            max += test.maxPoints();
        }
        return new double[] {score, max};
    }

    /**
     * @param mode        {@code bwrap}, {@code unshare} or {@code none}
     * @param description what that protects and what not
     */
    public record Isolation(String mode, String description) {
    }
}

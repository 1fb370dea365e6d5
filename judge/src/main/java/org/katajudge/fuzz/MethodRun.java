package org.katajudge.fuzz;

import org.katajudge.report.RuleCoverage;

import java.util.List;
import java.util.Optional;

/**
 * The random tests of one entry point: how many cases ran, whether that was the whole domain,
 * the first failure (shrunk), and the rule coverage of the cases.
 *
 * @param cases      cases run before stopping
 * @param passed     of those, how many the submission answered right
 * @param planned    the fixed set the cases came from: {@code cases} plus, after {@code gaveUp},
 *                   the cases left out (which count as failed)
 * @param gaveUp     whether the entry point stopped being called after too many crashes or timeouts
 *                   in a row ({@link Fuzzer#MAX_FATAL_IN_A_ROW})
 * @param exhaustive whether every input of the domain was run
 * @param failure    the first failure, if any
 * @param coverage   per rule, how many cases it held and broke on
 * @param nanos      wall time spent
 */
public record MethodRun(int cases, int passed, int planned, boolean gaveUp, boolean exhaustive,
                        Optional<Failure> failure, List<RuleCoverage> coverage, long nanos) {

    public MethodRun {
        coverage = List.copyOf(coverage);
    }
}

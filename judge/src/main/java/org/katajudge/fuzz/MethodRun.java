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
 * @param exhaustive whether every input of the domain was run (enumerated, not drawn at random)
 * @param failure    the first failure, if any
 * @param coverage   per rule, how many cases it held and broke on
 * @param nanos      wall time spent
 * @param reasked    calls that asked an earlier input again (consistency probes, repeated passes)
 * @param passes     complete passes over a small domain after its enumeration
 */
public record MethodRun(int cases, int passed, int planned, boolean gaveUp, boolean exhaustive,
                        Optional<Failure> failure, List<RuleCoverage> coverage, long nanos, long reasked, int passes) {

    public MethodRun {
        coverage = List.copyOf(coverage);
    }

    /** A run of {@code cases} cases, all passed unless {@code failure}, with no cases asked again. */
    public MethodRun(int cases, boolean exhaustive, Optional<Failure> failure, List<RuleCoverage> coverage, long nanos) {
        this(cases, failure.isPresent() ? cases - 1 : cases, cases, false, exhaustive, failure, coverage, nanos, 0, 0);
    }
}

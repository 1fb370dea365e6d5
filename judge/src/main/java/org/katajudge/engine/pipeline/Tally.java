package org.katajudge.engine.pipeline;

import org.katajudge.report.RuleCoverage;

import java.util.ArrayList;
import java.util.List;

/** What the generated cases of one submission came to so far: counted as they run, kept if grading stops early. */
final class Tally {

    /** Generated cases (or replayed calls) run, all methods together. */
    int cases;
    /** Calls that asked an earlier input again. */
    long reasked;
    final List<RuleCoverage> coverage = new ArrayList<>();
}

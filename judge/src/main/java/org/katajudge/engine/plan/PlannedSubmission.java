package org.katajudge.engine.plan;

import org.katajudge.catalog.KataDefinition;

/**
 * One submission of a run with the tests planned for it.
 *
 * @param submission what to grade
 * @param tests      its kata's planned tests (shared by every submission of the kata)
 */
public record PlannedSubmission(Submission submission, PlannedTests tests) {

    public KataDefinition kata() {
        return tests.kata();
    }
}

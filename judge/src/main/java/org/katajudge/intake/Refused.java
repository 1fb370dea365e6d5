package org.katajudge.intake;

import org.katajudge.report.Verdict;

/** A student's hand-in refused while reading it: the verdict and the one line saying why. */
final class Refused extends Exception {

    private final Verdict verdict;

    Refused(Verdict verdict, String message) {
        super(message, null, false, false);
        this.verdict = verdict;
    }

    IntakeVerdict toVerdict() {
        return IntakeVerdict.of(verdict, getMessage());
    }
}

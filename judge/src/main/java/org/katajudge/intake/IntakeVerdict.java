package org.katajudge.intake;

import org.katajudge.report.Verdict;

import java.util.List;
import java.util.Set;

/**
 * A verdict decided when the hand-in was read, before anything is compiled: nothing gradable
 * ({@link Verdict#NO_SUBMISSION}), an archive refused as unsafe or too large
 * ({@link Verdict#REJECTED}), or a source that cannot be compiled as it is ({@link Verdict#COMPILE_ERROR}).
 *
 * @param verdict     one of the three above
 * @param message     one line saying why, naming the file
 * @param diagnostics further lines, e.g. every file that was found
 */
public record IntakeVerdict(Verdict verdict, String message, List<String> diagnostics) {

    private static final Set<Verdict> DECIDED_AT_INTAKE = Set.of(Verdict.NO_SUBMISSION, Verdict.REJECTED, Verdict.COMPILE_ERROR);

    public IntakeVerdict {
        if (!DECIDED_AT_INTAKE.contains(verdict)) {
            throw new IllegalArgumentException("not a verdict of the intake: " + verdict);
        }
        diagnostics = List.copyOf(diagnostics);
    }

    static IntakeVerdict of(Verdict verdict, String message) {
        return new IntakeVerdict(verdict, message, List.of());
    }
}

package org.katajudge.engine.pipeline;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.fuzz.Failure;
import org.katajudge.fuzz.History;
import org.katajudge.fuzz.MethodRun;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.ValueType;
import org.katajudge.report.ResultBounds;
import org.katajudge.report.SafeText;
import org.katajudge.report.TestKind;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.List;

/** What a result says in words: what went wrong on a case, how the generated cases went, why it passed. */
final class Messages {

    private Messages() {
    }

    /** What went wrong on one case, in one line, bounded: the submission's answer or exception can be any length. */
    static String describe(Verdict verdict, EntryPoint entryPoint, Explanation expected, CallResult result) {
        int room = ResultBounds.TEST_MESSAGE_CHARS;
        if (verdict == Verdict.WRONG_ANSWER) {
            return entryPoint.method() + " returned " + SafeText.clip(ValueType.show(result.value()), room)
                    + ", expected " + SafeText.clip(ValueType.show(expected.answer()), room);
        }
        String detail = result.detail() == null ? "" : SafeText.clip(result.detail(), room).lines().findFirst().orElse("");
        return entryPoint.method() + ": " + detail;
    }

    /**
     * How the generated cases of a method that failed went, in honest words.
     *
     * @param everyCase whether every case of the fixed set ran (scoring), or the search stopped at the failure
     */
    static String generatedSummary(EntryPoint entryPoint, MethodRun run, Failure failure, boolean everyCase) {
        String shrunk = failure.shrinkSteps() > 0 ? "shrunk in " + failure.shrinkSteps() + " step"
                + (failure.shrinkSteps() == 1 ? "" : "s") : "";
        String kind = entryPoint.smallDomain() ? " enumerated" : " random";
        if (!everyCase) {
            return "after " + casesRun(entryPoint, run) + (shrunk.isEmpty() ? "" : ", " + shrunk);
        }
        int notRun = run.planned() - run.cases();
        return run.passed() + " of " + run.planned() + kind + " cases passed"
                + (run.gaveUp() ? ", " + notRun + " not run after repeated crashes or timeouts (counted as failed)" : "")
                + (shrunk.isEmpty() ? "" : "; the first failure " + shrunk);
    }

    /** "4096 enumerated cases, 8190 asked again", "300 random cases": what ran, in honest words. */
    private static String casesRun(EntryPoint entryPoint, MethodRun run) {
        String cases = run.cases() + (entryPoint.smallDomain() ? " enumerated" : " random") + " case"
                + (run.cases() == 1 ? "" : "s");
        return cases + (run.reasked() > 0 ? " and " + run.reasked() + " asked again" : "");
    }

    /** What the message adds when the failure needs earlier calls. */
    static String statefulNote(History history) {
        return switch (history.kind()) {
            case NONE -> "";
            case LISTED, DRAWN, RERUN -> "; alone it passes: it fails only after earlier calls (the solution keeps"
                    + " state between calls)";
            case NOT_REPRODUCED -> "; it did not fail again when replayed, alone or after the calls before it"
                    + " (its answers may vary from run to run)";
        };
    }

    /**
     * Why a submission is accepted: what passed, counted.
     *
     * @param tests the outcomes of its tests
     * @param tally its generated cases
     */
    static String accepted(KataDefinition kata, GradingMode mode, List<TestOutcome> tests, Tally tally) {
        long examples = tests.stream().filter(t -> t.kind() == TestKind.EXAMPLE).count();
        if (mode instanceof GradingMode.Replay) {
            return "all " + tally.cases + " replayed call" + (tally.cases == 1 ? "" : "s") + " passed";
        }
        boolean fuzz = mode instanceof GradingMode.Fuzz;
        List<String> examplesOnly = kata.entryPoints().stream().filter(e -> !e.hasGenerator())
                .map(EntryPoint::method).toList();
        if (examplesOnly.size() == kata.entryPoints().size()) {
            return (fuzz ? "nothing to fuzz" : "all " + examples + " examples passed")
                    + "; " + TestOutcome.NO_RANDOM_TESTS + ": the kata has examples only";
        }
        if (tests.stream().noneMatch(t -> t.kind() == TestKind.RANDOM && !TestOutcome.isNoRandomTests(t))) {
            return "all " + examples + " examples passed (no random tests: --cases 0)";
        }
        long enumerated = tests.stream().filter(TestOutcome::exhaustive).mapToLong(TestOutcome::cases).sum();
        long random = tally.cases - enumerated;
        List<String> parts = new ArrayList<>();
        if (!fuzz) {
            parts.add("all " + examples + " examples");
        }
        if (random > 0 || enumerated == 0) {
            parts.add(random + " random case" + (random == 1 ? "" : "s"));
        }
        if (enumerated > 0) {
            parts.add(enumerated + " enumerated case" + (enumerated == 1 ? "" : "s") + " (every input of the small domains)");
        }
        return String.join(" and ", parts) + " passed"
                + (tally.reasked > 0 ? ", also when asked again (" + tally.reasked + " calls)" : "")
                + (examplesOnly.isEmpty() ? "" : "; " + TestOutcome.NO_RANDOM_TESTS + " for "
                + String.join(", ", examplesOnly) + " (examples only)");
    }
}

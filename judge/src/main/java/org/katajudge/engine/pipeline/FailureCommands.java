package org.katajudge.engine.pipeline;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.fuzz.Call;
import org.katajudge.fuzz.Failure;
import org.katajudge.fuzz.History;
import org.katajudge.fuzz.MethodRun;
import org.katajudge.kata.EntryPoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The command printed with a failure of one submission that shows it again ({@link ReplayCommands}
 * writes it in the form of the tool the judge runs in): the submission graded again for a fixed
 * example, the case and the calls before it that it needs for a generated one, the whole run
 * again when those are too many.
 */
final class FailureCommands {

    private final KataDefinition kata;
    private final String submission;
    private final GradingOptions options;
    private final ReplayCommands commands;

    FailureCommands(KataDefinition kata, String submission, GradingOptions options) {
        this.kata = kata;
        this.submission = submission;
        this.options = options;
        this.commands = ReplayCommands.of(options.command(),
                options.commandOptions().katas().or(kata::katasDirectory), gradeOptions(options));
    }

    /**
     * What a {@code grade} rerun repeats to grade as the run did: the assignment file and partial
     * credit (the points, and a search that runs all its cases).
     */
    private static List<String> gradeOptions(GradingOptions options) {
        List<String> words = new ArrayList<>();
        options.commandOptions().scoring().ifPresent(file -> {
            words.add("--scoring");
            words.add(ReplayCommands.display(file));
        });
        boolean byFile = options.commandOptions().scoring().isPresent() && options.assignment().partialCredit().orElse(true);
        if (options.mode().partialCredit() && !byFile) {
            words.add("--partial-credit");
        }
        return words;
    }

    /**
     * Every test of the submission again (a fixed example failed: examples need no choices), with
     * the run's seed and case count when not the defaults, so its random tests are the same too.
     */
    String rerun() {
        Optional<Long> seed = options.seed() == 0 ? Optional.empty() : Optional.of(options.seed());
        Optional<Integer> cases = options.mode() instanceof GradingMode.Search search
                && !(search instanceof GradingMode.Fuzz) && search.cases() != GradingMode.DEFAULT_CASES
                ? Optional.of(search.cases()) : Optional.empty();
        return commands.rerun(kata.id(), seed, cases, submission);
    }

    /** A failure found by the search, with the calls before it that it needs. */
    String searched(EntryPoint entryPoint, Failure failure, List<MethodRun> runs) {
        History history = failure.history();
        Call failing = new Call(methodIndex(kata, entryPoint.method()), failure.found().args(), failure.found().choices(),
                null);
        return switch (history.kind()) {
            case NONE -> replay(List.of(failing), 0, 0);
            case LISTED -> {
                List<Call> calls = new ArrayList<>(history.calls());
                calls.add(failing);
                yield replay(calls, 0, 0);
            }
            case DRAWN -> replay(List.of(failing), history.seed(), history.drawn());
            case RERUN, NOT_REPRODUCED -> rerunSearch(runs);
        };
    }

    /** The command of a replay run: itself, so a replayed failure prints how to replay it again. */
    String replayed(GradingMode.Replay replay) {
        List<Call> calls = new ArrayList<>();
        for (GradingMode.Replay.Step step : replay.calls()) {
            calls.add(new Call(methodIndex(kata, step.method()), null, step.choices(), step.example()));
        }
        return replay(calls, options.seed(), replay.drawn());
    }

    /**
     * {@code fuzz --kata K [--method M] [--seed S --history N] --replay ... SUBMISSION}: one
     * {@code --replay} per call, bare choices when every call is a generated case of one
     * method, else {@code METHOD:CHOICES} and {@code METHOD@EXAMPLE}.
     */
    private String replay(List<Call> calls, long seed, int drawn) {
        int method = calls.get(calls.size() - 1).method();
        boolean oneMethod = calls.stream().allMatch(c -> c.method() == method && c.choices() != null);
        List<String> steps = new ArrayList<>();
        for (Call call : calls) {
            String name = kata.entryPoints().get(call.method()).method();
            steps.add(call.choices() != null ? (oneMethod ? "" : name + ":") + call.choices() : name + "@" + call.example());
        }
        return commands.replay(kata.id(), oneMethod ? kata.entryPoints().get(method).method() : null, steps, seed, drawn,
                submission);
    }

    /**
     * The whole run again with its seed, for a history too long to list or draw: {@code grade}
     * as it was run, or {@code fuzz} with a case count (instead of a time) that covers every
     * call it made, so the same calls come in the same order.
     */
    private String rerunSearch(List<MethodRun> runs) {
        GradingMode.Search search = (GradingMode.Search) options.mode();
        if (!(search instanceof GradingMode.Fuzz)) {
            return commands.rerunSearch(kata.id(), false, options.seed(), search.cases(), submission);
        }
        long calls = runs.stream().mapToLong(r -> r.cases() + r.reasked()).max().orElse(0);
        long cases = Math.min(Integer.MAX_VALUE, calls + 2L * 4096);
        return commands.rerunSearch(kata.id(), true, options.seed(), cases, submission);
    }

    /** The index of {@code method} among the kata's entry points, as calls name it. */
    static int methodIndex(KataDefinition kata, String method) {
        List<EntryPoint> entryPoints = kata.entryPoints();
        for (int i = 0; i < entryPoints.size(); i++) {
            if (entryPoints.get(i).method().equals(method)) {
                return i;
            }
        }
        throw new IllegalArgumentException(kata.id() + " has no method " + method);
    }
}

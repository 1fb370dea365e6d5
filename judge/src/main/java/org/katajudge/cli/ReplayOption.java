package org.katajudge.cli;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.engine.plan.GradingMode;
import org.katajudge.kata.EntryPoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code fuzz --replay CALL...} (with {@code --method} and {@code --history}) read into a replay, checked. */
final class ReplayOption {

    private ReplayOption() {
    }

    /**
     * Checks {@code --replay} (and {@code --method}, {@code --history}): every call must name a
     * method of the kata and be exactly one of its cases (choices that replay to themselves, no
     * value out of range, none missing or left over) or one of its examples. Anything else is a
     * usage error, not a run that passes.
     */
    static Optional<GradingMode.Replay> read(List<String> values, Optional<String> method, Optional<Integer> history,
                                             boolean seeded, KataDefinition kata, GradingMode.Fuzz budget)
            throws UsageException {
        if (values.isEmpty()) {
            if (method.isPresent()) {
                throw new UsageException(FuzzCommand.NAME + ": --method goes with --replay");
            }
            if (history.isPresent()) {
                throw new UsageException(FuzzCommand.NAME + ": --history goes with --replay");
            }
            return Optional.empty();
        }
        if (method.isPresent() && kata.entryPoints().stream().noneMatch(e -> e.method().equals(method.get()))) {
            throw new UsageException(FuzzCommand.NAME + ": " + kata.id() + " has no method " + method.get());
        }
        String defaultMethod = method.orElse(kata.entryPoints().size() == 1 ? kata.entryPoints().get(0).method() : null);
        List<GradingMode.Replay.Step> steps = new ArrayList<>();
        for (String value : values) {
            GradingMode.Replay.Step step;
            try {
                step = GradingMode.Replay.Step.parse(value.trim(), defaultMethod);
            } catch (IllegalArgumentException e) {
                throw new UsageException(FuzzCommand.NAME + ": --replay " + value + ": " + e.getMessage()
                        + (defaultMethod == null ? " (" + kata.id() + " has several methods: give --method)" : ""));
            }
            if (kata.entryPoints().stream().noneMatch(e -> e.method().equals(step.method()))) {
                throw new UsageException(FuzzCommand.NAME + ": --replay " + value + ": " + kata.id() + " has no method " + step.method());
            }
            if (step.example() == null && !kata.entryPoint(step.method()).hasGenerator()) {
                throw new UsageException(FuzzCommand.NAME + ": --replay " + value + ": " + kata.id() + "'s " + step.method()
                        + " has no generator (examples only): there is no generated case to replay");
            }
            if (step.example() != null) {
                if (kata.examples().stream().noneMatch(e -> e.name().equals(step.example()) && e.method().equals(step.method()))) {
                    throw new UsageException(FuzzCommand.NAME + ": --replay " + value + ": " + kata.id() + " has no example \""
                            + step.example() + "\" of " + step.method());
                }
            } else {
                checkIsACase(kata, step, value);
            }
            steps.add(step);
        }
        int drawn = 0;
        if (history.isPresent()) {
            if (!seeded) {
                throw new UsageException(FuzzCommand.NAME + ": --history needs --seed (the calls are drawn with it)");
            }
            drawn = history.get();
        }
        return Optional.of(new GradingMode.Replay(steps, drawn, budget));
    }

    /** The choices must be exactly those of one case: what replaying them records, value for value. */
    private static void checkIsACase(KataDefinition kata, GradingMode.Replay.Step step, String value)
            throws UsageException {
        EntryPoint entryPoint = kata.entryPoint(step.method());
        ChoiceRecorder recorder = new ChoiceRecorder(step.choices().replaySource());
        try {
            entryPoint.generate(recorder);
        } catch (RuntimeException e) {
            throw new UsageException(FuzzCommand.NAME + ": --replay " + value + ": not a case of " + kata.id() + "." + step.method()
                    + " (" + e.getMessage() + ")");
        }
        ChoiceSequence recorded = recorder.recorded();
        if (recorder.clamped() || !recorded.equals(step.choices())) {
            String why = recorder.clamped() ? "a choice is out of range"
                    : recorded.length() > step.choices().length() ? "choices are missing"
                    : recorded.length() < step.choices().length() ? "there are choices left over"
                    : "a choice is out of range";
            throw new UsageException(FuzzCommand.NAME + ": --replay " + value + ": not a case of " + kata.id() + "." + step.method()
                    + ": " + why + " (these choices draw the case " + recorded + ")");
        }
    }
}

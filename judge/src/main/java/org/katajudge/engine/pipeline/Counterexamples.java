package org.katajudge.engine.pipeline;

import org.katajudge.catalog.JsonValues;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.fuzz.History;
import org.katajudge.fuzz.Reask;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.RuleCheck;
import org.katajudge.report.Counterexample;
import org.katajudge.report.ResultBounds;
import org.katajudge.report.SafeText;
import org.katajudge.sandbox.CallResult;

import java.util.List;
import java.util.Optional;

/**
 * The case behind a failure as reports show it ({@link Counterexample}): the arguments and both
 * answers as JSON, the input drawn as the kata draws it, the reference's reason and the rule it
 * cites, the choices and the command that replay it, and the calls before it that it needs.
 * Whatever the submission made (its answer, its exception) is bounded here.
 */
final class Counterexamples {

    private final KataDefinition kata;

    Counterexamples(KataDefinition kata) {
        this.kata = kata;
    }

    /** A case that fails alone: a fixed example, or a generated case without history. */
    Counterexample of(EntryPoint entryPoint, String example, Object[] args, Explanation expected, CallResult result,
                      String choices, int shrinkSteps, String replay) {
        return of(entryPoint, example, args, expected, result, choices, shrinkSteps, replay, History.NONE,
                Optional.empty(), null);
    }

    /**
     * @param history the calls before it that it needs (none, listed, drawn by seed, the whole run)
     * @param reask   when the case was asked earlier and answered otherwise
     * @param call    which call of the run it was (from 1), when it is not the first
     */
    Counterexample of(EntryPoint entryPoint, String example, Object[] args, Explanation expected, CallResult result,
                      String choices, int shrinkSteps, String replay, History history, Optional<Reask> reask, Long call) {
        List<Counterexample.Call> calls = history.kind() == History.Kind.LISTED
                ? history.calls().stream().map(c -> {
                    EntryPoint called = kata.entryPoints().get(c.method());
                    return new Counterexample.Call(called.method(), JsonValues.toJson(c.args()),
                            c.choices() == null ? null : c.choices().toString(), c.example());
                }).toList()
                : null;
        Counterexample.Drawn drawn = history.kind() == History.Kind.DRAWN
                ? new Counterexample.Drawn(entryPoint.method(), history.seed(), history.drawn()) : null;
        Counterexample.Reask first = reask.map(r -> new Counterexample.Reask(r.firstCall(),
                r.first().returned() ? JsonValues.toJson(r.first().value()) : null)).orElse(null);
        RuleCheck cited = expected.cited();
        return new Counterexample(entryPoint.method(), example, JsonValues.toJson(args),
                JsonValues.toJson(expected.answer()),
                result.returned() ? ResultBounds.answer(JsonValues.toJson(result.value())) : null,
                result.returned() ? null : SafeText.clip(result.detail(), ResultBounds.ERROR_CHARS),
                expected.reason(), entryPoint.render(args), choices, shrinkSteps, replay, calls,
                cited == null ? null : new Counterexample.Rule(cited.rule(), cited.holds()),
                history.stateful() ? history.kind().name() : null,
                history.stateful() ? history.before() : null, drawn, first, call);
    }
}

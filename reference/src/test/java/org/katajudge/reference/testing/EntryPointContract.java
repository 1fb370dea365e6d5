package org.katajudge.reference.testing;

import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.RuleCheck;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What every entry point's generator and reference must satisfy; each kata's tests call these.
 */
public final class EntryPointContract {

    private EntryPointContract() {
    }

    /** Replaying the recorded choices rebuilds the same input, for {@code draws} random inputs. */
    public static void sameChoicesGiveSameInput(EntryPoint entryPoint, int draws) {
        for (int seed = 0; seed < draws; seed++) {
            ChoiceRecorder recorder = ChoiceRecorder.random(seed);
            Object[] drawn = entryPoint.generate(recorder);
            ChoiceSequence choices = recorder.recorded();
            ChoiceRecorder replay = new ChoiceRecorder(choices.replaySource());
            Object[] replayed = entryPoint.generate(replay);
            int s = seed;
            assertTrue(Arrays.deepEquals(drawn, replayed),
                    () -> "seed " + s + ": replaying " + choices + " gave a different input");
            assertEquals(choices, replay.recorded(), "replay records the same choices");
        }
    }

    /**
     * The encoder, where the kata has one, inverts the generator: for {@code draws} random
     * inputs, the encoded choices draw the same input again, and are themselves normalized (what
     * replaying them records). Also checks that every input has a size of at least 0.
     */
    public static void encoderInvertsTheGenerator(EntryPoint entryPoint, int draws) {
        for (int seed = 0; seed < draws; seed++) {
            Object[] drawn = entryPoint.generate(ChoiceRecorder.random(seed));
            assertTrue(entryPoint.size(drawn) >= 0);
            var encoded = entryPoint.encode(drawn);
            assertTrue(encoded.isPresent(), entryPoint.method() + " has an encoder");
            ChoiceRecorder replay = new ChoiceRecorder(encoded.get().replaySource());
            Object[] replayed = entryPoint.generate(replay);
            int s = seed;
            assertTrue(Arrays.deepEquals(drawn, replayed), () -> "seed " + s + ": encoding " + entryPoint.render(drawn)
                    + " as " + encoded.get() + " draws " + entryPoint.render(replayed));
            assertEquals(encoded.get(), replay.recorded(), "the encoding is normalized");
            assertEquals(entryPoint.size(drawn), entryPoint.size(replayed));
        }
    }

    /** The all-zero stream terminates with a valid input the reference accepts: the simplest one. */
    public static Object[] simplestInput(EntryPoint entryPoint) {
        Object[] simplest = entryPoint.generate(ChoiceSequence.EMPTY.replay());
        entryPoint.explain(simplest);
        return simplest;
    }

    /**
     * Over {@code draws} random inputs, the reference accepts every input (no exception, an
     * answer of the right type, a reason), reports only declared rules, and sees every declared
     * rule both hold and break.
     */
    public static void coversEveryRuleBothWays(EntryPoint entryPoint, int draws) {
        Set<String> seen = new TreeSet<>();
        for (int seed = 0; seed < draws; seed++) {
            Object[] args = entryPoint.generate(ChoiceRecorder.random(seed));
            Explanation explanation;
            try {
                explanation = entryPoint.explain(args);
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + ": the reference rejected a generated input:\n"
                        + entryPoint.render(args), e);
            }
            assertTrue(entryPoint.returns().accepts(explanation.answer()),
                    "seed " + seed + ": answer of the wrong type: " + explanation.answer());
            assertFalse(explanation.reason().isBlank(), "seed " + seed + ": no reason");
            for (RuleCheck check : explanation.checks()) {
                if (!entryPoint.rules().contains(check.rule())) {
                    fail("seed " + seed + ": undeclared rule " + check.rule());
                }
                seen.add(check.toString());
            }
        }
        Set<String> missing = new TreeSet<>();
        for (String rule : entryPoint.rules()) {
            for (RuleCheck check : new RuleCheck[] {RuleCheck.holds(rule), RuleCheck.breaks(rule)}) {
                if (!seen.contains(check.toString())) {
                    missing.add(check.toString());
                }
            }
        }
        assertTrue(missing.isEmpty(), () -> entryPoint.method() + ": after " + draws
                + " draws these rule outcomes were never generated: " + missing);
    }
}

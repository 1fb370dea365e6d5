package org.katajudge.reference;

import org.junit.jupiter.api.Test;
import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.Kata;
import org.katajudge.kata.RuleCheck;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rule an explanation cites (reports group students by it) is one of the rules it checked,
 * with the same outcome, and the one its reason is about.
 */
class CitedRuleTest {

    @Test
    void theCitedRuleIsOneOfTheChecks() {
        for (Kata kata : Katas.all()) {
            for (EntryPoint entryPoint : kata.entryPoints()) {
                Set<RuleCheck> cited = new HashSet<>();
                for (int seed = 0; seed < 500; seed++) {
                    Object[] args = entryPoint.generate(ChoiceRecorder.random(seed));
                    Explanation explanation = entryPoint.explain(args);
                    if (explanation.cited() != null) {
                        assertTrue(explanation.checks().contains(explanation.cited()),
                                kata.id() + " seed " + seed + ": cites " + explanation.cited() + ", checked " + explanation.checks());
                        cited.add(explanation.cited());
                    }
                }
                boolean counts = entryPoint.method().endsWith("Moves") && kata.id().equals("checkers-game-over");
                assertEquals(counts, cited.isEmpty(), kata.id() + "." + entryPoint.method() + " cites " + cited
                        + " (a move count cites none: no single rule decides it)");
            }
        }
    }

    @Test
    void anIllegalXiangqiBoardCitesTheRuleItsReasonNames() {
        EntryPoint validator = Katas.byId("xiangqi-board-validator").orElseThrow().entryPoint("chessValidator");
        for (int seed = 0; seed < 500; seed++) {
            Explanation explanation = validator.explain(validator.generate(ChoiceRecorder.random(seed)));
            if (Boolean.FALSE.equals(explanation.answer())) {
                assertTrue(explanation.reason().contains("[" + explanation.cited().rule() + "]"), explanation.toString());
            }
        }
    }

    @Test
    void knightMovesCitesTheCornerDetourAndNotAnOrdinaryDistance() {
        EntryPoint minMoves = Katas.byId("knight-moves").orElseThrow().entryPoint("minMoves");
        assertEquals(RuleCheck.holds("corner-detour"), minMoves.explain("a1", "b2").cited());
        assertEquals(RuleCheck.breaks("corner-detour"), minMoves.explain("c3", "d4").cited());
        assertEquals(RuleCheck.holds("one-move"), minMoves.explain("a1", "b3").cited());
        assertNull(minMoves.explain("a1", "h8").cited());
    }
}

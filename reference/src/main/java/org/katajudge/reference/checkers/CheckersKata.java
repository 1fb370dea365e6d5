package org.katajudge.reference.checkers;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.Kata;
import org.katajudge.kata.RuleCheck;

import java.util.List;

import static org.katajudge.kata.ValueType.BOOLEAN;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.STRING;

/**
 * The {@code checkers-game-over} kata: {@code Checkers.whiteMoves(String)},
 * {@code Checkers.blueMoves(String)} and {@code Checkers.gameOver(String)}.
 */
public final class CheckersKata implements Kata {

    private static final EntryPoint WHITE_MOVES = countEntryPoint("whiteMoves", Checkers.Side.WHITE);
    private static final EntryPoint BLUE_MOVES = countEntryPoint("blueMoves", Checkers.Side.BLUE);
    private static final EntryPoint GAME_OVER = EntryPoint.method("gameOver")
            .returns(BOOLEAN)
            .parameter(STRING, "board")
            .reference(args -> {
                Checkers.GameOver why = Checkers.explainGameOver((String) args[0]);
                return new Explanation(why.over(), why.reason(), ruleChecks(why.checks()));
            })
            .generator(choices -> new Object[] {CheckersBoards.generate(choices)})
            .renderer(args -> CheckersBoards.render((String) args[0]))
            .svg(args -> CheckersSvg.draw((String) args[0]))
            .size(args -> CheckersBoards.pieces((String) args[0]))
            .encoder(args -> CheckersBoards.encode((String) args[0]))
            .rules(Checkers.WHITE_HAS_A_MOVE, Checkers.BLUE_HAS_A_MOVE)
            .build();

    @Override
    public String id() {
        return "checkers-game-over";
    }

    @Override
    public String className() {
        return "Checkers";
    }

    @Override
    public List<EntryPoint> entryPoints() {
        return List.of(WHITE_MOVES, BLUE_MOVES, GAME_OVER);
    }

    private static EntryPoint countEntryPoint(String method, Checkers.Side side) {
        return EntryPoint.method(method)
                .returns(INT)
                .parameter(STRING, "board")
                .reference(args -> {
                    Checkers.Count why = Checkers.explainMoves((String) args[0], side);
                    // A count lists the moves; no single rule decides it, so none is cited.
                    return new Explanation(why.moves(), why.reason(), ruleChecks(why.checks()), null);
                })
                .generator(choices -> new Object[] {CheckersBoards.generate(choices)})
                .renderer(args -> CheckersBoards.render((String) args[0]))
                .svg(args -> CheckersSvg.draw((String) args[0]))
                .size(args -> CheckersBoards.pieces((String) args[0]))
                .encoder(args -> CheckersBoards.encode((String) args[0]))
                .rules(Checkers.COUNT_RULES.toArray(String[]::new))
                .build();
    }

    private static List<RuleCheck> ruleChecks(List<Checkers.Check> checks) {
        return checks.stream().map(check -> new RuleCheck(check.rule(), check.holds())).toList();
    }
}

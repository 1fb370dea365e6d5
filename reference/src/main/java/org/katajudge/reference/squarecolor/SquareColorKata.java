package org.katajudge.reference.squarecolor;

import org.katajudge.choice.Choices;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.Kata;
import org.katajudge.kata.RuleCheck;

import java.util.List;

import static org.katajudge.kata.ValueType.BOOLEAN;
import static org.katajudge.kata.ValueType.STRING;

/** The {@code chess-square-color} kata: {@code SquareColor.isLight(String)}. */
public final class SquareColorKata implements Kata {

    /** Rule id: a square is light iff file + rank is odd. */
    static final String LIGHT = "light-iff-file-plus-rank-odd";

    private static final EntryPoint IS_LIGHT = EntryPoint.method("isLight")
            .returns(BOOLEAN)
            .parameter(STRING, "coordinate")
            .reference(args -> {
                SquareColor.Why why = SquareColor.explain((String) args[0]);
                RuleCheck parity = new RuleCheck(LIGHT, why.light());
                return new Explanation(why.light(), why.reason(), List.of(parity), parity);
            })
            .generator(SquareColorKata::square)
            .renderer(args -> "square " + args[0])
            .svg(args -> SquareColorSvg.draw((String) args[0]))
            // how far from a1, in files plus ranks: squares nearer a1 are the simpler ones
            .size(args -> ((String) args[0]).charAt(0) - 'a' + ((String) args[0]).charAt(1) - '1')
            .rules(LIGHT)
            .smallDomain(true)
            .build();

    @Override
    public String id() {
        return "chess-square-color";
    }

    @Override
    public String className() {
        return "SquareColor";
    }

    @Override
    public List<EntryPoint> entryPoints() {
        return List.of(IS_LIGHT);
    }

    /** One of the 64 squares; all-zero choices give a1. */
    static Object[] square(Choices choices) {
        char file = (char) ('a' + choices.choose(8));
        char rank = (char) ('1' + choices.choose(8));
        return new Object[] {"" + file + rank};
    }
}

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.Kata;
import org.katajudge.kata.RuleCheck;

import java.util.ArrayList;
import java.util.List;

import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.STRING;

// The kata as the judge loads it: the one class in src/ implementing Kata (public, with a public
// no-argument constructor). It names the kata and, per method a solution must declare, ties the
// rule (the reference answer and its reason), the generator and the renderer together.
//
// TODO: when you change the method, change its signature here AND in kata.json ("methods"):
// the judge refuses a folder where they differ. For a method without random tests, replace
// .generator(...) by .examplesOnly(): only examples.json tests it, and every report says so.

/** The {@code {{ID}}} kata: {@code {{CLASS}}.squaresApart(String from, String to)}, the template's placeholder rule. */
public final class {{CLASS}}Kata implements Kata {

    private static final EntryPoint SQUARES_APART = EntryPoint.method("squaresApart")
            .returns(INT)
            .parameter(STRING, "from")
            .parameter(STRING, "to")
            .reference(args -> {
                {{CLASS}}.Why why = {{CLASS}}.explain((String) args[0], (String) args[1]);
                // Rule coverage: every rule that had something to decide, and whether it held.
                List<RuleCheck> checks = new ArrayList<>();
                checks.add(new RuleCheck({{CLASS}}.SAME_SQUARE, why.sameSquare()));
                if (!why.sameSquare()) {
                    checks.add(new RuleCheck({{CLASS}}.BOTH_CHANGE, why.bothChange()));
                }
                return new Explanation(why.apart(), why.reason(), checks);
            })
            .generator({{CLASS}}Generator::generate)
            .renderer({{CLASS}}Renderer::render)
            .rules({{CLASS}}.SAME_SQUARE, {{CLASS}}.BOTH_CHANGE)
            .build();

    /** The judge creates the kata with this constructor. */
    public {{CLASS}}Kata() {
    }

    @Override
    public String id() {
        return "{{ID}}";
    }

    @Override
    public String className() {
        return "{{CLASS}}";
    }

    @Override
    public List<EntryPoint> entryPoints() {
        return List.of(SQUARES_APART);
    }
}

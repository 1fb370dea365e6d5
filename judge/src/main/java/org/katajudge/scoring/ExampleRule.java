package org.katajudge.scoring;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One line of a scoring's {@code examples} list: which examples it is about and what they are worth.
 * Every filter given must hold; a rule without filters is about every example.
 *
 * @param match  a pattern over the example's name: {@code *} any characters, {@code ?} one, the rest literal
 * @param method only examples of this method
 * @param hidden only hidden ({@code true}) or only visible ({@code false}) examples
 * @param points what each example the rule decides is worth; null when {@code total} is given
 * @param total  what the examples the rule decides are worth together, shared equally; null when {@code points} is given
 */
public record ExampleRule(Optional<String> match, Optional<String> method, Optional<Boolean> hidden, Double points,
                          Double total) {

    public boolean matches(KataTests.ExampleTest example) {
        return match.map(m -> glob(m).matcher(example.name()).matches()).orElse(true)
                && method.map(m -> m.equals(example.method())).orElse(true)
                && hidden.map(h -> h == example.hidden()).orElse(true);
    }

    /** The rule as its author wrote it, for error messages. */
    public String describe() {
        StringBuilder text = new StringBuilder("{");
        match.ifPresent(m -> text.append("\"match\": \"").append(m).append("\", "));
        method.ifPresent(m -> text.append("\"method\": \"").append(m).append("\", "));
        hidden.ifPresent(h -> text.append("\"hidden\": ").append(h).append(", "));
        text.append(points != null ? "\"points\": " + Points.format(points) : "\"total\": " + Points.format(total));
        return text.append('}').toString();
    }

    private static Pattern glob(String pattern) {
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            if (c == '*' || c == '?') {
                regex.append(Pattern.quote(literal.toString())).append(c == '*' ? ".*" : ".");
                literal.setLength(0);
            } else {
                literal.append(c);
            }
        }
        return Pattern.compile(regex.append(Pattern.quote(literal.toString())).toString(), Pattern.DOTALL);
    }
}

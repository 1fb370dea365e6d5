package org.katajudge.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.RuleCheck;
import org.katajudge.kata.ValueType;
import org.katajudge.report.CaseViews;
import org.katajudge.report.Counterexample;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** {@link CaseViews} from the catalog: each kata's own SVG drawing, and its class and method for a Java call. */
public final class KataCaseViews implements CaseViews {

    private final KataCatalog catalog;

    public KataCaseViews(KataCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public String svg(String kata, Counterexample example) {
        Optional<EntryPoint> entryPoint = entryPoint(kata, example);
        if (entryPoint.isEmpty()) {
            return null;
        }
        try {
            return entryPoint.get().svg(arguments(entryPoint.get(), example.args()));
        } catch (IllegalArgumentException e) {
            return null; // arguments of another shape (an older report): the text drawing stays
        }
    }

    @Override
    public String javaCall(String kata, Counterexample example) {
        Optional<KataDefinition> definition = catalog.byId(kata);
        Optional<EntryPoint> entryPoint = entryPoint(kata, example);
        if (definition.isEmpty() || entryPoint.isEmpty() || example.args() == null
                || example.args().size() != entryPoint.get().parameters().size()) {
            return null;
        }
        StringBuilder call = new StringBuilder(definition.get().spec().className()).append('.')
                .append(example.method()).append('(');
        for (int i = 0; i < example.args().size(); i++) {
            String literal = literal(example.args().get(i), entryPoint.get().parameters().get(i));
            if (literal == null) {
                return null;
            }
            call.append(i == 0 ? "" : ", ").append(literal);
        }
        return call.append(')').toString();
    }

    @Override
    public Optional<String> unavailableToStudents(String kata, Set<String> examples, boolean wholeRun) {
        Optional<KataDefinition> theirs = Bundled.CATALOG.flatMap(bundled -> bundled.byId(kata));
        if (theirs.isEmpty()) {
            return Optional.of("the kata " + kata + " is your teacher's own: judge.jar does not carry it");
        }
        Optional<KataDefinition> graded = catalog.byId(kata);
        if (graded.flatMap(KataDefinition::sources).isPresent()) {
            // a folder with its own code under a built-in kata's id: judge.jar would replay against another reference
            return Optional.of("your teacher's copy of the kata " + kata + " has its own code: judge.jar does not carry it");
        }
        Map<String, String> carried = examples(theirs.get());
        Map<String, String> used = graded.map(KataCaseViews::examples).orElse(carried);
        for (String example : examples) {
            if (!carried.containsKey(example) || !carried.get(example).equals(used.getOrDefault(example, carried.get(example)))) {
                return Optional.of("it calls an example that only your teacher's copy of the kata has");
            }
        }
        if (wholeRun && !used.equals(carried)) {
            return Optional.of("it grades again with examples that only your teacher's copy of the kata has");
        }
        return Optional.empty();
    }

    /** A kata's examples by name, each as its call and answer read: two copies of an example are equal when these are. */
    private static Map<String, String> examples(KataDefinition kata) {
        Map<String, String> byName = new java.util.HashMap<>();
        for (Example example : kata.examples()) {
            byName.put(example.name(), example.method() + java.util.Arrays.deepToString(example.args()) + " = "
                    + java.util.Arrays.deepToString(new Object[] {example.expected()}) + (example.hidden() ? " hidden" : ""));
        }
        return byName;
    }

    /** The katas a student's judge.jar carries, read once. */
    private static final class Bundled {
        static final Optional<KataCatalog> CATALOG = load();

        private static Optional<KataCatalog> load() {
            try {
                return Optional.of(KataCatalog.loadBundled());
            } catch (CatalogException | RuntimeException e) {
                return Optional.empty(); // then no case is said to be replayable at home
            }
        }
    }

    @Override
    public Optional<Counterexample.Rule> exampleRule(String kata, String example) {
        Optional<Example> fixed = catalog.byId(kata).flatMap(definition -> definition.examples().stream()
                .filter(e -> e.name().equals(example)).findFirst());
        if (fixed.isEmpty()) {
            return Optional.empty();
        }
        RuleCheck cited;
        try {
            cited = catalog.byId(kata).orElseThrow().entryPoint(fixed.get().method()).explain(fixed.get().args()).cited();
        } catch (RuntimeException e) {
            return Optional.empty(); // a reference that cannot explain its own example claims no rule
        }
        return cited == null ? Optional.empty() : Optional.of(new Counterexample.Rule(cited.rule(), cited.holds()));
    }

    private Optional<EntryPoint> entryPoint(String kata, Counterexample example) {
        if (example == null || example.method() == null) {
            return Optional.empty();
        }
        return catalog.byId(kata).flatMap(definition -> definition.entryPoints().stream()
                .filter(e -> e.method().equals(example.method())).findFirst());
    }

    private static Object[] arguments(EntryPoint entryPoint, JsonNode args) {
        if (args == null || !args.isArray() || args.size() != entryPoint.parameters().size()) {
            throw new IllegalArgumentException("arguments do not fit " + entryPoint.signature());
        }
        Object[] values = new Object[args.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = JsonValues.fromJson(args.get(i), entryPoint.parameters().get(i));
        }
        return values;
    }

    /** A Java literal of {@code type} for a natural JSON value; null when it has another shape. */
    static String literal(JsonNode value, ValueType type) {
        if (value == null || value.isNull()) {
            return type.nullable() ? "null" : null;
        }
        return switch (type) {
            case BOOLEAN -> value.isBoolean() ? String.valueOf(value.booleanValue()) : null;
            case INT -> value.isInt() ? String.valueOf(value.intValue()) : null;
            case STRING -> value.isTextual() ? stringLiteral(value.textValue()) : null;
            case INT_ARRAY -> {
                String elements = elements(value);
                yield elements == null ? null : "new int[] " + elements;
            }
            case INT_MATRIX -> {
                if (!value.isArray()) {
                    yield null;
                }
                StringBuilder rows = new StringBuilder("new int[][] {");
                for (int i = 0; i < value.size(); i++) {
                    String row = value.get(i).isNull() ? "null" : elements(value.get(i));
                    if (row == null) {
                        yield null;
                    }
                    rows.append(i == 0 ? "" : ", ").append(row);
                }
                yield rows.append('}').toString();
            }
        };
    }

    private static String elements(JsonNode array) {
        if (!array.isArray()) {
            return null;
        }
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < array.size(); i++) {
            if (!array.get(i).isInt()) {
                return null;
            }
            text.append(i == 0 ? "" : ", ").append(array.get(i).intValue());
        }
        return text.append('}').toString();
    }

    /**
     * A Java string literal. Line breaks are written {@code \n} (a {@code \u000a} escape would end
     * the line before javac reads the string); other control characters as unicode escapes.
     */
    static String stringLiteral(String text) {
        StringBuilder literal = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> literal.append("\\n");
                case '\r' -> literal.append("\\r");
                case '\t' -> literal.append("\\t");
                case '"' -> literal.append("\\\"");
                case '\\' -> literal.append("\\\\");
                default -> {
                    if (c < 0x20 || (c >= 0x7f && c < 0xa0)) {
                        literal.append(String.format("\\u%04x", (int) c));
                    } else {
                        literal.append(c);
                    }
                }
            }
        }
        return literal.append('"').toString();
    }
}

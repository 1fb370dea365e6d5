package org.katajudge.scoring;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What tests are worth, as a kata's {@code kata.json} ({@code "scoring": {...}}) or a teacher's
 * assignment file ({@code grade --scoring FILE}) says it. Data only; {@link PointsTable} turns
 * it into the points of each test.
 *
 * <pre>{@code
 * {
 *   "kata": "knight-moves",                      (assignment files only: the kata it is for)
 *   "compile": 0,                                (points for compiling)
 *   "examples": [                                (first matching rule decides; unmatched: 1 point)
 *     {"match": "g2 to *", "points": 2},         (each example matching the name pattern)
 *     {"hidden": true, "total": 10},             (the hidden examples share 10 points)
 *     {"method": "gameOver", "points": 1}
 *   ],
 *   "random": {"minMoves": 5, "*": 2},           (each method's random tests; "*" any method)
 *   "total": 100,                                (scale so that the kata is worth this)
 *   "partialCredit": true                        (assignment files only; default true)
 * }
 * }</pre>
 *
 * @param where         the file, for messages
 * @param kata          the kata an assignment file is for; empty for any
 * @param compile       points for compiling
 * @param examples      example rules, in order
 * @param random        points per method's random tests, {@code "*"} for any method
 * @param total         what the kata's tests are worth together, after scaling
 * @param partialCredit whether random tests earn the fraction of cases passed (assignment files only)
 */
public record ScoringRules(String where, Optional<String> kata, Optional<Double> compile, List<ExampleRule> examples,
                           Map<String, Double> random, Optional<Double> total, Optional<Boolean> partialCredit) {

    /** No rules: every test keeps its default points. */
    public static final ScoringRules NONE = new ScoringRules("(defaults)", Optional.empty(), Optional.empty(), List.of(),
            Map.of(), Optional.empty(), Optional.empty());

    /** Where a set of rules comes from: what it may say depends on it. */
    public enum Source {
        /** the {@code "scoring"} object of a kata's {@code kata.json} */
        KATA,
        /** a teacher's assignment file */
        ASSIGNMENT
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final Set<String> KATA_KEYS = Set.of("$comment", "compile", "examples", "random", "total");
    private static final Set<String> ASSIGNMENT_KEYS = Set.of("$comment", "kata", "compile", "examples", "random",
            "total", "partialCredit");
    private static final Set<String> RULE_KEYS = Set.of("$comment", "match", "method", "hidden", "points", "total");

    public ScoringRules {
        examples = List.copyOf(examples);
        random = Collections.unmodifiableMap(new LinkedHashMap<>(random));
    }

    /** Reads an assignment file. */
    public static ScoringRules read(Path file) throws ScoringException {
        String where = file.toString();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ScoringException(where + ": cannot read the scoring file (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1); // saved by Notepad
        }
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            String at = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr();
            throw new ScoringException(where + ": not valid JSON" + at + ": "
                    + String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse(""));
        }
        if (root == null || root.isMissingNode()) {
            throw new ScoringException(where + ": empty; expected a JSON object such as {\"random\": {\"*\": 5}}");
        }
        return parse(root, where, Source.ASSIGNMENT);
    }

    /**
     * Parses rules from JSON.
     *
     * @param where names the file (and place) in messages
     */
    public static ScoringRules parse(JsonNode node, String where, Source source) throws ScoringException {
        if (!node.isObject()) {
            throw new ScoringException(where + ": scoring must be a JSON object, got " + kind(node));
        }
        Set<String> allowed = source == Source.KATA ? KATA_KEYS : ASSIGNMENT_KEYS;
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw new ScoringException(where + ": unknown key \"" + name + "\""
                        + (source == Source.KATA && ASSIGNMENT_KEYS.contains(name)
                        ? " (it belongs in a teacher's assignment file, grade --scoring FILE)"
                        : " (known: " + String.join(", ", sorted(allowed)) + ")"));
            }
        }
        Optional<String> kata = Optional.empty();
        if (node.has("kata")) {
            if (!node.get("kata").isTextual() || node.get("kata").asText().isBlank()) {
                throw new ScoringException(where + ": \"kata\" must be a kata id, got " + node.get("kata"));
            }
            kata = Optional.of(node.get("kata").asText());
        }
        Optional<Double> compile = node.has("compile") ? Optional.of(points(node.get("compile"), where + ": \"compile\""))
                : Optional.empty();
        List<ExampleRule> examples = new ArrayList<>();
        if (node.has("examples")) {
            JsonNode list = node.get("examples");
            if (!list.isArray()) {
                throw new ScoringException(where + ": \"examples\" must be a list of rules such as"
                        + " [{\"match\": \"unsafe*\", \"points\": 2}], got " + kind(list));
            }
            for (int i = 0; i < list.size(); i++) {
                examples.add(rule(list.get(i), where + ": examples rule " + (i + 1)));
            }
        }
        Map<String, Double> random = new LinkedHashMap<>();
        if (node.has("random")) {
            JsonNode methods = node.get("random");
            if (!methods.isObject()) {
                throw new ScoringException(where + ": \"random\" must map method names (or \"*\") to points,"
                        + " such as {\"isSafe\": 5}, got " + kind(methods));
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = methods.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                random.put(field.getKey(), points(field.getValue(), where + ": \"random\" of \"" + field.getKey() + "\""));
            }
        }
        Optional<Double> total = Optional.empty();
        if (node.has("total")) {
            double value = points(node.get("total"), where + ": \"total\"");
            if (value <= 0) {
                throw new ScoringException(where + ": \"total\" must be more than 0, got " + Points.format(value));
            }
            total = Optional.of(value);
        }
        Optional<Boolean> partialCredit = Optional.empty();
        if (node.has("partialCredit")) {
            if (!node.get("partialCredit").isBoolean()) {
                throw new ScoringException(where + ": \"partialCredit\" must be true or false, got " + node.get("partialCredit"));
            }
            partialCredit = Optional.of(node.get("partialCredit").asBoolean());
        }
        return new ScoringRules(where, kata, compile, examples, random, total, partialCredit);
    }

    /**
     * Checks that these rules fit the katas they will be applied to: an assignment file's kata is
     * among them, and every rule and method name means something in at least one of them, so a
     * typo is an error rather than points silently not given.
     */
    public void check(List<KataTests> katas) throws ScoringException {
        if (kata.isPresent()) {
            for (KataTests tests : katas) {
                if (!tests.kata().equals(kata.get())) {
                    throw new ScoringException(where + ": the scoring is for kata " + kata.get()
                            + ", but submissions of " + tests.kata() + " are graded with it");
                }
            }
        }
        for (int i = 0; i < examples.size(); i++) {
            ExampleRule rule = examples.get(i);
            boolean decides = false;
            boolean matches = false;
            for (KataTests tests : katas) {
                for (KataTests.ExampleTest example : tests.examples()) {
                    if (rule.matches(example)) {
                        matches = true;
                        decides |= firstMatch(example).orElse(-1) == i;
                    }
                }
            }
            String label = where + ": examples rule " + (i + 1) + " " + rule.describe();
            if (!matches) {
                throw new ScoringException(label + " matches no example of " + kataNames(katas));
            }
            if (!decides) {
                throw new ScoringException(label + " decides nothing: earlier rules take every example it matches");
            }
        }
        for (String method : random.keySet()) {
            if (!method.equals("*") && katas.stream().noneMatch(k -> k.methods().contains(method))) {
                throw new ScoringException(where + ": \"random\" names method \"" + method + "\", which "
                        + kataNames(katas) + " does not have (methods: "
                        + String.join(", ", katas.stream().flatMap(k -> k.methods().stream()).distinct().toList()) + ")");
            }
        }
    }

    /** The index of the first rule that matches {@code example}. */
    Optional<Integer> firstMatch(KataTests.ExampleTest example) {
        for (int i = 0; i < examples.size(); i++) {
            if (examples.get(i).matches(example)) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /** Points for the random tests of {@code method}, when these rules say. */
    Optional<Double> random(String method) {
        return Optional.ofNullable(random.get(method)).or(() -> Optional.ofNullable(random.get("*")));
    }

    private static ExampleRule rule(JsonNode node, String label) throws ScoringException {
        if (!node.isObject()) {
            throw new ScoringException(label + ": must be an object such as {\"match\": \"unsafe*\", \"points\": 2}, got "
                    + kind(node));
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!RULE_KEYS.contains(name)) {
                throw new ScoringException(label + ": unknown key \"" + name + "\" (known: "
                        + String.join(", ", sorted(RULE_KEYS)) + ")");
            }
        }
        Optional<String> match = text(node, "match", label);
        Optional<String> method = text(node, "method", label);
        Optional<Boolean> hidden = Optional.empty();
        if (node.has("hidden")) {
            if (!node.get("hidden").isBoolean()) {
                throw new ScoringException(label + ": \"hidden\" must be true or false, got " + node.get("hidden"));
            }
            hidden = Optional.of(node.get("hidden").asBoolean());
        }
        if (node.has("points") == node.has("total")) {
            throw new ScoringException(label + ": give either \"points\" (each example) or \"total\" (all of them together)");
        }
        Double points = node.has("points") ? points(node.get("points"), label + ": \"points\"") : null;
        Double total = node.has("total") ? points(node.get("total"), label + ": \"total\"") : null;
        return new ExampleRule(match, method, hidden, points, total);
    }

    private static Optional<String> text(JsonNode node, String key, String label) throws ScoringException {
        if (!node.has(key)) {
            return Optional.empty();
        }
        if (!node.get(key).isTextual() || node.get(key).asText().isEmpty()) {
            throw new ScoringException(label + ": \"" + key + "\" must be a non-empty string, got " + node.get(key));
        }
        return Optional.of(node.get(key).asText());
    }

    private static double points(JsonNode node, String label) throws ScoringException {
        if (!node.isNumber() || !Double.isFinite(node.asDouble()) || node.asDouble() < 0) {
            throw new ScoringException(label + " must be a number of points, 0 or more, got " + node);
        }
        return node.asDouble();
    }

    private static String kind(JsonNode node) {
        return node.isObject() ? "an object" : node.isArray() ? "a list" : node.toString();
    }

    private static List<String> sorted(Set<String> names) {
        return names.stream().filter(n -> !n.startsWith("$")).sorted().toList();
    }

    private static String kataNames(List<KataTests> katas) {
        return katas.isEmpty() ? "(no kata)" : String.join(" or ", katas.stream().map(KataTests::kata).distinct().toList());
    }
}

package org.katajudge.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * A deliberately small JSON Schema (draft 2020-12) validator, so the tests can check every report
 * the judge writes against its published schema without a schema library on the class path.
 *
 * <p>Supported: {@code type}, {@code properties}, {@code required}, {@code additionalProperties},
 * {@code items} (single schema), {@code enum}, {@code const}, {@code minimum}, {@code maximum},
 * {@code minLength}, {@code minItems}, {@code pattern}, {@code $ref} ({@code #} and
 * {@code #/$defs/name} only), {@code anyOf}, {@code oneOf}, {@code allOf}, {@code not},
 * {@code $defs}, boolean schemas, and the annotations {@code $schema $id title description examples
 * default $comment format} (ignored; {@code format} is an annotation by default in 2020-12).
 *
 * <p>Every other keyword is rejected by the constructor: a schema that silently used an unchecked
 * keyword would make the tests pass for the wrong reason. Keyword values are checked there too
 * (a misspelt type name, a broken regex or a dangling {@code $ref} fail fast, not at the first
 * report).
 *
 * <p>Instances are immutable and thread-safe: the schema is copied on construction.
 */
public final class JsonSchemaValidator {

    /** Keywords with no validation meaning; accepted anywhere and never evaluated. */
    private static final Set<String> ANNOTATIONS = Set.of(
            "$schema", "$id", "title", "description", "examples", "default", "$comment", "format");

    private static final Set<String> TYPE_NAMES = Set.of(
            "object", "array", "string", "integer", "number", "boolean", "null");

    private static final String DEFS_PREFIX = "#/$defs/";

    /** Longest rendering of an instance value inside a message; reports can be large. */
    private static final int MAX_SHOWN = 80;

    private final JsonNode root;
    /** Every {@code pattern} compiled once, keyed by its source. */
    private final Map<String, Pattern> patterns;
    /** Every {@code $ref} value used in the schema, resolved once. */
    private final Map<String, JsonNode> refs;

    /**
     * @param schema the root schema document
     * @throws IllegalArgumentException naming the keyword and its schema location (a JSON pointer
     *                                  such as {@code #/properties/results/items}) when the schema
     *                                  uses an unsupported keyword or a malformed keyword value
     */
    public JsonSchemaValidator(JsonNode schema) {
        Objects.requireNonNull(schema, "schema");
        this.root = schema.deepCopy();
        Map<String, Pattern> patterns = new HashMap<>();
        Map<String, JsonNode> refs = new HashMap<>();
        check(root, "#", root, patterns, refs);
        this.patterns = Map.copyOf(patterns);
        this.refs = Map.copyOf(refs);
    }

    /**
     * @return no messages when {@code instance} conforms; otherwise one message per problem, each
     *         starting with the JSON pointer of the offending instance location ({@code (root)}
     *         for the document itself), e.g. {@code /results/0/verdict: "NOPE" is not one of [A, B]}
     * @throws IllegalStateException when the schema's {@code $ref}s loop without descending into
     *                               the instance (such a schema can never finish validating)
     */
    public List<String> validate(JsonNode instance) {
        Objects.requireNonNull(instance, "instance");
        return List.copyOf(errors(root, instance, "", new HashSet<>()));
    }

    /** @throws AssertionError listing every problem when {@code instance} does not conform */
    public void assertValid(JsonNode instance) {
        List<String> problems = validate(instance);
        if (!problems.isEmpty()) {
            throw new AssertionError(problems.stream().collect(Collectors.joining(
                    "\n  ", "JSON does not conform to its schema (" + problems.size() + " problem"
                            + (problems.size() == 1 ? "" : "s") + "):\n  ", "")));
        }
    }

    // ---------------------------------------------------------------- construction-time checks

    /** Checks {@code schema} (at schema location {@code at}), collecting its patterns and refs. */
    private static void check(JsonNode schema, String at, JsonNode root, Map<String, Pattern> patterns,
                              Map<String, JsonNode> refs) {
        if (schema.isBoolean()) {
            return;
        }
        if (!schema.isObject()) {
            throw new IllegalArgumentException("a schema must be an object or a boolean at " + at);
        }
        for (Map.Entry<String, JsonNode> entry : schema.properties()) {
            String keyword = entry.getKey();
            JsonNode value = entry.getValue();
            String here = at + "/" + escape(keyword);
            switch (keyword) {
                case "type" -> {
                    List<JsonNode> names = value.isArray() ? elements(value) : List.of(value);
                    require(!names.isEmpty(), here, "must name at least one type");
                    for (JsonNode name : names) {
                        require(name.isTextual() && TYPE_NAMES.contains(name.textValue()), here,
                                "unknown type " + name + "; expected one of " + sorted(TYPE_NAMES));
                    }
                }
                case "properties", "$defs" -> {
                    require(value.isObject(), here, "must be an object of schemas");
                    for (Map.Entry<String, JsonNode> sub : value.properties()) {
                        check(sub.getValue(), here + "/" + escape(sub.getKey()), root, patterns, refs);
                    }
                }
                case "required" -> {
                    require(value.isArray(), here, "must be an array of property names");
                    for (JsonNode name : value) {
                        require(name.isTextual(), here, "must be an array of property names");
                    }
                }
                case "additionalProperties", "items", "not" -> check(value, here, root, patterns, refs);
                case "anyOf", "oneOf", "allOf" -> {
                    require(value.isArray() && !value.isEmpty(), here, "must be a non-empty array of schemas");
                    for (int i = 0; i < value.size(); i++) {
                        check(value.get(i), here + "/" + i, root, patterns, refs);
                    }
                }
                case "enum" -> require(value.isArray(), here, "must be an array");
                case "const" -> {
                    // any JSON value is a valid const
                }
                case "minimum", "maximum" -> require(value.isNumber(), here, "must be a number");
                case "minLength", "minItems" -> require(isIntegral(value) && value.decimalValue().signum() >= 0,
                        here, "must be a non-negative integer");
                case "pattern" -> {
                    require(value.isTextual(), here, "must be a string");
                    try {
                        patterns.put(value.textValue(), Pattern.compile(value.textValue()));
                    } catch (PatternSyntaxException e) {
                        throw new IllegalArgumentException("invalid pattern at " + here + ": " + e.getMessage(), e);
                    }
                }
                case "$ref" -> {
                    require(value.isTextual(), here, "must be a string");
                    refs.put(value.textValue(), resolve(value.textValue(), here, root));
                }
                default -> {
                    if (!ANNOTATIONS.contains(keyword)) {
                        throw new IllegalArgumentException(
                                "unsupported keyword \"" + keyword + "\" at " + at);
                    }
                }
            }
        }
    }

    /** Only local refs to the root or to one of its {@code $defs}: all our schema needs. */
    private static JsonNode resolve(String ref, String at, JsonNode root) {
        if (ref.equals("#")) {
            return root;
        }
        String name = ref.startsWith(DEFS_PREFIX) ? ref.substring(DEFS_PREFIX.length()) : "";
        require(!name.isEmpty() && !name.contains("/"), at,
                "unsupported $ref \"" + ref + "\"; only \"#\" and \"#/$defs/<name>\" are supported");
        JsonNode defs = root.path("$defs");
        JsonNode target = defs.get(name.replace("~1", "/").replace("~0", "~"));
        require(target != null, at, "$ref \"" + ref + "\" names no entry of the root $defs");
        return target;
    }

    private static void require(boolean condition, String at, String problem) {
        if (!condition) {
            throw new IllegalArgumentException("invalid keyword value at " + at + ": " + problem);
        }
    }

    // ---------------------------------------------------------------- validation

    /**
     * The problems {@code instance} (at {@code pointer}) has against {@code schema}.
     *
     * @param activeRefs the {@code $ref}s being evaluated, each with its instance pointer: meeting
     *                   one again means an endless loop, as evaluation is deterministic
     */
    private List<String> errors(JsonNode schema, JsonNode instance, String pointer, Set<String> activeRefs) {
        List<String> errors = new ArrayList<>();
        if (schema.isBoolean()) {
            if (!schema.booleanValue()) {
                errors.add(at(pointer, "no value is allowed here (the schema is false)"));
            }
            return errors;
        }
        for (Map.Entry<String, JsonNode> entry : schema.properties()) {
            JsonNode value = entry.getValue();
            switch (entry.getKey()) {
                case "type" -> {
                    List<JsonNode> names = value.isArray() ? elements(value) : List.of(value);
                    if (names.stream().noneMatch(name -> hasType(instance, name.textValue()))) {
                        String expected = names.size() == 1 ? names.get(0).textValue()
                                : "one of " + names.stream().map(JsonNode::textValue).toList();
                        errors.add(at(pointer, "expected " + expected + ", got " + typeOf(instance)
                                + (instance.isContainerNode() || instance.isNull() ? "" : " " + show(instance))));
                    }
                }
                case "properties" -> {
                    for (Map.Entry<String, JsonNode> property : value.properties()) {
                        JsonNode child = instance.isObject() ? instance.get(property.getKey()) : null;
                        if (child != null) {
                            errors.addAll(errors(property.getValue(), child,
                                    pointer + "/" + escape(property.getKey()), activeRefs));
                        }
                    }
                }
                case "required" -> {
                    if (instance.isObject()) {
                        for (JsonNode name : value) {
                            if (!instance.has(name.textValue())) {
                                errors.add(at(pointer, "missing required property \"" + name.textValue() + "\""));
                            }
                        }
                    }
                }
                case "additionalProperties" -> {
                    JsonNode declared = schema.path("properties"); // patternProperties is unsupported
                    for (Map.Entry<String, JsonNode> property : instance.properties()) {
                        if (declared.has(property.getKey())) {
                            continue;
                        }
                        String child = pointer + "/" + escape(property.getKey());
                        if (value.isBoolean() && !value.booleanValue()) {
                            // clearer than the generic false-schema message for the common case
                            errors.add(at(child, "property \"" + property.getKey()
                                    + "\" is not allowed (additionalProperties is false)"));
                        } else {
                            errors.addAll(errors(value, property.getValue(), child, activeRefs));
                        }
                    }
                }
                case "items" -> {
                    if (instance.isArray()) {
                        for (int i = 0; i < instance.size(); i++) {
                            errors.addAll(errors(value, instance.get(i), pointer + "/" + i, activeRefs));
                        }
                    }
                }
                case "enum" -> {
                    if (elements(value).stream().noneMatch(option -> jsonEquals(option, instance))) {
                        errors.add(at(pointer, show(instance) + " is not one of "
                                + elements(value).stream().map(JsonSchemaValidator::showBare).toList()));
                    }
                }
                case "const" -> {
                    if (!jsonEquals(value, instance)) {
                        errors.add(at(pointer, show(instance) + " is not the constant " + show(value)));
                    }
                }
                case "minimum" -> {
                    if (instance.isNumber() && instance.decimalValue().compareTo(value.decimalValue()) < 0) {
                        errors.add(at(pointer, show(instance) + " is less than the minimum " + value));
                    }
                }
                case "maximum" -> {
                    if (instance.isNumber() && instance.decimalValue().compareTo(value.decimalValue()) > 0) {
                        errors.add(at(pointer, show(instance) + " is greater than the maximum " + value));
                    }
                }
                case "minLength" -> {
                    // the spec counts characters (code points), not UTF-16 units
                    if (instance.isTextual() && value.decimalValue().compareTo(BigDecimal.valueOf(
                            instance.textValue().codePointCount(0, instance.textValue().length()))) > 0) {
                        errors.add(at(pointer, show(instance) + " is shorter than the minLength " + value));
                    }
                }
                case "minItems" -> {
                    if (instance.isArray() && value.decimalValue().compareTo(BigDecimal.valueOf(instance.size())) > 0) {
                        errors.add(at(pointer, "has " + instance.size() + " item" + (instance.size() == 1 ? "" : "s")
                                + ", fewer than the minItems " + value));
                    }
                }
                case "pattern" -> {
                    // find(), not matches(): JSON Schema patterns are unanchored
                    if (instance.isTextual() && !patterns.get(value.textValue()).matcher(instance.textValue()).find()) {
                        errors.add(at(pointer, show(instance) + " does not match the pattern " + value.textValue()));
                    }
                }
                case "$ref" -> {
                    String ref = value.textValue();
                    String key = ref + " at " + pointer;
                    if (!activeRefs.add(key)) {
                        throw new IllegalStateException("$ref \"" + ref + "\" loops without descending into the"
                                + " instance (at " + (pointer.isEmpty() ? "(root)" : pointer) + ")");
                    }
                    errors.addAll(errors(refs.get(ref), instance, pointer, activeRefs));
                    activeRefs.remove(key);
                }
                case "allOf" -> {
                    for (JsonNode alternative : value) {
                        errors.addAll(errors(alternative, instance, pointer, activeRefs));
                    }
                }
                case "anyOf", "oneOf" -> {
                    List<List<String>> outcomes = new ArrayList<>();
                    for (JsonNode alternative : value) {
                        outcomes.add(errors(alternative, instance, pointer, activeRefs));
                    }
                    List<Integer> matching = new ArrayList<>();
                    for (int i = 0; i < outcomes.size(); i++) {
                        if (outcomes.get(i).isEmpty()) {
                            matching.add(i);
                        }
                    }
                    if (matching.isEmpty()) {
                        // one problem, but say why each alternative failed: otherwise it can't be fixed
                        StringBuilder why = new StringBuilder();
                        for (int i = 0; i < outcomes.size(); i++) {
                            why.append(i == 0 ? "" : "; ").append('[').append(i).append("] ")
                                    .append(String.join(", ", outcomes.get(i)));
                        }
                        errors.add(at(pointer, "matches none of the " + entry.getKey() + " alternatives: " + why));
                    } else if (entry.getKey().equals("oneOf") && matching.size() > 1) {
                        errors.add(at(pointer, "matches " + matching.size() + " of the oneOf alternatives "
                                + matching + "; exactly one must match"));
                    }
                }
                case "not" -> {
                    if (errors(value, instance, pointer, activeRefs).isEmpty()) {
                        errors.add(at(pointer, show(instance) + " matches the schema under \"not\""));
                    }
                }
                default -> {
                    // $defs and annotations: no assertion; anything else was rejected by the constructor
                }
            }
        }
        return errors;
    }

    // ---------------------------------------------------------------- JSON helpers

    private static boolean hasType(JsonNode instance, String type) {
        return switch (type) {
            case "number" -> instance.isNumber();
            case "integer" -> isIntegral(instance);
            default -> typeOf(instance).equals(type);
        };
    }

    /** The JSON Schema type name; "integer" for integral numbers such as {@code 1.0}. */
    private static String typeOf(JsonNode node) {
        return switch (node.getNodeType()) {
            case OBJECT -> "object";
            case ARRAY -> "array";
            case STRING -> "string";
            case BOOLEAN -> "boolean";
            case NULL -> "null";
            case NUMBER -> isIntegral(node) ? "integer" : "number";
            // MISSING, BINARY, POJO: not JSON values, so they match no type
            default -> node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    /** 2020-12: "integer" is any number with a zero fractional part, whatever its notation. */
    private static boolean isIntegral(JsonNode node) {
        if (node.isIntegralNumber()) {
            return true;
        }
        return node.isNumber() && Double.isFinite(node.doubleValue())
                && node.decimalValue().stripTrailingZeros().scale() <= 0;
    }

    /** JSON equality: numbers by value (1 equals 1.0), objects regardless of member order. */
    private static boolean jsonEquals(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!jsonEquals(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Map.Entry<String, JsonNode> member : a.properties()) {
                JsonNode other = b.get(member.getKey());
                if (other == null || !jsonEquals(member.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    private static List<JsonNode> elements(JsonNode array) {
        List<JsonNode> elements = new ArrayList<>();
        array.forEach(elements::add);
        return elements;
    }

    private static List<String> sorted(Set<String> names) {
        return names.stream().sorted().toList();
    }

    /** RFC 6901 escaping of one reference token. */
    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    private static String at(String pointer, String problem) {
        return (pointer.isEmpty() ? "(root)" : pointer) + ": " + problem;
    }

    /** The value as JSON, shortened: a whole report in a message helps nobody. */
    private static String show(JsonNode node) {
        String json = node.toString();
        return json.length() <= MAX_SHOWN ? json : json.substring(0, MAX_SHOWN - 3) + "...";
    }

    /** As {@link #show}, but strings unquoted: reads better in a list of enum values. */
    private static String showBare(JsonNode node) {
        return node.isTextual() ? node.textValue() : show(node);
    }
}

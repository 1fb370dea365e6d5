package org.katajudge.catalog;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a {@code kata.json}. Jackson's binding of {@link KataSpec} is the contract (its coercions,
 * its messages); it is also the costliest thing a fresh judge does with a kata folder (the
 * record's deserializer is built by reflection, some 40 ms of CPU without a class-data archive).
 * So a file of the usual shape, only the known keys with values of their own JSON types, is read
 * from its tree, which gives the same spec; anything else goes to the binding.
 */
final class KataSpecJson {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final Set<String> KEYS = Set.of("id", "title", "difficulty", "seed", "class", "methods",
            "timeLimitMillis", "scoring");
    private static final Set<String> METHOD_KEYS = Set.of("name", "signature");

    private KataSpecJson() {
    }

    static KataSpec read(String text) throws JsonProcessingException {
        Optional<KataSpec> usual = usualShape(text);
        return usual.isPresent() ? usual.get() : JSON.readValue(text, KataSpec.class);
    }

    /** The spec when {@code text} has the usual shape, else empty (the binding decides). */
    static Optional<KataSpec> usualShape(String text) {
        JsonNode root;
        try (JsonParser parser = JSON.getFactory().createParser(text)) {
            parser.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION); // which duplicate wins is the binding's
            root = JSON.readTree(parser);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        if (root == null || !root.isObject() || !known(root, KEYS)) {
            return Optional.empty();
        }
        JsonNode limit = root.get("timeLimitMillis");
        JsonNode methods = root.get("methods");
        JsonNode scoring = root.get("scoring");
        if (!(text(root, "id") && text(root, "title") && text(root, "difficulty") && text(root, "seed")
                && text(root, "class"))
                || limit != null && !(limit.isIntegralNumber() && limit.canConvertToLong())
                || methods != null && !methods.isArray()
                || scoring != null && scoring.isNull()) {
            return Optional.empty();
        }
        List<KataSpec.MethodSpec> specs = null;
        if (methods != null) {
            specs = new ArrayList<>();
            for (JsonNode method : methods) {
                if (!method.isObject() || !known(method, METHOD_KEYS) || !text(method, "name") || !text(method, "signature")) {
                    return Optional.empty();
                }
                specs.add(new KataSpec.MethodSpec(value(method, "name"), value(method, "signature")));
            }
        }
        return Optional.of(new KataSpec(value(root, "id"), value(root, "title"), value(root, "difficulty"),
                value(root, "seed"), value(root, "class"), specs, limit == null ? 0 : limit.longValue(), scoring));
    }

    private static boolean known(JsonNode object, Set<String> keys) {
        for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
            if (!keys.contains(names.next())) {
                return false;
            }
        }
        return true;
    }

    /** Whether the key is absent or a string (a JSON null, a number: the binding's coercions decide). */
    private static boolean text(JsonNode object, String key) {
        JsonNode node = object.get(key);
        return node == null || node.isTextual();
    }

    private static String value(JsonNode object, String key) {
        JsonNode node = object.get(key);
        return node == null ? null : node.textValue();
    }
}

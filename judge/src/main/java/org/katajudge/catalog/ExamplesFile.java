package org.katajudge.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.kata.ValueType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads and writes a kata's {@code examples.json}:
 * {@code {"examples": [{"name", "method", "args": [...], "expected", "hidden"}, ...]}}, where
 * {@code "hidden": true} marks a test students never see (it is written only when true).
 *
 * <p>Written files keep one example per line, so a diff of an added example is one line.
 */
public final class ExamplesFile {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ExamplesFile() {
    }

    /**
     * Parses the examples of {@code kata} from {@code text}.
     *
     * @param where names the file in error messages
     */
    public static List<Example> parse(String text, Kata kata, String where) throws CatalogException {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new CatalogException(where + JsonValues.at(e) + ": not valid JSON: " + JsonValues.problem(e));
        }
        JsonNode array = root == null ? null : root.get("examples");
        if (array == null || !array.isArray()) {
            throw new CatalogException(where + ": expected {\"examples\": [...]}");
        }
        List<Example> examples = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (JsonNode node : array) {
            Example example = parseExample(node, kata, where);
            if (!names.add(example.name())) {
                throw new CatalogException(where + ": two examples are named " + example.name());
            }
            examples.add(example);
        }
        return examples;
    }

    /** Appends {@code example} to the file at {@code path}, rewriting it in the one-per-line form. */
    public static void append(Path path, Example example, Kata kata) throws CatalogException {
        String where = path.toString();
        List<Example> examples;
        try {
            examples = new ArrayList<>(parse(Files.readString(path, StandardCharsets.UTF_8), kata, where));
        } catch (IOException e) {
            throw new CatalogException(where + ": cannot read: " + e.getMessage());
        }
        if (examples.stream().anyMatch(e -> e.name().equals(example.name()))) {
            throw new CatalogException(where + ": an example named " + example.name() + " already exists");
        }
        examples.add(example);
        String text = format(examples);
        parse(text, kata, where); // the new example must fit the kata (method, arity, types) before it is written
        try {
            Files.writeString(path, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CatalogException(where + ": cannot write: " + e.getMessage());
        }
    }

    /** The canonical text of an examples file. */
    public static String format(List<Example> examples) {
        StringBuilder text = new StringBuilder("{\"examples\": [\n");
        for (int i = 0; i < examples.size(); i++) {
            Example example = examples.get(i);
            ObjectNode node = JSON.createObjectNode();
            node.put("name", example.name());
            node.put("method", example.method());
            node.set("args", JsonValues.toJson(example.args()));
            node.set("expected", JsonValues.toJson(example.expected()));
            if (example.hidden()) {
                node.put("hidden", true);
            }
            text.append("  ").append(node).append(i + 1 < examples.size() ? ",\n" : "\n");
        }
        return text.append("]}\n").toString();
    }

    private static Example parseExample(JsonNode node, Kata kata, String where) throws CatalogException {
        String name = node.path("name").asText("");
        String label = where + ": example " + (name.isEmpty() ? node.toString() : name);
        if (name.isEmpty()) {
            throw new CatalogException(label + ": has no name");
        }
        EntryPoint entryPoint = kata.entryPoints().stream()
                .filter(e -> e.method().equals(node.path("method").asText()))
                .findFirst()
                .orElseThrow(() -> new CatalogException(label + ": unknown method \""
                        + node.path("method").asText() + "\""));
        JsonNode args = node.get("args");
        List<ValueType> parameters = entryPoint.parameters();
        if (args == null || !args.isArray() || args.size() != parameters.size()) {
            throw new CatalogException(label + ": args must be an array of " + parameters.size()
                    + " value(s) for " + entryPoint.signature());
        }
        if (!node.has("expected")) {
            throw new CatalogException(label + ": has no expected value");
        }
        JsonNode hidden = node.path("hidden");
        if (!hidden.isMissingNode() && !hidden.isBoolean()) {
            throw new CatalogException(label + ": \"hidden\" must be true or false, got " + hidden);
        }
        try {
            Object[] values = new Object[parameters.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = JsonValues.fromJson(args.get(i), parameters.get(i));
            }
            Object expected = JsonValues.fromJson(node.get("expected"), entryPoint.returns());
            return new Example(name, entryPoint.method(), values, expected, hidden.asBoolean(false));
        } catch (IllegalArgumentException e) {
            throw new CatalogException(label + ": " + e.getMessage());
        }
    }
}

package org.katajudge.catalog;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.katajudge.kata.ValueType;

/**
 * Converts kata values to and from their natural JSON form: {@code int[][]} as nested arrays,
 * {@code int[]} as an array, strings as strings, {@code null} for an absent answer. The one
 * place the judge maps between JSON and Java values.
 */
public final class JsonValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonValues() {
    }

    /**
     * The value of {@code type} that {@code node} holds.
     *
     * @throws IllegalArgumentException when the node is not of that shape
     */
    public static Object fromJson(JsonNode node, ValueType type) {
        if (node == null || node.isNull()) {
            if (!type.nullable()) {
                throw new IllegalArgumentException("null is not a " + type.javaName());
            }
            return null;
        }
        return switch (type) {
            case BOOLEAN -> {
                require(node.isBoolean(), node, type);
                yield node.booleanValue();
            }
            case INT -> {
                require(node.isInt(), node, type);
                yield node.intValue();
            }
            case STRING -> {
                require(node.isTextual(), node, type);
                yield node.textValue();
            }
            case INT_ARRAY -> intArray(node, type);
            case INT_MATRIX -> {
                require(node.isArray(), node, type);
                int[][] matrix = new int[node.size()][];
                for (int i = 0; i < matrix.length; i++) {
                    matrix[i] = intArray(node.get(i), type);
                }
                yield matrix;
            }
        };
    }

    /** The natural JSON form of a kata value. */
    public static JsonNode toJson(Object value) {
        if (value == null) {
            return NODES.nullNode();
        }
        if (value instanceof Boolean b) {
            return NODES.booleanNode(b);
        }
        if (value instanceof Integer i) {
            return NODES.numberNode(i);
        }
        if (value instanceof String s) {
            return NODES.textNode(s);
        }
        if (value instanceof int[] array) {
            ArrayNode node = NODES.arrayNode(array.length);
            for (int v : array) {
                node.add(v);
            }
            return node;
        }
        if (value instanceof int[][] matrix) {
            ArrayNode node = NODES.arrayNode(matrix.length);
            for (int[] row : matrix) {
                node.add(toJson(row));
            }
            return node;
        }
        throw new IllegalArgumentException("not a kata value: " + value.getClass().getName());
    }

    /** The arguments as a JSON array, one element per parameter. */
    public static ArrayNode toJson(Object[] args) {
        ArrayNode node = NODES.arrayNode(args.length);
        for (Object arg : args) {
            node.add(toJson(arg));
        }
        return node;
    }

    /** {@code ":LINE"} where a JSON parse error is, for messages of the form {@code file:line: what}; empty when unknown. */
    static String at(JsonProcessingException e) {
        JsonLocation location = e.getLocation();
        return location != null && location.getLineNr() > 0 ? ":" + location.getLineNr() : "";
    }

    /** A JSON parse error in one line, without Jackson's source location (the caller names file and line). */
    static String problem(JsonProcessingException e) {
        String message = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
        return message.replaceAll(" \\(start marker at \\[Source: .*$", "");
    }

    private static int[] intArray(JsonNode node, ValueType type) {
        require(node.isArray(), node, type);
        int[] array = new int[node.size()];
        for (int i = 0; i < array.length; i++) {
            require(node.get(i).isInt(), node, type);
            array[i] = node.get(i).intValue();
        }
        return array;
    }

    private static void require(boolean condition, JsonNode node, ValueType type) {
        if (!condition) {
            throw new IllegalArgumentException("expected a " + type.javaName() + ", got " + node);
        }
    }
}

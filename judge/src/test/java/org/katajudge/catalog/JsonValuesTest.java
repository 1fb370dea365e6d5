package org.katajudge.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.katajudge.kata.ValueType;

import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.BOOLEAN;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.INT_ARRAY;
import static org.katajudge.kata.ValueType.INT_MATRIX;
import static org.katajudge.kata.ValueType.STRING;

/** {@link JsonValues}: kata values to JSON and back, and what is not a kata value. */
class JsonValuesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new AssertionError(text, e);
        }
    }

    static Stream<Arguments> values() {
        return Stream.of(
                Arguments.of(BOOLEAN, true, "true"),
                Arguments.of(BOOLEAN, false, "false"),
                Arguments.of(INT, 0, "0"),
                Arguments.of(INT, -7, "-7"),
                Arguments.of(INT, Integer.MAX_VALUE, "2147483647"),
                Arguments.of(INT, Integer.MIN_VALUE, "-2147483648"),
                Arguments.of(STRING, "d3", "\"d3\""),
                Arguments.of(STRING, "", "\"\""),
                Arguments.of(STRING, "a \"quoted\" \\ back\nslash\ttab", "\"a \\\"quoted\\\" \\\\ back\\nslash\\ttab\""),
                Arguments.of(STRING, "車馬象士將 卒", "\"車馬象士將 卒\""),
                Arguments.of(STRING, ". b . b\n. . . .", "\". b . b\\n. . . .\""),
                Arguments.of(INT_ARRAY, new int[] {6, 15}, "[6,15]"),
                Arguments.of(INT_ARRAY, new int[] {-1, 0, Integer.MAX_VALUE}, "[-1,0,2147483647]"),
                Arguments.of(INT_ARRAY, new int[0], "[]"),
                Arguments.of(INT_MATRIX, new int[][] {{0, 3}, {1, 0}}, "[[0,3],[1,0]]"),
                Arguments.of(INT_MATRIX, new int[][] {{1}, {}, {2, 3, 4}}, "[[1],[],[2,3,4]]"),
                Arguments.of(INT_MATRIX, new int[0][], "[]"),
                Arguments.of(STRING, null, "null"),
                Arguments.of(INT_ARRAY, null, "null"),
                Arguments.of(INT_MATRIX, null, "null"));
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("values")
    void everyValueTypeRoundTripsThroughItsNaturalJson(ValueType type, Object value, String text) throws IOException {
        JsonNode node = JsonValues.toJson(value);
        assertEquals(text, node.toString(), "natural JSON form");
        assertTrue(type.accepts(value));

        Object back = JsonValues.fromJson(node, type);
        assertTrue(type.equal(value, back), () -> ValueType.show(value) + " came back as " + ValueType.show(back));
        Object reparsed = JsonValues.fromJson(JSON.readTree(JSON.writeValueAsString(node)), type);
        assertTrue(type.equal(value, reparsed), "through text: " + ValueType.show(reparsed));
        assertTrue(type.accepts(back), "the value read is of the type asked for");
    }

    @Test
    void arraysReadFromJsonAreFreshAndOfTheExactJavaType() {
        Object array = JsonValues.fromJson(json("[1,2]"), INT_ARRAY);
        assertEquals(int[].class, array.getClass());
        Object matrix = JsonValues.fromJson(json("[[1],[2,3]]"), INT_MATRIX);
        assertEquals(int[][].class, matrix.getClass());
        assertEquals(2, ((int[][]) matrix)[1].length);
        assertEquals(Integer.class, JsonValues.fromJson(json("5"), INT).getClass());
        assertEquals(Boolean.class, JsonValues.fromJson(json("true"), BOOLEAN).getClass());
    }

    @ParameterizedTest
    @EnumSource(value = ValueType.class, names = {"STRING", "INT_ARRAY", "INT_MATRIX"})
    void nullIsAValueOfTheNullableTypes(ValueType type) {
        assertTrue(type.nullable());
        assertNull(JsonValues.fromJson(NullNode.getInstance(), type));
        assertNull(JsonValues.fromJson(null, type), "an absent node reads as null too");
        assertEquals(NullNode.getInstance(), JsonValues.toJson((Object) null));
    }

    @ParameterizedTest
    @EnumSource(value = ValueType.class, names = {"BOOLEAN", "INT"})
    void nullIsNotAValueOfThePrimitiveTypes(ValueType type) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JsonValues.fromJson(NullNode.getInstance(), type));
        assertEquals("null is not a " + type.javaName(), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> JsonValues.fromJson(null, type));
    }

    static Stream<Arguments> wrongShapes() {
        return Stream.of(
                Arguments.of(BOOLEAN, "1", "expected a boolean, got 1"),
                Arguments.of(BOOLEAN, "\"true\"", "expected a boolean, got \"true\""),
                Arguments.of(BOOLEAN, "[true]", "expected a boolean, got [true]"),
                Arguments.of(INT, "true", "expected a int, got true"),
                Arguments.of(INT, "\"1\"", "expected a int, got \"1\""),
                Arguments.of(INT, "1.5", "expected a int, got 1.5"),
                Arguments.of(INT, "1.0", "expected a int, got 1.0"),
                Arguments.of(INT, "2147483648", "expected a int, got 2147483648"),
                Arguments.of(INT, "{}", "expected a int, got {}"),
                Arguments.of(STRING, "5", "expected a String, got 5"),
                Arguments.of(STRING, "[\"d3\"]", "expected a String, got [\"d3\"]"),
                Arguments.of(STRING, "false", "expected a String, got false"),
                Arguments.of(INT_ARRAY, "{\"0\":1}", "expected a int[], got {\"0\":1}"),
                Arguments.of(INT_ARRAY, "7", "expected a int[], got 7"),
                Arguments.of(INT_ARRAY, "[1,\"2\"]", "expected a int[], got [1,\"2\"]"),
                Arguments.of(INT_ARRAY, "[1,2.5]", "expected a int[], got [1,2.5]"),
                Arguments.of(INT_ARRAY, "[null]", "expected a int[], got [null]"),
                Arguments.of(INT_ARRAY, "[[1]]", "expected a int[], got [[1]]"),
                Arguments.of(INT_MATRIX, "[1,2]", "expected a int[][], got 1"),
                Arguments.of(INT_MATRIX, "[[1],2]", "expected a int[][], got 2"),
                Arguments.of(INT_MATRIX, "[[1],null]", "expected a int[][], got null"),
                Arguments.of(INT_MATRIX, "[[1],[true]]", "expected a int[][], got [true]"),
                Arguments.of(INT_MATRIX, "\"[[1]]\"", "expected a int[][], got \"[[1]]\""));
    }

    @ParameterizedTest(name = "{1} is not a {0}")
    @MethodSource("wrongShapes")
    void aWrongShapeIsRejectedWithAMessage(ValueType type, String text, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JsonValues.fromJson(json(text), type));
        assertEquals(message, e.getMessage());
    }

    @Test
    void valuesOfNoKataTypeCannotBeWritten() {
        for (Object value : List.<Object>of(5L, 1.5, 'c', List.of(1), new long[] {1}, new Integer[] {1},
                new int[][][] {{{1}}}, new Object())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JsonValues.toJson(value),
                    value.getClass().getName());
            assertEquals("not a kata value: " + value.getClass().getName(), e.getMessage());
        }
    }

    @Test
    void argumentsBecomeOneArrayWithAnElementPerParameter() {
        ArrayNode node = JsonValues.toJson(new Object[] {"a1", new int[] {1, 2}, null, new int[][] {{3}}, 4, false});
        assertEquals("[\"a1\",[1,2],null,[[3]],4,false]", node.toString());
        assertEquals("[]", JsonValues.toJson(new Object[0]).toString());
    }

    @Test
    void anArgumentOfNoKataTypeIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> JsonValues.toJson(new Object[] {"a1", 2L}));
    }
}

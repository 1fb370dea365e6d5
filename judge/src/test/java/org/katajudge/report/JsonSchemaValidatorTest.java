package org.katajudge.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The schema validator the report tests rely on. Messages are compared exactly where practical,
 * so a wrong pointer or a swallowed problem fails here rather than hiding a broken report.
 */
class JsonSchemaValidatorTest {

    /** Single quotes keep the JSON in these tests readable. */
    private static final ObjectMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .build();

    static JsonNode json(String text) {
        try {
            return LENIENT.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> problems(String schema, String instance) {
        return new JsonSchemaValidator(json(schema)).validate(json(instance));
    }

    static void accepts(String schema, String instance) {
        assertEquals(List.of(), problems(schema, instance), schema + " should accept " + instance);
    }

    static void rejects(String schema, String instance, String... expected) {
        assertEquals(List.of(expected), problems(schema, instance), schema + " should reject " + instance);
    }

    @Nested
    class Type {

        static Stream<Arguments> cases() {
            return Stream.of(
                    arguments("object", "{'a': 1}", null),
                    arguments("object", "[1]", "/v: expected object, got array"),
                    arguments("array", "[]", null),
                    arguments("array", "{}", "/v: expected array, got object"),
                    arguments("string", "'x'", null),
                    arguments("string", "5", "/v: expected string, got integer 5"),
                    arguments("integer", "5", null),
                    arguments("integer", "-12345678901234567890", null),
                    arguments("integer", "5.0", null), // 2020-12: a zero fraction is still an integer
                    arguments("integer", "5.5", "/v: expected integer, got number 5.5"),
                    arguments("integer", "'5'", "/v: expected integer, got string \"5\""),
                    arguments("number", "5", null),
                    arguments("number", "5.5", null),
                    arguments("number", "'5'", "/v: expected number, got string \"5\""),
                    arguments("boolean", "true", null),
                    arguments("boolean", "null", "/v: expected boolean, got null"),
                    arguments("null", "null", null),
                    arguments("null", "false", "/v: expected null, got boolean false"));
        }

        @ParameterizedTest(name = "{0} vs {1}")
        @MethodSource("cases")
        void singleType(String type, String value, String expected) {
            String schema = "{'properties': {'v': {'type': '" + type + "'}}}";
            String instance = "{'v': " + value + "}";
            if (expected == null) {
                accepts(schema, instance);
            } else {
                rejects(schema, instance, expected);
            }
        }

        @Test
        void typeArrayAcceptsAnyListedType() {
            String schema = "{'type': ['string', 'null']}";
            accepts(schema, "'x'");
            accepts(schema, "null");
            rejects(schema, "1", "(root): expected one of [string, null], got integer 1");
        }
    }

    @Nested
    class ObjectKeywords {

        @Test
        void propertiesApplyToPresentMembersAtTheirPointer() {
            String schema = "{'properties': {'a': {'properties': {'b': {'type': 'string'}}}}}";
            accepts(schema, "{'a': {'b': 'x'}}");
            accepts(schema, "{}"); // absent members are required's business
            accepts(schema, "5"); // properties constrains objects only
            rejects(schema, "{'a': {'b': 1}}", "/a/b: expected string, got integer 1");
        }

        @Test
        void pointerTokensAreEscaped() {
            rejects("{'properties': {'a/b': {'type': 'string'}, 'c~d': {'type': 'string'}}}",
                    "{'a/b': 1, 'c~d': 2}",
                    "/a~1b: expected string, got integer 1",
                    "/c~0d: expected string, got integer 2");
        }

        @Test
        void requiredNamesEachMissingPropertyAtTheObject() {
            String schema = "{'properties': {'o': {'required': ['a', 'b', 'c']}}}";
            accepts(schema, "{'o': {'a': 1, 'b': null, 'c': false}}");
            accepts(schema, "{'o': 7}"); // required constrains objects only
            rejects(schema, "{'o': {'b': 1}}",
                    "/o: missing required property \"a\"",
                    "/o: missing required property \"c\"");
            rejects("{'required': ['x']}", "{}", "(root): missing required property \"x\"");
        }

        @Test
        void additionalPropertiesFalseRejectsUndeclaredMembers() {
            String schema = "{'properties': {'a': {}}, 'additionalProperties': false}";
            accepts(schema, "{'a': 1}");
            accepts(schema, "{}");
            rejects(schema, "{'a': 1, 'zz': 2}", "/zz: property \"zz\" is not allowed (additionalProperties is false)");
        }

        @Test
        void additionalPropertiesSchemaAppliesToUndeclaredMembersOnly() {
            String schema = "{'properties': {'a': {}}, 'additionalProperties': {'type': 'integer'}}";
            accepts(schema, "{'a': 'declared, so unconstrained', 'b': 1}");
            rejects(schema, "{'a': 'x', 'b': 'y'}", "/b: expected integer, got string \"y\"");
        }
    }

    @Nested
    class ArrayKeywords {

        @Test
        void itemsAppliesToEveryElementAtItsIndex() {
            String schema = "{'items': {'type': 'integer'}}";
            accepts(schema, "[]");
            accepts(schema, "[1, 2]");
            accepts(schema, "'not an array'");
            rejects(schema, "[1, 'x', 3, null]",
                    "/1: expected integer, got string \"x\"",
                    "/3: expected integer, got null");
        }

        @Test
        void minItems() {
            String schema = "{'minItems': 2}";
            accepts(schema, "[1, 2]");
            accepts(schema, "{}");
            rejects(schema, "[1]", "(root): has 1 item, fewer than the minItems 2");
        }
    }

    @Nested
    class ValueKeywords {

        @Test
        void enumMessageNamesPointerValueAndOptions() {
            String schema = """
                    {'properties': {'results': {'items': {'properties': {
                        'verdict': {'enum': ['ACCEPTED', 'WRONG_ANSWER']}}}}}}""";
            accepts(schema, "{'results': [{'verdict': 'ACCEPTED'}]}");
            rejects(schema, "{'results': [{'verdict': 'ACCEPTED'}, {'verdict': 'NOPE'}]}",
                    "/results/1/verdict: \"NOPE\" is not one of [ACCEPTED, WRONG_ANSWER]");
        }

        @Test
        void enumComparesAsJson() {
            String schema = "{'enum': [1, null, {'a': [1, 2]}]}";
            accepts(schema, "1.0");
            accepts(schema, "null");
            accepts(schema, "{'a': [1, 2.0]}");
            rejects(schema, "'1'", "(root): \"1\" is not one of [1, null, {\"a\":[1,2]}]");
            rejects(schema, "{'a': [2, 1]}", "(root): {\"a\":[2,1]} is not one of [1, null, {\"a\":[1,2]}]");
        }

        @Test
        void constComparesAsJson() {
            accepts("{'const': 2}", "2.0");
            rejects("{'const': 2}", "3", "(root): 3 is not the constant 2");
            String object = "{'const': {'a': 1, 'b': 'x'}}";
            accepts(object, "{'b': 'x', 'a': 1}"); // member order does not matter
            rejects(object, "{'a': 1}", "(root): {\"a\":1} is not the constant {\"a\":1,\"b\":\"x\"}");
            rejects("{'const': 'A'}", "'a'", "(root): \"a\" is not the constant \"A\"");
        }

        @Test
        void minimumAndMaximumAreInclusive() {
            String schema = "{'minimum': 0, 'maximum': 10}";
            accepts(schema, "0");
            accepts(schema, "10");
            accepts(schema, "10.0");
            accepts(schema, "'not a number'");
            rejects(schema, "-1", "(root): -1 is less than the minimum 0");
            rejects(schema, "10.5", "(root): 10.5 is greater than the maximum 10");
        }

        @Test
        void minLengthCountsCharactersNotUtf16Units() {
            String schema = "{'minLength': 2}";
            accepts(schema, "'ab'");
            accepts(schema, "5");
            rejects(schema, "'a'", "(root): \"a\" is shorter than the minLength 2");
            rejects(schema, "'\uD83D\uDE00'", "(root): \"\uD83D\uDE00\" is shorter than the minLength 2");
        }

        @Test
        void patternIsUnanchored() {
            accepts("{'pattern': '[0-9]+'}", "'abc123def'");
            accepts("{'pattern': '[0-9]+'}", "42"); // pattern constrains strings only
            rejects("{'pattern': '[0-9]+'}", "'abc'", "(root): \"abc\" does not match the pattern [0-9]+");
            rejects("{'pattern': '^[0-9]+$'}", "'1a'", "(root): \"1a\" does not match the pattern ^[0-9]+$");
        }
    }

    @Nested
    class References {

        @Test
        void nestedRefsThroughDefsKeepTheInstancePointer() {
            String schema = """
                    {'$ref': '#/$defs/report',
                     '$defs': {
                       'report': {'type': 'object', 'properties': {'results': {'type': 'array', 'items': {'$ref': '#/$defs/result'}}}},
                       'result': {'type': 'object', 'required': ['verdict'], 'properties': {'verdict': {'$ref': '#/$defs/verdict'}}},
                       'verdict': {'enum': ['ACCEPTED', 'WRONG_ANSWER']}}}""";
            accepts(schema, "{'results': [{'verdict': 'ACCEPTED'}, {'verdict': 'WRONG_ANSWER'}]}");
            rejects(schema, "{'results': [{'verdict': 'ACCEPTED'}, {}, {'verdict': 'NOPE'}]}",
                    "/results/1: missing required property \"verdict\"",
                    "/results/2/verdict: \"NOPE\" is not one of [ACCEPTED, WRONG_ANSWER]");
        }

        @Test
        void rootRefValidatesRecursiveStructures() {
            String schema = "{'type': 'object', 'properties': {'value': {'type': 'integer'}, 'children': {'items': {'$ref': '#'}}}}";
            accepts(schema, "{'value': 1, 'children': [{'value': 2}, {'value': 3, 'children': []}]}");
            rejects(schema, "{'value': 1, 'children': [{'value': 2, 'children': [{'value': 'x'}, 4]}]}",
                    "/children/0/children/0/value: expected integer, got string \"x\"",
                    "/children/0/children/1: expected object, got integer 4");
        }

        @Test
        void refAppliesAlongsideItsSiblings() {
            String schema = "{'$ref': '#/$defs/text', 'minLength': 3, '$defs': {'text': {'type': 'string'}}}";
            accepts(schema, "'abc'");
            rejects(schema, "5", "(root): expected string, got integer 5");
            rejects(schema, "'ab'", "(root): \"ab\" is shorter than the minLength 3");
        }

        @Test
        void refNamesUsePointerEscaping() {
            accepts("{'$ref': '#/$defs/a~1b', '$defs': {'a/b': {'type': 'null'}}}", "null");
            rejects("{'$ref': '#/$defs/a~1b', '$defs': {'a/b': {'type': 'null'}}}", "1",
                    "(root): expected null, got integer 1");
        }

        @Test
        void refLoopThatNeverDescendsIsReportedNotOverflowed() {
            JsonSchemaValidator looping = new JsonSchemaValidator(
                    json("{'$ref': '#/$defs/a', '$defs': {'a': {'allOf': [{'$ref': '#/$defs/a'}]}}}"));
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> looping.validate(json("1")));
            assertTrue(e.getMessage().contains("#/$defs/a"), e.getMessage());
        }
    }

    @Nested
    class Combinators {

        @Test
        void anyOfNeedsOneMatchAndExplainsEachFailure() {
            String schema = "{'properties': {'v': {'anyOf': [{'type': 'string'}, {'minimum': 10}]}}}";
            accepts(schema, "{'v': 'x'}");
            accepts(schema, "{'v': 11}");
            rejects(schema, "{'v': 5}", "/v: matches none of the anyOf alternatives: "
                    + "[0] /v: expected string, got integer 5; [1] /v: 5 is less than the minimum 10");
        }

        @Test
        void oneOfAcceptsExactlyOneMatch() {
            String schema = "{'properties': {'v': {'oneOf': [{'type': 'integer'}, {'minimum': 10}]}}}";
            accepts(schema, "{'v': 5}");
            accepts(schema, "{'v': 10.5}");
        }

        @Test
        void oneOfRejectsZeroMatches() {
            String schema = "{'properties': {'v': {'oneOf': [{'type': 'integer'}, {'minimum': 10}]}}}";
            rejects(schema, "{'v': 5.5}", "/v: matches none of the oneOf alternatives: "
                    + "[0] /v: expected integer, got number 5.5; [1] /v: 5.5 is less than the minimum 10");
        }

        @Test
        void oneOfRejectsTwoMatches() {
            String schema = "{'properties': {'v': {'oneOf': [{'type': 'integer'}, {'minimum': 10}]}}}";
            rejects(schema, "{'v': 11}", "/v: matches 2 of the oneOf alternatives [0, 1]; exactly one must match");
        }

        @Test
        void allOfReportsEveryFailingSubschema() {
            String schema = "{'allOf': [{'type': 'string'}, {'minLength': 3}, {'pattern': '^a'}]}";
            accepts(schema, "'abc'");
            rejects(schema, "'b'",
                    "(root): \"b\" is shorter than the minLength 3",
                    "(root): \"b\" does not match the pattern ^a");
        }

        @Test
        void notRejectsWhatItsSchemaAccepts() {
            String schema = "{'properties': {'v': {'not': {'type': 'null'}}}}";
            accepts(schema, "{'v': 1}");
            rejects(schema, "{'v': null}", "/v: null matches the schema under \"not\"");
        }

        @Test
        void booleanSchemas() {
            accepts("true", "{'anything': [1]}");
            rejects("false", "1", "(root): no value is allowed here (the schema is false)");
            rejects("{'properties': {'gone': false}}", "{'gone': 1}", "/gone: no value is allowed here (the schema is false)");
        }
    }

    @Nested
    class SchemaChecks {

        static Stream<Arguments> unsupportedKeywords() {
            return Stream.of(
                    arguments("{'uniqueItems': true}", "uniqueItems", "#"),
                    arguments("{'properties': {'a': {'maxLength': 3}}}", "maxLength", "#/properties/a"),
                    arguments("{'$defs': {'x': {'items': {'prefixItems': []}}}}", "prefixItems", "#/$defs/x/items"),
                    arguments("{'anyOf': [{}, {'exclusiveMinimum': 0}]}", "exclusiveMinimum", "#/anyOf/1"),
                    arguments("{'additionalProperties': {'patternProperties': {}}}", "patternProperties",
                            "#/additionalProperties"),
                    arguments("{'not': {'requried': ['a']}}", "requried", "#/not"),
                    arguments("{'properties': {'a/b': {'contains': {}}}}", "contains", "#/properties/a~1b"));
        }

        @ParameterizedTest(name = "{1} at {2}")
        @MethodSource("unsupportedKeywords")
        void unsupportedKeywordIsRejectedAtConstruction(String schema, String keyword, String location) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new JsonSchemaValidator(json(schema)));
            assertEquals("unsupported keyword \"" + keyword + "\" at " + location, e.getMessage());
        }

        static Stream<Arguments> malformedValues() {
            return Stream.of(
                    arguments("{'type': 'int'}", "#/type"),
                    arguments("{'type': []}", "#/type"),
                    arguments("{'properties': {'a': {'pattern': '('}}}", "#/properties/a/pattern"),
                    arguments("{'$ref': '#/$defs/missing'}", "#/$ref"),
                    arguments("{'$ref': 'other.json#/$defs/a', '$defs': {'a': {}}}", "#/$ref"),
                    arguments("{'$ref': '#/properties/a', 'properties': {'a': {}}}", "#/$ref"),
                    arguments("{'required': 'a'}", "#/required"),
                    arguments("{'minimum': '0'}", "#/minimum"),
                    arguments("{'minLength': -1}", "#/minLength"),
                    arguments("{'minItems': 1.5}", "#/minItems"),
                    arguments("{'anyOf': []}", "#/anyOf"),
                    arguments("{'enum': 'A'}", "#/enum"),
                    arguments("{'items': 3}", "#/items"),
                    arguments("{'properties': {'a': 'string'}}", "#/properties/a"));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("malformedValues")
        void malformedKeywordValueIsRejectedAtConstruction(String schema, String location) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new JsonSchemaValidator(json(schema)));
            assertTrue(e.getMessage().contains(" " + location), e.getMessage());
        }

        @Test
        void keywordLikeNamesInDataAreNotKeywords() {
            // property names, required names and enum/const/default/examples values are data
            assertDoesNotThrow(() -> new JsonSchemaValidator(json("""
                    {'properties': {'uniqueItems': {'type': 'boolean'}}, 'required': ['maxLength'],
                     'enum': [{'bogus': 1}], 'const': {'bogus': 2},
                     'default': {'bogus': 3}, 'examples': [{'bogus': 4}]}""")));
        }

        @Test
        void annotationsAreIgnored() {
            String schema = """
                    {'$schema': 'https://json-schema.org/draft/2020-12/schema', '$id': 'https://example.org/r.json',
                     'title': 't', 'description': 'd', '$comment': 'c', 'default': 1, 'examples': [1],
                     'format': 'email', 'type': 'string'}""";
            accepts(schema, "'not an email'"); // format only annotates in 2020-12
            rejects(schema, "1", "(root): expected string, got integer 1");
        }

        @Test
        void laterChangesToTheSchemaNodeDoNotAffectTheValidator() {
            ObjectNode schema = (ObjectNode) json("{'type': 'integer'}");
            JsonSchemaValidator validator = new JsonSchemaValidator(schema);
            schema.put("type", "string");
            assertEquals(List.of(), validator.validate(json("5")));
        }
    }

    @Nested
    class Reporting {

        private static final String REPORT_SCHEMA = """
                {'type': 'object', 'required': ['kata', 'results'], 'additionalProperties': false,
                 'properties': {
                   'kata': {'type': 'string', 'pattern': '^[a-z-]+$'},
                   'results': {'type': 'array', 'minItems': 1, 'items': {
                     'type': 'object', 'required': ['verdict', 'millis'],
                     'properties': {
                       'verdict': {'enum': ['ACCEPTED', 'WRONG_ANSWER']},
                       'millis': {'type': 'integer', 'minimum': 0}}}}}}""";

        @Test
        void everyProblemIsReportedInSchemaKeywordOrder() {
            rejects(REPORT_SCHEMA, """
                    {'kata': 'Tic Tac Toe', 'extra': true, 'results': [
                      {'verdict': 'ACCEPTED', 'millis': 3},
                      {'verdict': 'NOPE', 'millis': -1},
                      {'millis': 2.5}]}""",
                    "/extra: property \"extra\" is not allowed (additionalProperties is false)",
                    "/kata: \"Tic Tac Toe\" does not match the pattern ^[a-z-]+$",
                    "/results/1/verdict: \"NOPE\" is not one of [ACCEPTED, WRONG_ANSWER]",
                    "/results/1/millis: -1 is less than the minimum 0",
                    "/results/2: missing required property \"verdict\"",
                    "/results/2/millis: expected integer, got number 2.5");
        }

        @Test
        void assertValidPassesAConformingDocument() {
            JsonSchemaValidator validator = new JsonSchemaValidator(json(REPORT_SCHEMA));
            assertDoesNotThrow(() -> validator.assertValid(
                    json("{'kata': 'tic-tac-toe', 'results': [{'verdict': 'ACCEPTED', 'millis': 0}]}")));
        }

        @Test
        void assertValidListsEveryProblem() {
            JsonSchemaValidator validator = new JsonSchemaValidator(json(REPORT_SCHEMA));
            AssertionError e = assertThrows(AssertionError.class,
                    () -> validator.assertValid(json("{'results': []}")));
            assertEquals("""
                    JSON does not conform to its schema (2 problems):
                      (root): missing required property "kata"
                      /results: has 0 items, fewer than the minItems 1""", e.getMessage());
        }

        @Test
        void problemListIsUnmodifiable() {
            List<String> problems = problems("{'type': 'string'}", "1");
            assertThrows(UnsupportedOperationException.class, () -> problems.add("x"));
        }
    }
}

package org.katajudge.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The published schemas ({@code src/main/resources/schema/*.json}), for tests that check what the
 * judge writes against them, with networknt's json-schema-validator (draft 2020-12; its 2.x line,
 * which reads the Jackson 2 trees the judge writes: 3.x is built on Jackson 3).
 */
public final class Schemas {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final Checked REPORT = load("schema/report.schema.json");
    private static final Checked GRADESCOPE = load("schema/gradescope-results.schema.json");
    private static final Checked PRAIRIELEARN = load("schema/prairielearn-results.schema.json");

    /** Every resource of the schemas, for checks of the schemas themselves. */
    public static final List<String> RESOURCES = List.of("schema/report.schema.json",
            "schema/gradescope-results.schema.json", "schema/prairielearn-results.schema.json");

    private Schemas() {
    }

    /**
     * One schema, ready to check documents.
     *
     * @param resource where it was read from, for messages
     */
    public record Checked(String resource, Schema schema) {

        /** What is wrong with {@code document}, one line per problem: where, and what; empty when it conforms. */
        public List<String> problems(JsonNode document) {
            return schema.validate(document).stream().map(Error::toString).toList();
        }

        /** @throws AssertionError listing every problem when {@code document} does not conform */
        public void assertValid(JsonNode document) {
            List<String> problems = problems(document);
            if (!problems.isEmpty()) {
                throw new AssertionError("JSON does not conform to " + resource + " (" + problems.size() + " problem"
                        + (problems.size() == 1 ? "" : "s") + "):\n  " + String.join("\n  ", problems));
            }
        }
    }

    /** The JSON report ({@code grade/fuzz/verify --json}) at {@code file}, after checking it against its schema. */
    public static JsonNode report(Path file) {
        return valid(REPORT, read(file));
    }

    /** Gradescope's results.json at {@code file}, after checking it against its schema. */
    public static JsonNode gradescope(Path file) {
        return valid(GRADESCOPE, read(file));
    }

    public static JsonNode gradescope(JsonNode document) {
        return valid(GRADESCOPE, document);
    }

    /** PrairieLearn's results.json at {@code file}, after checking it against its schema. */
    public static JsonNode prairieLearn(Path file) {
        return valid(PRAIRIELEARN, read(file));
    }

    public static JsonNode prairieLearn(JsonNode document) {
        return valid(PRAIRIELEARN, document);
    }

    public static Checked reportSchema() {
        return REPORT;
    }

    public static Checked gradescopeSchema() {
        return GRADESCOPE;
    }

    public static Checked prairieLearnSchema() {
        return PRAIRIELEARN;
    }

    /** A schema given as a tree (e.g. one put together from published ones), named {@code name} in messages. */
    public static Checked of(String name, JsonNode schema) {
        return new Checked(name, REGISTRY.getSchema(schema));
    }

    /** A published schema, by its resource ({@code schema/NAME.schema.json}). */
    public static Checked resource(String resource) {
        return load(resource);
    }

    /** JSON Schema's own meta-schema (draft 2020-12), which every published schema must conform to. */
    public static Checked metaSchema() {
        return new Checked("the 2020-12 meta-schema",
                REGISTRY.getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId())));
    }

    /** A resource's text. */
    public static String text(String resource) {
        try (InputStream in = Schemas.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode valid(Checked schema, JsonNode document) {
        schema.assertValid(document);
        return document;
    }

    private static JsonNode read(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Checked load(String resource) {
        return new Checked(resource, REGISTRY.getSchema(text(resource), InputFormat.JSON));
    }
}

package org.katajudge.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** The published schemas, for tests that validate what the judge writes. */
public final class Schemas {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchemaValidator GRADESCOPE = load("schema/gradescope-results.schema.json");
    private static final JsonSchemaValidator PRAIRIELEARN = load("schema/prairielearn-results.schema.json");

    private Schemas() {
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

    public static JsonSchemaValidator gradescopeValidator() {
        return GRADESCOPE;
    }

    public static JsonSchemaValidator prairieLearnValidator() {
        return PRAIRIELEARN;
    }

    private static JsonNode valid(JsonSchemaValidator schema, JsonNode document) {
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

    private static JsonSchemaValidator load(String resource) {
        try (InputStream in = Schemas.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no " + resource);
            }
            return new JsonSchemaValidator(JSON.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

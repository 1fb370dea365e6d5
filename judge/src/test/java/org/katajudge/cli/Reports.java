package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.katajudge.report.JsonSchemaValidator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Reads JSON reports in tests and checks each against the published schema. */
final class Reports {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonSchemaValidator SCHEMA;

    static {
        try (InputStream in = Reports.class.getClassLoader().getResourceAsStream("schema/report.schema.json")) {
            SCHEMA = new JsonSchemaValidator(JSON.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Reports() {
    }

    /** JSON text as a tree, not checked. */
    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The report at {@code file}, after checking it against the schema. */
    static JsonNode read(Path file) {
        try {
            JsonNode report = JSON.readTree(file.toFile());
            SCHEMA.assertValid(report);
            return report;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

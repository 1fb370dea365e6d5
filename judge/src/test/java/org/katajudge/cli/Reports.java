package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.katajudge.report.Schemas;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Reads JSON reports in tests and checks each against the published schema. */
final class Reports {

    private static final ObjectMapper JSON = new ObjectMapper();

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
        return Schemas.report(file);
    }
}

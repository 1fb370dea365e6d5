package org.katajudge.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.UncheckedIOException;

/** The judge's one Jackson configuration, for reports and for results passed between engine and CLI. */
public final class ReportJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(SerializationFeature.INDENT_OUTPUT, false);

    private ReportJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static String toJson(SubmissionResult result) {
        try {
            return MAPPER.writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static SubmissionResult fromJson(String json) {
        try {
            return MAPPER.readValue(json, SubmissionResult.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}

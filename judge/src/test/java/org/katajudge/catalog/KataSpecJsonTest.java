package org.katajudge.catalog;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading a kata.json from its tree gives what Jackson's binding of KataSpec gives, or leaves it to the binding. */
class KataSpecJsonTest {

    private static final ObjectMapper BINDING = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final String USUAL = """
            {"id": "k", "title": "T", "difficulty": "6 kyu", "seed": "s", "class": "C",
             "methods": [{"name": "m", "signature": "public static int m(String a)"}], "timeLimitMillis": 100}""";

    static Stream<Path> bundledKatas() throws IOException {
        return Files.list(Path.of("..", "katas")).filter(folder -> Files.isRegularFile(folder.resolve("kata.json"))).sorted();
    }

    @ParameterizedTest
    @MethodSource("bundledKatas")
    void everyBundledKataJsonIsReadFromItsTreeAsTheBindingReadsIt(Path folder) throws IOException {
        String text = Files.readString(folder.resolve("kata.json"));
        assertTrue(KataSpecJson.usualShape(text).isPresent(), "the usual shape: " + folder);
        assertEquals(BINDING.readValue(text, KataSpec.class), KataSpecJson.usualShape(text).get());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            USUAL,
            "{}",
            "{\"id\": \"k\"}",
            "{\"id\": \"k\", \"methods\": []} trailing",
            "{\"id\": \"k\", \"scoring\": {\"examples\": {\"points\": 2}}, \"timeLimitMillis\": 9223372036854775807}",
            "{\"id\": \"k\", \"methods\": [{\"name\": \"m\"}, {\"signature\": \"s\"}]}",
            // not the usual shape: the binding decides, coercions included
            "{\"id\": 5, \"title\": true, \"timeLimitMillis\": \"100\"}",
            "{\"id\": \"k\", \"timeLimitMillis\": 12.0}",
            "{\"id\": \"k\", \"scoring\": null, \"title\": null}",
            "{\"id\": \"k\", \"extra\": [1, 2], \"methods\": [{\"name\": \"m\", \"more\": 1}]}",
            "{\"id\": \"a\", \"id\": \"b\"}",
            "{\"className\": \"C\", \"class\": \"D\"}"})
    void whatTheTreeGivesIsWhatTheBindingGives(String text) throws IOException {
        KataSpec bound = BINDING.readValue(text, KataSpec.class);
        assertEquals(bound, KataSpecJson.read(text));
        KataSpecJson.usualShape(text).ifPresent(usual -> assertEquals(bound, usual));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "[]", "{\"id\": ", "{\"methods\": [null]}", "{\"methods\": {\"name\": \"m\"}}",
            "{\"timeLimitMillis\": [1]}"})
    void whatTheBindingRefusesIsRefusedWithItsMessage(String text) {
        String expected = failure(() -> BINDING.readValue(text, KataSpec.class));
        assertEquals(expected, failure(() -> KataSpecJson.read(text)));
    }

    private static String failure(Read read) {
        try {
            return "read: " + read.run();
        } catch (Exception e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private interface Read {
        Object run() throws Exception;
    }

}

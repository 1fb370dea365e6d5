package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Every hostile sample of a kata (memory, output, time, recursion, forbidden APIs) and
 * the red-team set (judge/src/test/resources/hostile) submitted through the API, each by a
 * student of its own, all at once: each sample gets the verdict its folder names, no red-team
 * submission makes the judge fail, and the server still grades a correct attempt afterwards.
 */
class ServerHostileTest {

    private static final String KATA = "chess-square-color";

    @TempDir
    Path dir;

    @Test
    void everyHostileSubmissionGetsItsVerdictAndTheServerSurvives() throws IOException {
        Map<String, Map<String, String>> submissions = new LinkedHashMap<>(); // label -> files
        Map<String, String> expected = new LinkedHashMap<>(); // label -> verdict, for the samples
        try (Stream<Path> verdicts = Files.list(TestHome.submissions().resolve(KATA))) {
            // the samples that misbehave (the accepted, wrong and uncompilable ones are graded elsewhere)
            for (Path verdict : verdicts.sorted().filter(v -> !List.of("accepted", "wrong_answer", "compile_error")
                    .contains(v.getFileName().toString())).toList()) {
                try (Stream<Path> samples = Files.list(verdict)) {
                    for (Path sample : samples.sorted().toList()) {
                        String label = verdict.getFileName() + "/" + sample.getFileName();
                        submissions.put(label, sources(sample));
                        expected.put(label, verdict.getFileName().toString().toUpperCase(Locale.ROOT)
                                .replace("RUN_TIME_ERROR", "RUNTIME_ERROR"));
                    }
                }
            }
        }
        Path redTeam = Path.of("src/test/resources/hostile").resolve(KATA);
        try (Stream<Path> hostile = Files.list(redTeam)) {
            for (Path sample : hostile.sorted().toList()) {
                submissions.put("red-team/" + sample.getFileName(), sources(sample));
            }
        }
        List<String> labels = new ArrayList<>(submissions.keySet());
        try (KataServer server = KataServer.start(TestServers.options(dir.resolve("data"), Optional.empty(), labels,
                new QueueLimits(2, labels.size(), 1, 10), ClassExports.NONE))) {
            Map<String, Long> attempts = new LinkedHashMap<>();
            for (int i = 0; i < labels.size(); i++) {
                ApiClient student = new ApiClient(server, server.students().get(i));
                ApiClient.Answer answer = student.attempt(KATA, submissions.get(labels.get(i)), "full");
                assertEquals(202, answer.status(), () -> answer.toString());
                attempts.put(labels.get(i), answer.json().get("id").asLong());
            }
            for (int i = 0; i < labels.size(); i++) {
                String label = labels.get(i);
                JsonNode result = new ApiClient(server, server.students().get(i)).done(attempts.get(label)).get("result");
                String verdict = result.get("verdict").asText();
                if (expected.containsKey(label)) {
                    assertEquals(expected.get(label), verdict, label + ": " + result.get("message"));
                } else {
                    assertNotEquals("JUDGE_ERROR", verdict, label + ": " + result.get("message"));
                }
            }
            ApiClient last = new ApiClient(server, server.students().get(0));
            assertEquals(200, last.get("/api/katas").status());
            long right = last.attempt(KATA, ServerApiTest.sample(KATA, "accepted", "parity-formula"), "full").json().get("id").asLong();
            assertEquals("ACCEPTED", last.done(right).get("result").get("verdict").asText(), "graded as before");
        }
    }

    private static Map<String, String> sources(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toMap(
                    f -> f.getFileName().toString(), f -> {
                        try {
                            return Files.readString(f);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }, (a, b) -> a, LinkedHashMap::new));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

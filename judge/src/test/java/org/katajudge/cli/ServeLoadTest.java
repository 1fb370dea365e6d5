package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.report.ReportJson;
import org.katajudge.server.ClassExports;
import org.katajudge.server.KataServer;
import org.katajudge.server.Person;
import org.katajudge.server.QueueLimits;
import org.katajudge.server.ServerOptions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A class at once on loopback: {@value #STUDENTS} students (threads), {@value #ATTEMPTS} attempts
 * each, through the API as the pages make them (POST, then the event stream until the result;
 * a 429 is waited out as its Retry-After says). Every attempt is graded once, none is lost, and
 * each result equals {@code grade}'s of the same source (verdict, score, message, every test).
 * Latency (attempt to result) p50/p95 is printed beside one {@code grade} of the same file, for
 * the record only: nothing here asserts on time. Bigger runs: bench/serve-load.sh.
 */
class ServeLoadTest {

    /** A class of 50, one attempt each: about 10 s on 2 cores (12 took 7 s in all, 2.2 s of attempts). */
    static final int STUDENTS = 50;
    /** One each here, to keep the suite quick on 2 cores; bench/serve-load.sh makes as many as asked. */
    static final int ATTEMPTS = 1;
    private static final int CASES = 60;
    private static final String KATA = "chess-square-color";
    private static final List<String> SAMPLES = List.of("accepted/parity-formula", "wrong_answer/rank-parity-only",
            "accepted/char-code-sum", "wrong_answer/a1-light-inverted");

    @TempDir
    Path dir;

    @Test
    void aClassAttemptingAtOnceAreEachGradedOnceAsGradeGradesThem() throws Exception {
        List<String> students = IntStream.rangeClosed(1, STUDENTS).mapToObj(i -> String.format("student%02d", i)).toList();
        ServerOptions options = new ServerOptions("127.0.0.1", 0, Optional.of(TestHome.katas()), dir.resolve("data"), students,
                Optional.empty(), GradingOptions.grading(0, CASES), Optional.empty(),
                new QueueLimits(Runtime.getRuntime().availableProcessors(), 40, 1, 60), ServerOptions.DEFAULT_MAX_BODY,
                ClassExports.NONE);
        Map<Long, JsonNode> results = new ConcurrentHashMap<>();
        Map<Long, String> sampleOf = new ConcurrentHashMap<>();
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        int[] refused = new int[1];
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
        long started = System.nanoTime();
        try (KataServer server = KataServer.start(options)) {
            String base = "http://127.0.0.1:" + server.port();
            ExecutorService clients = Executors.newFixedThreadPool(STUDENTS);
            List<Future<?>> running = new ArrayList<>();
            for (int s = 0; s < STUDENTS; s++) {
                Person student = server.students().get(s);
                int index = s;
                running.add(clients.submit(() -> {
                    for (int a = 0; a < ATTEMPTS; a++) {
                        String sample = SAMPLES.get((index + a) % SAMPLES.size());
                        String mode = (index + a) % 5 == 0 ? "full" : "examples";
                        long sent = System.nanoTime();
                        long id = submit(http, base, student.token(), sample, mode, refused);
                        sampleOf.put(id, sample + " " + mode);
                        JsonNode result = follow(http, base, student.token(), id);
                        latencies.add((System.nanoTime() - sent) / 1_000_000);
                        if (results.put(id, result) != null) {
                            throw new AssertionError("attempt " + id + " got two results");
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> client : running) {
                client.get(20, TimeUnit.MINUTES);
            }
            clients.shutdown();
        }
        long wallMillis = (System.nanoTime() - started) / 1_000_000;
        assertEquals(STUDENTS * ATTEMPTS, results.size(), "every attempt graded, none lost");

        // grade, once per sample and mode, on the same sources
        Map<String, JsonNode> graded = new ConcurrentHashMap<>();
        long gradeMillis = 0;
        for (String sampleAndMode : new java.util.TreeSet<>(sampleOf.values())) {
            String[] parts = sampleAndMode.split(" ");
            Path folder = dir.resolve("grade").resolve(parts[1]).resolve(KATA).resolve(parts[0].replace('/', '-'));
            Files.createDirectories(folder);
            try (var files = Files.list(TestHome.submissions().resolve(KATA).resolve(parts[0]))) {
                for (Path file : files.toList()) {
                    Files.copy(file, folder.resolve(file.getFileName()));
                }
            }
            Path json = dir.resolve("grade-" + graded.size() + ".json");
            long before = System.nanoTime();
            CliRun run = CliRun.of("grade", "--katas", TestHome.katas().toString(), "--seed", "0", "--cases",
                    parts[1].equals("full") ? String.valueOf(CASES) : "0", "--json", json.toString(), folder.toString());
            gradeMillis = Math.max(gradeMillis, (System.nanoTime() - before) / 1_000_000);
            assertTrue(run.status() <= 1, run::toString);
            graded.put(sampleAndMode, Reports.read(json).get("results").get(0));
        }
        for (Map.Entry<Long, JsonNode> entry : results.entrySet()) {
            JsonNode server = entry.getValue();
            JsonNode cli = graded.get(sampleOf.get(entry.getKey()));
            String what = "attempt " + entry.getKey() + " (" + sampleOf.get(entry.getKey()) + ")";
            for (String field : List.of("verdict", "message", "score", "maxScore", "cases", "seed")) {
                assertEquals(cli.get(field), server.get(field), what + ": " + field);
            }
            assertEquals(cli.get("tests").findValuesAsText("name"), server.get("tests").findValuesAsText("name"), what);
            assertEquals(cli.get("tests").findValuesAsText("status"), server.get("tests").findValuesAsText("status"), what);
            assertEquals(cli.path("counterexample").path("args"), server.path("counterexample").path("args"), what);
        }
        List<Long> sorted = new ArrayList<>(latencies);
        Collections.sort(sorted);
        System.out.printf("serve load: %d students x %d attempts on %d cores: p50 %d ms, p95 %d ms, all done in %d ms"
                        + " (%d answered 429 and retried); one grade of the same file: %d ms%n", STUDENTS, ATTEMPTS,
                Runtime.getRuntime().availableProcessors(), sorted.get(sorted.size() / 2),
                sorted.get((int) Math.ceil(sorted.size() * 0.95) - 1), wallMillis, refused[0], gradeMillis);
    }

    private static long submit(HttpClient http, String base, String token, String sample, String mode, int[] refused)
            throws IOException, InterruptedException {
        ObjectNode body = ReportJson.mapper().createObjectNode();
        ObjectNode files = body.putObject("files");
        try (var sources = Files.list(TestHome.submissions().resolve(KATA).resolve(sample))) {
            for (Path file : sources.toList()) {
                files.put(file.getFileName().toString(), Files.readString(file));
            }
        }
        body.put("mode", mode);
        for (int tries = 0; tries < 600; tries++) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + "/api/katas/" + KATA + "/attempts"))
                    .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 202) {
                return ReportJson.mapper().readTree(response.body()).get("id").asLong();
            }
            if (response.statusCode() != 429) {
                throw new AssertionError(response.statusCode() + " " + response.body());
            }
            synchronized (refused) {
                refused[0]++;
            }
            Thread.sleep(Math.min(5, Long.parseLong(response.headers().firstValue("Retry-After").orElseThrow())) * 1000L);
        }
        throw new AssertionError("refused 600 times");
    }

    private static JsonNode follow(HttpClient http, String base, String token, long id) throws IOException, InterruptedException {
        HttpResponse<java.io.InputStream> response = http.send(HttpRequest.newBuilder(URI.create(base + "/api/attempts/" + id
                + "/events")).header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, response.statusCode());
        JsonNode result = null;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            for (String line; (line = lines.readLine()) != null; ) {
                if (line.startsWith("data: ")) {
                    JsonNode event = ReportJson.mapper().readTree(line.substring(6));
                    if (event.get("type").asText().equals("result")) {
                        result = event.get("result");
                    }
                }
            }
        }
        if (result == null) {
            throw new AssertionError("attempt " + id + ": the stream ended without a result");
        }
        return result;
    }
}

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** The client side of bench/serve-load.sh: one thread per student, each attempt followed to its result. */
public class ServeLoad {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static void main(String[] args) throws Exception {
        String base = args[0];
        List<String> tokens = Files.readAllLines(Path.of(args[1])).stream().skip(1)
                .map(line -> line.substring(line.indexOf("#token=") + 7)).toList();
        String kata = args[2];
        Path sample = Path.of(args[3]);
        String mode = args[4];
        int attempts = Integer.parseInt(args[5]);
        long gradeMillis = Long.parseLong(args[6]);
        ObjectNode body = JSON.createObjectNode();
        ObjectNode files = body.putObject("files");
        try (var list = Files.list(sample)) {
            for (Path file : list.toList()) {
                files.put(file.getFileName().toString(), Files.readString(file));
            }
        }
        body.put("mode", mode);
        HttpClient http = HttpClient.newHttpClient();
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger refused = new AtomicInteger();
        long started = System.nanoTime();
        ExecutorService students = Executors.newFixedThreadPool(tokens.size());
        List<Future<?>> running = new ArrayList<>();
        for (String token : tokens) {
            running.add(students.submit(() -> {
                for (int a = 0; a < attempts; a++) {
                    long sent = System.nanoTime();
                    long id = -1;
                    for (int tries = 0; id < 0 && tries < 1000; tries++) {
                        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(base + "/api/katas/" + kata
                                + "/attempts")).header("Authorization", "Bearer " + token)
                                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
                        if (answer.statusCode() == 202) {
                            id = JSON.readTree(answer.body()).get("id").asLong();
                        } else if (answer.statusCode() == 429) {
                            refused.incrementAndGet();
                            Thread.sleep(Math.min(5, Long.parseLong(answer.headers().firstValue("Retry-After").orElse("1"))) * 1000L);
                        } else {
                            throw new IllegalStateException(answer.statusCode() + " " + answer.body());
                        }
                    }
                    HttpResponse<InputStream> events = http.send(HttpRequest.newBuilder(URI.create(base + "/api/attempts/" + id
                            + "/events")).header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofInputStream());
                    boolean result = false;
                    try (BufferedReader lines = new BufferedReader(new InputStreamReader(events.body(), StandardCharsets.UTF_8))) {
                        for (String line; (line = lines.readLine()) != null; ) {
                            result |= line.equals("event: result");
                        }
                    }
                    if (!result) {
                        throw new IllegalStateException("attempt " + id + " ended without a result");
                    }
                    latencies.add((System.nanoTime() - sent) / 1_000_000);
                }
                return null;
            }));
        }
        for (Future<?> student : running) {
            student.get(60, TimeUnit.MINUTES);
        }
        students.shutdown();
        long wall = (System.nanoTime() - started) / 1_000_000;
        List<Long> sorted = new ArrayList<>(latencies);
        Collections.sort(sorted);
        long p50 = sorted.get(sorted.size() / 2);
        long p95 = sorted.get((int) Math.ceil(sorted.size() * 0.95) - 1);
        System.out.printf("serve, %d students x %d attempts (%s): p50 %d ms, p95 %d ms, max %d ms, all in %d ms (%d answered 429)%n",
                tokens.size(), attempts, mode, p50, p95, sorted.get(sorted.size() - 1), wall, refused.get());
        System.out.printf("one grade of the same file (its JVM's start included): %d ms; p50/grade %.2fx, p95/grade %.2fx,"
                + " wall per attempt %.0f ms%n", gradeMillis, p50 / (double) gradeMillis, p95 / (double) gradeMillis,
                wall / (double) sorted.size());
    }
}

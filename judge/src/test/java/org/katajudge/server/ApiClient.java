package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.report.ReportJson;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A test's HTTP client of the API, with one person's token. */
final class ApiClient {

    /** An answer: status, headers, body text (JSON for the API). */
    record Answer(int status, HttpResponse<String> response) {
        String body() {
            return response.body();
        }

        JsonNode json() {
            try {
                return ReportJson.mapper().readTree(response.body());
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON (" + status + "): " + response.body(), e);
            }
        }

        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        @Override
        public String toString() {
            return status + " " + response.body();
        }
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
    private static final Duration TIMEOUT = Duration.ofMinutes(4);

    private final String base;
    private final String token;

    ApiClient(String base, String token) {
        this.base = base;
        this.token = token;
    }

    ApiClient(KataServer server, Person person) {
        this("http://127.0.0.1:" + server.port(), person.token());
    }

    ApiClient as(String otherToken) {
        return new ApiClient(base, otherToken);
    }

    Answer get(String path) {
        return send(request(path).GET());
    }

    Answer post(String path, JsonNode body) {
        return send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())));
    }

    Answer postRaw(String path, String body) {
        return send(request(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    Answer put(String path, JsonNode body) {
        return send(request(path).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body.toString())));
    }

    Answer delete(String path) {
        return send(request(path).DELETE());
    }

    /** POST an attempt. */
    Answer attempt(String kata, Map<String, String> files, String mode) {
        ObjectNode body = ReportJson.mapper().createObjectNode();
        ObjectNode sources = body.putObject("files");
        files.forEach(sources::put);
        body.put("mode", mode);
        return post("/api/katas/" + kata + "/attempts", body);
    }

    /** The events of an attempt, read until the stream ends; each is one JSON object. */
    List<JsonNode> events(long attempt) {
        try {
            HttpResponse<java.io.InputStream> response = HTTP.send(request("/api/attempts/" + attempt + "/events").GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            if (response.statusCode() != 200) {
                throw new AssertionError("events of " + attempt + ": " + response.statusCode() + " "
                        + new String(response.body().readAllBytes(), StandardCharsets.UTF_8));
            }
            List<JsonNode> events = new ArrayList<>();
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    if (line.startsWith("data: ")) {
                        events.add(ReportJson.mapper().readTree(line.substring(6)));
                    }
                }
            }
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Waits for an attempt to be done (following its events), then answers GET /api/attempts/{id}. */
    JsonNode done(long attempt) {
        events(attempt);
        Answer answer = get("/api/attempts/" + attempt);
        if (answer.status() != 200 || !answer.json().path("status").asText().equals("done")) {
            throw new AssertionError("attempt " + attempt + " not done: " + answer);
        }
        return answer.json();
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT);
        return token == null ? builder : builder.header("Authorization", "Bearer " + token);
    }

    private static Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}

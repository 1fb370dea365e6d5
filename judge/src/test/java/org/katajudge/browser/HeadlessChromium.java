package org.katajudge.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Headless Chromium driven over the Chrome DevTools Protocol, just enough to load one page and
 * look at it: console errors and uncaught exceptions, network requests, JavaScript evaluation,
 * a screenshot. A tiny client over {@link java.net.http.WebSocket}: no browser-automation library.
 */
public final class HeadlessChromium implements AutoCloseable {

    /** Where Debian and others install it; {@code CHROMIUM} names another. */
    private static final List<String> CANDIDATES = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser",
            "/usr/lib/chromium/chromium", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable");
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A console message, uncaught exception or log entry the page produced. */
    public record Problem(String kind, String text) {
    }

    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private final List<String> stderr = new CopyOnWriteArrayList<>();

    /** The Chromium executable, if one is installed. */
    public static Optional<Path> find() {
        String configured = System.getenv("CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(Files::isExecutable);
        }
        return CANDIDATES.stream().map(Path::of).filter(Files::isExecutable).findFirst();
    }

    /**
     * Starts Chromium headless with a fresh, empty profile and connects to its first page.
     *
     * @param profile an empty folder for {@code --user-data-dir}
     */
    public static HeadlessChromium start(Path executable, Path profile, int width, int height)
            throws IOException, InterruptedException {
        List<String> command = List.of(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-extensions", "--disable-default-apps", "--mute-audio",
                "--user-data-dir=" + profile, "--remote-debugging-port=0", "--window-size=" + width + "," + height,
                "about:blank");
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        List<String> stderr = new CopyOnWriteArrayList<>();
        CompletableFuture<String> endpoint = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    stderr.add(line);
                    Matcher matcher = LISTENING.matcher(line);
                    if (matcher.find()) {
                        endpoint.complete(matcher.group(1));
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
            endpoint.completeExceptionally(new IOException("Chromium ended without a DevTools endpoint:\n"
                    + String.join("\n", stderr)));
        }, "chromium-stderr");
        reader.setDaemon(true);
        reader.start();
        try {
            String browser = endpoint.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            URI list = URI.create(browser.replaceFirst("^ws://([^/]+)/.*$", "http://$1/json/list"));
            HttpClient http = HttpClient.newHttpClient();
            String page = null;
            for (int attempt = 0; attempt < 50 && page == null; attempt++) {
                JsonNode targets = JSON.readTree(http.send(HttpRequest.newBuilder(list).timeout(TIMEOUT).build(),
                        HttpResponse.BodyHandlers.ofString()).body());
                for (JsonNode target : targets) {
                    if (target.path("type").asText().equals("page")) {
                        page = target.path("webSocketDebuggerUrl").asText();
                    }
                }
                if (page == null) {
                    Thread.sleep(100);
                }
            }
            if (page == null) {
                throw new IOException("Chromium shows no page target");
            }
            return new HeadlessChromium(process, http, URI.create(page), stderr);
        } catch (Exception e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            if (e instanceof IOException io) {
                throw io;
            }
            throw new IOException("cannot start Chromium: " + e, e);
        }
    }

    private HeadlessChromium(Process process, HttpClient http, URI page, List<String> stderr) throws IOException {
        this.process = process;
        this.stderr.addAll(stderr);
        try {
            this.socket = http.newWebSocketBuilder().connectTimeout(TIMEOUT).buildAsync(page, new Listener())
                    .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("cannot connect to Chromium's page at " + page + ": " + e, e);
        }
    }

    /** Sends a DevTools command and waits for its result. */
    public JsonNode call(String method, ObjectNode params) throws IOException {
        int id = ids.incrementAndGet();
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", params == null ? JSON.createObjectNode() : params);
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        socket.sendText(message.toString(), true);
        try {
            JsonNode response = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (response.has("error")) {
                throw new IOException(method + " failed: " + response.get("error"));
            }
            return response.path("result");
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(method + ": no answer from Chromium: " + e, e);
        }
    }

    public static ObjectNode params() {
        return JSON.createObjectNode();
    }

    /** Loads {@code url} with the runtime, log, network and page domains watched; waits for the load event. */
    public void load(String url) throws IOException, InterruptedException {
        call("Runtime.enable", null);
        call("Log.enable", null);
        call("Network.enable", null);
        call("Page.enable", null);
        int before = events.size();
        call("Page.navigate", params().put("url", url));
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (since(before).stream().noneMatch(e -> e.path("method").asText().equals("Page.loadEventFired"))) {
            if (System.nanoTime() > deadline) {
                throw new IOException("the page did not load in " + TIMEOUT.toSeconds() + " s: " + url);
            }
            Thread.sleep(50);
        }
    }

    /** The events from the {@code from}th on, as they are now (a copy: events keep arriving meanwhile). */
    private List<JsonNode> since(int from) {
        List<JsonNode> now = List.copyOf(events);
        return now.subList(Math.min(from, now.size()), now.size());
    }

    /** The value of a JavaScript expression (awaited if a promise), as JSON. */
    public JsonNode evaluate(String expression) throws IOException {
        JsonNode result = call("Runtime.evaluate", params().put("expression", expression)
                .put("returnByValue", true).put("awaitPromise", true));
        if (result.has("exceptionDetails")) {
            throw new IOException("the expression threw: " + result.get("exceptionDetails"));
        }
        return result.path("result").path("value");
    }

    /** A PNG of the viewport. */
    public byte[] screenshot() throws IOException {
        JsonNode result = call("Page.captureScreenshot", params().put("format", "png"));
        return Base64.getDecoder().decode(result.path("data").asText());
    }

    /** Console errors and warnings, uncaught exceptions, and error or warning log entries (CSP violations among them). */
    public List<Problem> problems() {
        List<Problem> problems = new ArrayList<>();
        for (JsonNode event : events) {
            JsonNode params = event.path("params");
            switch (event.path("method").asText()) {
                case "Runtime.exceptionThrown" -> problems.add(new Problem("exception",
                        params.path("exceptionDetails").toString()));
                case "Runtime.consoleAPICalled" -> {
                    String type = params.path("type").asText();
                    if (type.equals("error") || type.equals("warning") || type.equals("assert")) {
                        problems.add(new Problem("console." + type, params.path("args").toString()));
                    }
                }
                case "Log.entryAdded" -> {
                    String level = params.path("entry").path("level").asText();
                    if (level.equals("error") || level.equals("warning")) {
                        problems.add(new Problem("log." + level, params.path("entry").toString()));
                    }
                }
                default -> {
                    // other events are not problems
                }
            }
        }
        return problems;
    }

    /** The URLs of every request the page made. */
    public List<String> requests() {
        return events.stream().filter(e -> e.path("method").asText().equals("Network.requestWillBeSent"))
                .map(e -> e.path("params").path("request").path("url").asText()).toList();
    }

    /** What Chromium printed on stderr, for a failure message. */
    public String log() {
        return String.join("\n", stderr);
    }

    @Override
    public void close() {
        try {
            socket.sendText(JSON.createObjectNode().put("id", ids.incrementAndGet()).put("method", "Browser.close")
                    .toString(), true);
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (RuntimeException e) {
            // closing anyway
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** Assembles text frames into messages: answers complete their call, everything else is an event. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                try {
                    JsonNode message = JSON.readTree(text);
                    if (message.has("id")) {
                        CompletableFuture<JsonNode> answer = pending.remove(message.get("id").asInt());
                        if (answer != null) {
                            answer.complete(message);
                        }
                    } else {
                        events.add(message);
                    }
                } catch (IOException e) {
                    events.add(JSON.createObjectNode().put("method", "unparsable").put("text", text));
                }
            }
            webSocket.request(1);
            return null;
        }
    }
}

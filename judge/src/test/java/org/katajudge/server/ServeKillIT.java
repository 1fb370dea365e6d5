package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged {@code serve}, killed with SIGKILL while attempts wait (no shutdown hook runs, the
 * database is left as the kill found it), then started again on the same data folder: every
 * attempt is graded, once, with the link unchanged, and nothing the killed server started (compiler
 * workers, sandboxed children, whatever stage of their start they were in) outlives it. Integration
 * test: needs judge.jar.
 */
class ServeKillIT {

    private static final Pattern LINK = Pattern.compile("open (http://127\\.0\\.0\\.1:(\\d+)/#token=(\\S+))");

    @TempDir
    Path dir;

    @Test
    void attemptsWaitingWhenTheServerIsKilledAreGradedAfterTheRestart() throws Exception {
        Map<String, String> files = ServerApiTest.sample("chess-square-color", "wrong_answer", "rank-parity-only");
        List<Long> ids = new ArrayList<>();
        Process first = start("1");
        List<ProcessHandle> started = new ArrayList<>();
        String token;
        try {
            Matcher link = awaitLink(first);
            token = link.group(3);
            ApiClient me = new ApiClient("http://127.0.0.1:" + link.group(2), token);
            for (int i = 0; i < 4; i++) {
                ids.add(me.attempt("chess-square-color", files, "examples").json().get("id").asLong());
            }
        } finally {
            first.descendants().forEach(started::add);
            first.destroyForcibly(); // SIGKILL: no hook, no clean close
            first.waitFor(60, TimeUnit.SECONDS);
        }
        assertFalse(started.isEmpty(), "the server was killed with its compiler worker and children running");
        assertEquals(List.of(), outliving(started), "processes the killed server started are still running");
        Process second = start("2");
        try {
            Matcher link = awaitLink(second);
            assertEquals(token, link.group(3), "the link survives the restart");
            ApiClient me = new ApiClient("http://127.0.0.1:" + link.group(2), token);
            for (long id : ids) {
                JsonNode attempt = me.done(id);
                assertEquals("WRONG_ANSWER", attempt.get("result").get("verdict").asText(), attempt::toString);
            }
            assertEquals(ids.size(), me.get("/api/katas/chess-square-color/attempts").json().size());
        } finally {
            second.destroy();
            second.waitFor(60, TimeUnit.SECONDS);
        }
    }

    /**
     * Those of {@code processes} still alive after a minute: each ends on its own once its judge is
     * gone (a worker or a runner on the end of its input, bubblewrap with its parent), some after
     * writing what they were writing.
     */
    private static List<String> outliving(List<ProcessHandle> processes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<ProcessHandle> alive = processes;
        while (!(alive = alive.stream().filter(ProcessHandle::isAlive).toList()).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        return alive.stream().map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList();
    }

    private Process start(String run) throws IOException {
        String jar = System.getProperty("katajudge.jar", TestHome.root().resolve("judge/target/judge.jar").toString());
        assertTrue(Files.isRegularFile(Path.of(jar)), "no judge.jar at " + jar);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-jar", jar, "serve", "--port", "0", "--jobs", "1", "--cases", "60", "--per-student", "10",
                "--katas", TestHome.katas().toString(), "--data", dir.resolve("data").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("serve-" + run + ".log").toFile()).start();
    }

    private Matcher awaitLink(Process process) throws Exception {
        Path log = null;
        for (int i = 0; i < 1200; i++) {
            for (String run : List.of("1", "2")) {
                Path candidate = dir.resolve("serve-" + run + ".log");
                if (Files.exists(candidate)) {
                    log = candidate;
                }
            }
            String text = log == null ? "" : Files.readString(log, StandardCharsets.UTF_8);
            Matcher matcher = LINK.matcher(text);
            if (matcher.find()) {
                return matcher;
            }
            if (!process.isAlive()) {
                throw new AssertionError("serve ended: " + text);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("serve printed no link in 2 minutes");
    }
}

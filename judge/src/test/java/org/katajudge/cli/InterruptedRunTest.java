package org.katajudge.cli;

import org.junit.jupiter.api.parallel.Isolated;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.katajudge.TestHome;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Ctrl-C for real: the judge runs as its own process, gets SIGINT in the middle of a batch, and
 * must write its reports for what it graded, say what it did not, and exit with 130 (and the
 * same for a plain kill, SIGTERM, with 143).
 */
@Isolated("interrupts a judge in the middle of a batch, and waits for its reports by the clock")
class InterruptedRunTest {

    private static final int HANGING = 5;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "SIG{0}")
    @CsvSource({"INT, 130", "TERM, 143"})
    void ctrlCWritesTheReportsOfWhatWasGradedAndSaysWhatWasNot(String signal, int status) throws Exception {
        Path kata = dir.resolve("class/chess-square-color");
        TestHome.copyTree(TestHome.submissions().resolve("chess-square-color/accepted/parity-formula"), kata.resolve("a-quick"));
        for (int i = 1; i <= HANGING; i++) {
            // each takes several seconds: it times out on every call, in a new JVM each time
            TestHome.copyTree(TestHome.submissions().resolve("chess-square-color/time_limit_exceeded/infinite-loop"),
                    kata.resolve("b-hangs-" + i));
        }
        Path json = dir.resolve("out/report.json");
        Path csv = dir.resolve("out/grades.csv");
        Path xml = dir.resolve("out/xml");

        List<String> command = new ArrayList<>();
        if (envResetsSignals()) {
            command.addAll(List.of("env", "--default-signal=" + signal)); // in case this test runs with it ignored (a background job)
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dkatajudge.home=" + TestHome.root(),
                "org.katajudge.cli.Main", "grade", "--jobs", "1", "--json", json.toString(), "--csv", csv.toString(),
                "--junit-xml", xml.toString(), kata.toString()));
        Process judge = new ProcessBuilder(command).redirectError(dir.resolve("stderr.txt").toFile()).start();
        List<String> out = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch firstResult = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(judge.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    out.add(line);
                    if (line.startsWith("AC ")) {
                        firstResult.countDown();
                    }
                }
            } catch (IOException e) {
                out.add("(reading failed: " + e + ")");
            }
        });
        reader.start();
        try {
            assertTrue(firstResult.await(120, TimeUnit.SECONDS), () -> "the first submission was graded: " + out);
            assumeFalse(ignores(judge.pid(), signal), "SIG" + signal + " is ignored in this environment and env cannot reset it");
            Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(judge.pid())).inheritIO().start();
            assertEquals(0, kill.waitFor());
            assertTrue(judge.waitFor(120, TimeUnit.SECONDS), () -> "the judge ends after SIG" + signal + ": " + out);
        } finally {
            judge.destroyForcibly();
        }
        reader.join(10_000);
        String stdout = String.join("\n", out);
        String stderr = Files.readString(dir.resolve("stderr.txt"));
        assertEquals(status, judge.exitValue(), () -> stdout + "\n--- stderr\n" + stderr);

        assertTrue(stdout.contains("interrupted: 1 of " + (1 + HANGING) + " submissions graded"), stdout);
        for (int i = 1; i <= HANGING; i++) {
            assertTrue(stdout.contains("b-hangs-" + i), "named as not graded: b-hangs-" + i + "\n" + stdout);
        }
        assertFalse(stderr.contains("Exception"), stderr);

        JsonNode report = Reports.read(json);
        assertEquals(1, report.get("results").size(), report::toString);
        assertTrue(report.get("results").get(0).get("submission").asText().endsWith("a-quick"));
        assertEquals("ACCEPTED", report.get("results").get(0).get("verdict").asText());
        JsonNode summary = report.get("summary");
        assertTrue(summary.get("interrupted").asBoolean());
        assertEquals(HANGING, summary.get("notGraded").size(), summary::toString);
        assertEquals("b-hangs-1", summary.get("notGraded").get(0).get("student").asText());
        assertEquals(1, summary.get("total").asInt(), "the total counts the results, the rest is in notGraded");

        List<String> rows = Files.readAllLines(csv);
        assertEquals(1 + 1 + HANGING, rows.size(), "every submission has its row: " + rows);
        assertTrue(rows.get(1).startsWith("\"a-quick\",") && rows.get(1).contains(",\"ACCEPTED\",9,9,"), rows.get(1));
        for (String row : rows.subList(2, rows.size())) {
            assertTrue(row.matches("\"b-hangs-[0-9]\",.*,\"NOT_GRADED\",,,,,,,\"not graded: the run was interrupted\""), row);
        }

        try (Stream<Path> files = Files.list(xml)) {
            String text = Files.readString(files.filter(f -> f.toString().endsWith(".xml")).findFirst().orElseThrow());
            assertTrue(text.contains("a-quick") && text.contains("example: d3"), "the graded submission's tests");
        }
    }

    private static boolean envResetsSignals() {
        try {
            Process env = new ProcessBuilder("env", "--default-signal=INT,TERM", "true").redirectErrorStream(true).start();
            env.getInputStream().readAllBytes();
            return env.waitFor(10, TimeUnit.SECONDS) && env.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether the process ignores the signal (its bit in the SigIgn mask of /proc/PID/status). */
    private static boolean ignores(long pid, String signal) throws IOException {
        int number = signal.equals("INT") ? 2 : 15;
        Path status = Path.of("/proc", String.valueOf(pid), "status");
        if (!Files.isReadable(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseLong(line.substring(7).trim(), 16) & (1L << (number - 1))) != 0;
            }
        }
        return false;
    }
}

package org.katajudge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxLauncher;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A judge started with JVM options in JAVA_TOOL_OPTIONS (here a debugger that listens on a port,
 * as an IDE's "attach" set-up has it) grades as any other: the variable is the judge's, not its
 * helper JVMs'. Before, the compiler worker inherited it, could not bind the port and never
 * started (every submission a judge error), and the isolation probe failed the same way, so the
 * judge fell back to no isolation at all.
 */
class OptionVariablesTest {

    @TempDir
    Path dir;

    @Test
    void aDebuggerInJavaToolOptionsReachesTheJudgeOnly() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Path json = dir.resolve("report.json");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dkatajudge.home=" + TestHome.root(),
                "org.katajudge.cli.Main", "grade", "--json", json.toString(),
                TestHome.submissions().resolve("chess-square-color/accepted/parity-formula").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile());
        builder.environment().put("JAVA_TOOL_OPTIONS",
                "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:" + port);
        Process judge = builder.start();
        try {
            assertTrue(judge.waitFor(5, TimeUnit.MINUTES), "the judge ends");
        } finally {
            judge.destroyForcibly();
        }
        String said = Files.readString(dir.resolve("out.txt"));
        assertTrue(said.contains("Listening for transport dt_socket at address: " + port), "the judge has the debugger: " + said);
        assertEquals(0, judge.exitValue(), said);
        JsonNode result = Reports.read(json).get("results").get(0);
        assertEquals("ACCEPTED", result.get("verdict").asText(), said);
        assertEquals(SandboxLauncher.create(Optional.empty(), Limits.DEFAULT).isolation().optionValue(),
                result.get("isolation").get("mode").asText(), "the isolation this machine gives: " + said);
    }
}

package org.katajudge.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.server.ServerOptions;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code serve}'s options: a playground listens on loopback only, a class on every address; usage errors in one line. */
class ServeCommandTest {

    @TempDir
    Path dir;

    @Test
    void aPlaygroundListensOnLoopbackOnly() throws Exception {
        ServerOptions options = serve("--data", dir.toString()).options(new PrintStream(new ByteArrayOutputStream()));
        assertEquals("127.0.0.1", options.host());
        assertEquals(8080, options.port());
        assertTrue(options.students().isEmpty());
    }

    @Test
    void aClassListensOnEveryAddressWithTheRostersStudents() throws Exception {
        Path roster = dir.resolve("roster.csv");
        Files.writeString(roster, "name,email\nPaula Jones,pj@example.org\n\"Lee, Ann\",al@example.org\n");
        ServerOptions options = serve("--roster", roster.toString(), "--port", "0")
                .options(new PrintStream(new ByteArrayOutputStream()));
        assertEquals("0.0.0.0", options.host());
        assertEquals(List.of("Paula Jones", "Lee, Ann"), options.students());
    }

    @Test
    void usageErrorsAreOneLineAndExit2() throws IOException {
        Files.writeString(dir.resolve("file"), "x");
        for (List<String> args : List.of(List.of("--port", "http"), List.of("--port", "70000"), List.of("somewhere"),
                List.of("--roster", dir.resolve("missing.csv").toString()), List.of("--data", dir.resolve("file").toString()),
                List.of("--url", "ftp://x"), List.of("--isolation", "chroot"), List.of("--bogus"))) {
            CliRun run = CliRun.of(java.util.stream.Stream.concat(java.util.stream.Stream.of("serve"), args.stream())
                    .toArray(String[]::new));
            assertEquals(2, run.status(), run::toString);
            assertEquals(1, run.err().strip().lines().count(), run::toString);
            assertTrue(run.err().startsWith("kata-judge: "), run::toString);
        }
        CliRun help = CliRun.of("serve", "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("--roster FILE"), help::toString);
        assertTrue(CliRun.of("--help").out().contains("serve"));
    }



    /** {@code serve} with these options, as the command line reads them. */
    private static ServeCommand serve(String... args) {
        ServeCommand serve = new ServeCommand();
        new picocli.CommandLine(serve).parseArgs(args);
        return serve;
    }
}

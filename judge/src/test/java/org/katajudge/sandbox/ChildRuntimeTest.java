package org.katajudge.sandbox;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.files.Trees;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The java.base image children run on: made once and reused from the temp directory, with its
 * own CDS archive; when its name is taken by something that is not the judge user's (another
 * user's image on a shared machine), an image for this process alone, nothing left behind.
 */
class ChildRuntimeTest {

    private static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));

    private static ToolProvider jlink() {
        Optional<ToolProvider> jlink = ToolProvider.findFirst("jlink");
        Assumptions.assumeTrue(jlink.isPresent(), "no jlink in this JDK");
        return jlink.get();
    }

    private static List<String> entries(Path directory) throws IOException {
        try (Stream<Path> list = Files.list(directory)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void theImageIsMadeOnceWithItsArchiveAndThenReused(@TempDir Path tmp) throws IOException {
        ToolProvider jlink = jlink();
        ChildRuntime made = ChildRuntime.prepare(tmp, JAVA_HOME, jlink);
        String name = ChildRuntime.cacheName(JAVA_HOME);
        assertEquals(tmp.resolve(name), made.home());
        assertEquals(List.of(name), entries(tmp), "the cache and nothing else");
        assertTrue(Files.isExecutable(Path.of(made.java())));
        assertTrue(Files.isRegularFile(made.home().resolve("lib/server/classes.jsa")), "its CDS archive was dumped");
        FileTime complete = Files.getLastModifiedTime(made.home().resolve(".complete"));

        ChildRuntime again = ChildRuntime.prepare(tmp, JAVA_HOME, jlink);
        assertEquals(made.home(), again.home());
        assertEquals(complete, Files.getLastModifiedTime(again.home().resolve(".complete")), "not made again");
    }

    @Test
    void aNameTakenBySomethingNotOursGivesAnImageOfThisProcessAlone(@TempDir Path tmp) throws IOException {
        Path taken = Files.createDirectory(tmp.resolve(ChildRuntime.cacheName(JAVA_HOME)));
        Files.writeString(taken.resolve("someone-elses"), "not an image");

        ChildRuntime own = ChildRuntime.prepare(tmp, JAVA_HOME, jlink());
        assertNotEquals(taken, own.home());
        assertTrue(Files.isExecutable(Path.of(own.java())));
        assertEquals(List.of("someone-elses"), entries(taken), "the other one is left as it was");
        assertEquals(2, entries(tmp).size(), "the other one and ours (which the judge deletes at exit), nothing else");
        Trees.deleteQuietly(own.home());
    }
}

package org.katajudge.sandbox;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two judges at once never run children as the same users: a block of users claimed by one judge
 * is skipped by the next, whose pid would have chosen the same block, until the first one ends.
 */
class UserBlockTest {

    @TempDir
    Path temp;

    @Test
    void aBlockAnotherJudgeHoldsIsSkippedUntilThatJudgeEnds() throws Exception {
        Path directory = temp.resolve("users");
        Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Holder.class.getName(), directory.toString())
                .redirectErrorStream(true).start();
        try {
            assertEquals("claimed 7", new String(other.getInputStream().readNBytes("claimed 7".length())));
            List<FileLock> held = new ArrayList<>();
            assertEquals(8, UserBlock.claim(directory, 7, 100, held), "the other judge holds 7");
            assertEquals(9, UserBlock.claim(directory, 7, 100, held), "and this one 8");
            assertEquals(99, UserBlock.claim(directory, 99, 100, held));
            assertEquals(0, UserBlock.claim(directory, 99, 100, held), "past the last block, the first");
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(directory)));
        } finally {
            other.destroyForcibly();
        }
        assertTrue(other.waitFor(30, TimeUnit.SECONDS));
        assertEquals(7, UserBlock.claim(directory, 7, 100, new ArrayList<>()), "its judge ended: 7 is free again");
    }

    @Test
    void aDirectoryOthersMayWriteIsNotUsed() throws IOException {
        Path directory = Files.createDirectory(temp.resolve("open"));
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxrwxrwx"));
        List<FileLock> held = new ArrayList<>();
        assertEquals(7, UserBlock.claim(directory, 7, 100, held));
        assertEquals(7, UserBlock.claim(directory, 7, 100, held), "the pid alone chooses");
        assertEquals(List.of(), held);
        try (var files = Files.list(directory)) {
            assertEquals(0, files.count(), "nothing written there");
        }
    }

    @Test
    void judgesWithTheirOwnTempDirectoriesClaimInOneSharedDirectoryWhenTheyMayWriteThere() throws IOException {
        // Two root judges given different temp directories claimed blocks in different places and
        // never saw each other's claims: the shared directory (/run) comes first when it is writable.
        Path run = Files.createDirectory(temp.resolve("run"));
        Path oneTmp = Files.createDirectory(temp.resolve("one"));
        Path otherTmp = Files.createDirectory(temp.resolve("other"));
        assertEquals(run.resolve("kata-judge-child-users"), UserBlock.directory(run, oneTmp));
        assertEquals(UserBlock.directory(run, oneTmp), UserBlock.directory(run, otherTmp));
        Path missing = temp.resolve("no-run");
        assertEquals(oneTmp.resolve("kata-judge-child-users"), UserBlock.directory(missing, oneTmp),
                "without the shared directory: the judge's temp directory");
        Files.createSymbolicLink(temp.resolve("run-link"), run);
        assertEquals(oneTmp.resolve("kata-judge-child-users"), UserBlock.directory(temp.resolve("run-link"), oneTmp),
                "a link is not followed");
    }

    /** Another judge: claims block 7 and holds it until killed. */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            int block = UserBlock.claim(Path.of(args[0]), 7, 100, new ArrayList<>());
            System.out.print("claimed " + block);
            System.out.flush();
            Thread.sleep(120_000);
        }
    }
}

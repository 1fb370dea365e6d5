package org.katajudge.cache;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JudgeCacheTest {

    @TempDir
    Path temp;

    private final AtomicInteger builds = new AtomicInteger();

    private JudgeCache.Build writing(String content) {
        return dir -> {
            builds.incrementAndGet();
            Files.createDirectory(dir.resolve("sub"));
            Files.writeString(dir.resolve("sub").resolve("file"), content);
        };
    }

    private JudgeCache cache() {
        return JudgeCache.open(temp.resolve("cache")).orElseThrow();
    }

    @Test
    void anEntryIsBuiltOnceThenFoundReadOnly() throws IOException {
        Path entry = cache().entry("thing-1", writing("made")).orElseThrow();
        Path again = cache().entry("thing-1", writing("made again")).orElseThrow();
        assertEquals(entry, again);
        assertEquals(1, builds.get(), "the second run finds the first one's entry");
        Path file = entry.resolve("sub").resolve("file");
        assertEquals("made", Files.readString(file));
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(entry)));
        assertEquals(Optional.of(entry), cache().existing("thing-1"));
        assertEquals(Optional.empty(), cache().existing("thing-2"));
    }

    @Test
    void judgesStartingAtOnceAllUseOneEntryAndLeaveNothingHalfBuilt() throws Exception {
        int judges = 6;
        CyclicBarrier together = new CyclicBarrier(judges);
        ExecutorService threads = Executors.newFixedThreadPool(judges);
        try {
            List<Future<Path>> entries = new ArrayList<>();
            for (int i = 0; i < judges; i++) {
                String content = "judge " + i;
                entries.add(threads.submit(() -> cache().entry("shared", dir -> {
                    writing(content).into(dir);
                    try {
                        together.await(30, TimeUnit.SECONDS); // every judge builds at the same time
                    } catch (Exception e) {
                        throw new IOException(e);
                    }
                }).orElseThrow()));
            }
            Set<Path> seen = new java.util.HashSet<>();
            for (Future<Path> entry : entries) {
                seen.add(entry.get(60, TimeUnit.SECONDS));
            }
            assertEquals(judges, builds.get(), "each built its own");
            assertEquals(Set.of(temp.resolve("cache").toRealPath().resolve("shared")), seen, "and all use the winner's");
            assertTrue(Files.readString(seen.iterator().next().resolve("sub").resolve("file")).startsWith("judge "));
            try (Stream<Path> left = Files.list(temp.resolve("cache"))) {
                assertEquals(List.of("shared"), left.map(p -> p.getFileName().toString()).collect(Collectors.toList()),
                        "the losers' builds are gone");
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aTruncatedEntryIsRebuilt() throws IOException {
        Path entry = cache().entry("thing", writing("complete")).orElseThrow();
        Path file = entry.resolve("sub").resolve("file");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        Files.writeString(file, "comp");
        Path again = cache().entry("thing", writing("complete")).orElseThrow();
        assertEquals(2, builds.get(), "the broken entry was not used");
        assertEquals("complete", Files.readString(again.resolve("sub").resolve("file")));
    }

    @Test
    void aDamagedArchiveOfTheSameSizeIsRebuilt() throws IOException {
        JudgeCache.Build archive = dir -> {
            builds.incrementAndGet();
            Files.write(dir.resolve("x.jsa"), new byte[100_000]);
        };
        Path entry = cache().entry("archive", archive).orElseThrow();
        Path file = entry.resolve("x.jsa");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        byte[] damaged = new byte[100_000];
        damaged[50_000] = 1;
        Files.write(file, damaged);
        assertEquals(Optional.empty(), JudgeCache.open(temp.resolve("cache")).orElseThrow().existing("archive"));
        cache().entry("archive", archive).orElseThrow();
        assertEquals(2, builds.get(), "a JVM is never handed an archive that is not as it was written");
    }

    @Test
    void anEntryWithoutItsListOfFilesIsNotAnEntry() throws IOException {
        Path half = Files.createDirectories(temp.resolve("cache").resolve("thing").resolve("sub"));
        Files.writeString(half.resolve("file"), "half");
        assertEquals(Optional.empty(), cache().existing("thing"));
        Path entry = cache().entry("thing", writing("whole")).orElseThrow();
        assertEquals("whole", Files.readString(entry.resolve("sub").resolve("file")));
    }

    @Test
    void anEntryOthersCanWriteIsNotUsed() throws IOException {
        Path entry = cache().entry("thing", writing("mine")).orElseThrow();
        Files.setPosixFilePermissions(entry.resolve("sub"), PosixFilePermissions.fromString("rwxrwxrwx"));
        assertEquals(Optional.empty(), cache().existing("thing"), "a directory of it that anyone may write");
        cache().entry("thing", writing("mine")).orElseThrow();
        assertEquals(2, builds.get());
    }

    @Test
    void aCacheDirectoryOthersCanWriteIsRefused() throws IOException {
        Path shared = Files.createDirectory(temp.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertFalse(JudgeCache.open(shared).isPresent());
        Path link = Files.createSymbolicLink(temp.resolve("link"), shared);
        assertFalse(JudgeCache.open(link).isPresent(), "nor through a link");
    }

    @Test
    void aBuildThatFailsLeavesNoEntry() throws IOException {
        assertEquals(Optional.empty(), cache().entry("thing", dir -> {
            throw new IOException("no");
        }));
        assertEquals(Optional.empty(), cache().existing("thing"));
        assertEquals(Optional.empty(), cache().entry("empty", dir -> { }), "an entry of no files is not one");
    }

    @Test
    void aNewEntryRemovesTheOnesOfItsKindNoJudgeUsedForAMonth() throws IOException {
        JudgeCache cache = cache();
        Path unused = cache.entry("judge-cds-0123456789abcdef", writing("old build")).orElseThrow();
        Path recent = cache.entry("judge-cds-1111111111111111", writing("another build, used yesterday")).orElseThrow();
        Path otherKind = cache.entry("runner-cds-bwrap-0123456789abcdef", writing("not the same kind")).orElseThrow();
        Path halfBuilt = java.nio.file.Files.createDirectory(cache.root().resolve("judge-cds-2222222222222222.part-1-2"));
        long day = java.time.Duration.ofDays(1).toMillis();
        setAge(unused, 31 * day);
        setAge(recent, day);
        setAge(otherKind, 60 * day);
        setAge(halfBuilt, 2 * day);

        Path made = cache.entry("judge-cds-3333333333333333", writing("this build")).orElseThrow();

        assertTrue(java.nio.file.Files.isDirectory(made));
        assertFalse(java.nio.file.Files.exists(unused), "unused for 31 days: removed");
        assertFalse(java.nio.file.Files.exists(halfBuilt), "a dead judge's half-built entry: removed");
        assertTrue(java.nio.file.Files.isDirectory(recent), "used yesterday: kept");
        assertTrue(java.nio.file.Files.isDirectory(otherKind), "another kind: left to its own builds");
    }

    @Test
    void usingAnEntryMarksItAsUsed() throws IOException {
        Path entry = cache().entry("judge-cds-4444444444444444", writing("x")).orElseThrow();
        setAge(entry, java.time.Duration.ofDays(30).toMillis());
        JudgeCache.open(temp.resolve("cache")).orElseThrow().existing("judge-cds-4444444444444444").orElseThrow();
        long age = System.currentTimeMillis() - java.nio.file.Files.getLastModifiedTime(entry).toMillis();
        assertTrue(age < java.time.Duration.ofDays(1).toMillis(), "marked now, not 30 days ago: " + age);
    }

    /** Sets the entry's and its files' access and change times {@code millis} back (as if no judge read it since). */
    private static void setAge(Path path, long millis) throws IOException {
        java.nio.file.attribute.FileTime then = java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - millis);
        try (var files = java.nio.file.Files.walk(path)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                java.nio.file.Files.getFileAttributeView(file, java.nio.file.attribute.BasicFileAttributeView.class)
                        .setTimes(then, then, null);
            }
        }
    }

    @Test
    void keysDifferWithWhatTheyHold() {
        assertEquals(JudgeCache.key("a", "b"), JudgeCache.key("a", "b"));
        assertFalse(JudgeCache.key("a", "b").equals(JudgeCache.key("a", "c")));
        assertFalse(JudgeCache.key("a\nb").equals(JudgeCache.key("a", "b", "")));
    }
}

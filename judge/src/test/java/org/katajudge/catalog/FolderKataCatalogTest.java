package org.katajudge.catalog;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.FolderKatas;
import org.katajudge.TestHome;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.compile.KataSourceCompiler;
import org.katajudge.kata.EntryPoint;
import org.katajudge.reference.Katas;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kata folders that carry their own code: compiled when the catalog loads, through the same path
 * as the built-in katas, and cached by content so the second load compiles nothing.
 */
@Execution(ExecutionMode.CONCURRENT)
class FolderKataCatalogTest {

    @TempDir
    Path katas;
    @TempDir
    Path cacheDirectory;

    private CompiledCodeCache cache() {
        return new CompiledCodeCache(Optional.of(cacheDirectory));
    }

    @Test
    void aFolderKataLoadsBesideTheBuiltInOnes() throws CatalogException, IOException {
        TestHome.copyTree(TestHome.katas(), katas);
        FolderKatas.pawnCount(katas);
        KataCatalog catalog = KataCatalog.load(katas, cache());
        List<String> ids = new ArrayList<>(TestHome.catalog().ids());
        ids.add("pawn-count");
        assertEquals(ids.stream().sorted().toList(), catalog.ids());

        KataDefinition pawns = catalog.byId("pawn-count").orElseThrow();
        assertEquals(Optional.of(katas.resolve("pawn-count/src")), pawns.sources());
        assertEquals(Optional.of(katas), pawns.katasDirectory(), "commands must name its katas directory");
        assertTrue(Katas.byId("pawn-count").isEmpty(), "nothing of it is built in");
        assertEquals("PawnCountKata", pawns.code().getClass().getName());
        assertEquals(List.of("pawns", "empty"), pawns.entryPoints().stream().map(EntryPoint::method).toList());
        assertEquals(4, pawns.examples().size());
        EntryPoint count = pawns.entryPoint("pawns");
        assertTrue(count.hasGenerator());
        assertFalse(pawns.entryPoint("empty").hasGenerator());
        assertTrue(pawns.hasRandomTests());
        assertArrayEquals(new Object[] {new int[0][0]}, count.generate(ChoiceSequence.EMPTY.replay()),
                "all zeros: the empty board");
        assertEquals(3, count.explain((Object) new int[][] {{1, 2}, {0, 3}}).answer());

        KataDefinition builtIn = catalog.byId("knight-moves").orElseThrow();
        assertSame(Katas.byId("knight-moves").orElseThrow(), builtIn.code(), "the same catalog path, built-in code");
        assertEquals(Optional.empty(), builtIn.sources());
        assertEquals(Optional.empty(), builtIn.katasDirectory());
    }

    @Test
    void theSecondLoadTakesTheCompiledClassesFromTheCache() throws CatalogException {
        FolderKatas.pawnCount(katas);
        FolderKatas.scaffold(katas, "king-walk");
        CompiledCodeCache cache = cache();
        int compiled = FolderCode.compilations(katas);
        KataCatalog first = KataCatalog.load(katas, cache);
        assertEquals(compiled + 2, FolderCode.compilations(katas), "two folders with code, two javac runs");
        assertEquals(0, cache.hits());
        assertEquals(2, cache.misses());

        KataCatalog second = KataCatalog.load(katas, cache);
        assertEquals(compiled + 2, FolderCode.compilations(katas), "nothing compiled the second time");
        assertEquals(2, cache.hits());
        KataCatalog fresh = KataCatalog.load(katas, new CompiledCodeCache(Optional.of(cacheDirectory)));
        assertEquals(compiled + 2, FolderCode.compilations(katas), "another run (a new cache object) reads the same entries");

        assertNotSame(first.byId("king-walk").orElseThrow().code(), second.byId("king-walk").orElseThrow().code());
        assertEquals(7, second.byId("king-walk").orElseThrow().entryPoint("squaresApart").explain("a1", "h8").answer());
        assertEquals(7, fresh.byId("king-walk").orElseThrow().entryPoint("squaresApart").explain("a1", "h8").answer());
    }

    @Test
    void changedSourcesAreCompiledAgain() throws CatalogException {
        Path folder = FolderKatas.scaffold(katas, "king-walk");
        CompiledCodeCache cache = cache();
        KataCatalog.load(katas, cache);
        int compiled = FolderCode.compilations(katas);
        FolderKatas.edit(folder.resolve("src/KingWalk.java"), "\"0 apart: \"", "\"none apart: \"");
        KataCatalog changed = KataCatalog.load(katas, cache);
        assertEquals(compiled + 1, FolderCode.compilations(katas));
        assertEquals("none apart: a1 is the same square as a1",
                changed.byId("king-walk").orElseThrow().entryPoint("squaresApart").explain("a1", "a1").reason());
    }

    @Test
    void aCorruptedEntryIsIgnoredAndRewritten() throws CatalogException, IOException {
        FolderKatas.scaffold(katas, "king-walk");
        CompiledCodeCache cache = cache();
        KataCatalog.load(katas, cache);
        Path entry = onlyEntry();
        byte[] bytes = Files.readAllBytes(entry);
        bytes[bytes.length / 2] ^= 0x5A;
        Files.write(entry, bytes);

        int compiled = FolderCode.compilations(katas);
        KataCatalog reloaded = KataCatalog.load(katas, cache);
        assertEquals(compiled + 1, FolderCode.compilations(katas), "a corrupted entry is not used");
        assertEquals(1, reloaded.byId("king-walk").orElseThrow().entryPoint("squaresApart").explain("a1", "b2").answer());

        Files.write(entry, new byte[] {1, 2, 3}); // truncated
        KataCatalog.load(katas, cache);
        assertEquals(compiled + 2, FolderCode.compilations(katas));
        KataCatalog.load(katas, cache);
        assertEquals(compiled + 2, FolderCode.compilations(katas), "the rewritten entry is used again");
    }

    @Test
    void concurrentLoadsShareTheCacheSafely() throws Exception {
        FolderKatas.scaffold(katas, "king-walk");
        FolderKatas.pawnCount(katas);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<KataCatalog>> loads = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Callable<KataCatalog> load = () -> KataCatalog.load(katas, new CompiledCodeCache(Optional.of(cacheDirectory)));
                loads.add(pool.submit(load));
            }
            for (Future<KataCatalog> load : loads) {
                assertEquals(List.of("king-walk", "pawn-count"), load.get().ids());
            }
        } finally {
            pool.shutdownNow();
        }
        try (Stream<Path> files = Files.list(cacheDirectory)) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(2, names.size(), "one entry per kata, no temporary files left: " + names);
            assertTrue(names.stream().allMatch(n -> n.endsWith(".classes")), names::toString);
        }
        int compiled = FolderCode.compilations(katas);
        KataCatalog.load(katas, cache());
        assertEquals(compiled, FolderCode.compilations(katas));
    }

    @Test
    void withoutACacheDirectoryEveryLoadCompiles() throws CatalogException {
        FolderKatas.scaffold(katas, "king-walk");
        CompiledCodeCache none = new CompiledCodeCache(Optional.empty());
        int compiled = FolderCode.compilations(katas);
        KataCatalog.load(katas, none);
        KataCatalog.load(katas, none);
        assertEquals(compiled + 2, FolderCode.compilations(katas));
    }

    @Test
    void anEntryRoundTripsAndAnyDamageIsNoticed() {
        Map<String, byte[]> classes = Map.of("A", new byte[] {1, 2, 3}, "b.B$1", new byte[0]);
        byte[] encoded = CompiledCodeCache.encode(classes);
        Map<String, byte[]> decoded = CompiledCodeCache.decode(encoded).orElseThrow();
        assertEquals(classes.keySet(), decoded.keySet());
        assertArrayEquals(classes.get("A"), decoded.get("A"));
        for (int i = 0; i < encoded.length; i++) {
            byte[] damaged = encoded.clone();
            damaged[i] ^= 1;
            assertTrue(CompiledCodeCache.decode(damaged).isEmpty(), "byte " + i);
        }
        for (int length = 0; length < encoded.length; length++) {
            assertTrue(CompiledCodeCache.decode(Arrays.copyOf(encoded, length)).isEmpty(), "length " + length);
        }
    }

    @Test
    void kataCodeSeesOnlyTheApiAndTheJdk() throws IOException {
        Path folder = FolderKatas.scaffold(katas, "king-walk");
        FolderKatas.edit(folder.resolve("src/KingWalkKata.java"), "import java.util.ArrayList;",
                "import java.util.ArrayList;\nimport org.katajudge.reference.Katas;");
        String message = assertThrows(CatalogException.class, () -> KataCatalog.load(katas, cache())).getMessage();
        assertTrue(message.startsWith(folder.resolve("src/KingWalkKata.java") + ":"), message);
        assertTrue(message.contains("does not compile: package org.katajudge.reference does not exist"), message);
    }

    @Test
    void theSourcesAreBoundedLikeASubmission() {
        Path folder = FolderKatas.scaffold(katas, "king-walk");
        FolderKatas.write(folder, Map.of("src/Padding.java",
                "class Padding {}\n" + "// padding\n".repeat((int) (KataSourceCompiler.MAX_SOURCE_BYTES / 11))));
        String message = assertThrows(CatalogException.class, () -> KataCatalog.load(katas, cache())).getMessage();
        assertEquals(folder.resolve("src") + ": the sources are larger than 1024 KiB in all", message);
    }

    private Path onlyEntry() throws IOException {
        try (Stream<Path> files = Files.list(cacheDirectory)) {
            List<Path> entries = files.toList();
            assertEquals(1, entries.size(), entries::toString);
            return entries.get(0);
        }
    }
}

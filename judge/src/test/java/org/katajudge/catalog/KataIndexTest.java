package org.katajudge.catalog;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.FolderKatas;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A katas directory read as far as each kata.json, and each kata read whole only when a catalog of
 * it is asked for: a run reads the katas it grades, and a broken kata stops what uses it.
 */
class KataIndexTest {

    @TempDir
    Path katas;
    @TempDir
    Path cacheDirectory;

    private KataIndex index() throws CatalogException {
        return KataIndex.of(katas, new CompiledCodeCache(Optional.of(cacheDirectory)));
    }

    @Test
    void aKataIsReadWholeOnlyWhenACatalogOfItIsAskedFor() throws IOException, CatalogException {
        TestHome.copyTree(TestHome.katas(), katas);
        FolderKatas.pawnCount(katas);
        CompiledCodeCache cache = new CompiledCodeCache(Optional.of(cacheDirectory));
        KataIndex index = KataIndex.of(katas, cache);
        assertEquals("PawnCount", index.classNames().get("pawn-count"), "the class that routes a hand-in is known");
        assertEquals(index.ids(), List.copyOf(index.classNames().keySet()));
        assertEquals(0, cache.hits() + cache.misses(), "no kata's code was compiled to index the folders");

        KataCatalog one = index.catalog(List.of("knight-moves", "no-such-kata"));
        assertEquals(List.of("knight-moves"), one.ids(), "the katas asked for that exist, nothing else");
        assertEquals(0, cache.hits() + cache.misses(), "pawn-count's code is still not compiled");

        KataCatalog pawns = index.catalog(List.of("pawn-count"));
        assertEquals(1, cache.misses(), "compiled when asked for");
        assertSame(pawns.byId("pawn-count").orElseThrow(), index.catalog().byId("pawn-count").orElseThrow(),
                "read once for every catalog of the index");
        assertEquals(1, cache.hits() + cache.misses(), "not compiled again");
        assertEquals(KataCatalog.load(katas, cache).ids(), index.catalog().ids());
    }

    @Test
    void aBrokenKataStopsEveryCatalogThatHoldsItAndNoOther() throws IOException, CatalogException {
        TestHome.copyTree(TestHome.katas(), katas);
        FolderKatas.edit(katas.resolve("knight-moves/examples.json"), "\"expected\"", "\"expectd\"");
        KataIndex index = index();
        assertEquals(List.of("chess-square-color"), index.catalog(List.of("chess-square-color")).ids());
        CatalogException all = assertThrows(CatalogException.class, index::catalog);
        assertTrue(all.getMessage().startsWith(katas.resolve("knight-moves") + "/examples.json"), all.getMessage());
        CatalogException one = assertThrows(CatalogException.class, () -> index.catalog(List.of("knight-moves")));
        assertEquals(all.getMessage(), one.getMessage());
        assertThrows(CatalogException.class, () -> KataCatalog.load(katas), "loading every kata still stops at it");
    }

    @Test
    void everyKataJsonIsCheckedWhenTheFoldersAreIndexed() throws IOException {
        TestHome.copyTree(TestHome.katas(), katas);
        Files.writeString(katas.resolve("knight-moves/kata.json"), "{ not json");
        CatalogException e = assertThrows(CatalogException.class, this::index);
        assertTrue(e.getMessage().startsWith(katas.resolve("knight-moves") + "/kata.json"), e.getMessage());
        Files.createDirectory(katas.resolve("Not-An-Id"));
        Files.delete(katas.resolve("knight-moves/kata.json"));
        assertThrows(CatalogException.class, this::index);
    }
}

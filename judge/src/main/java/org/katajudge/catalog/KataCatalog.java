package org.katajudge.catalog;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The katas the judge knows: one per folder of a katas directory, each folder's data joined with
 * its code and checked for agreement (same id, class, methods and signatures; examples that
 * type-check; every method tested by something).
 *
 * <p>One loading path for every kata: a folder's code is compiled from its own {@code src/} when
 * it has one (see {@link FolderCode}), else it is the built-in kata of that id from the
 * {@code reference} module. Every folder is a kata or an error: a folder without
 * {@code kata.json}, without code, or with broken sources stops the load with a one-line message
 * naming the file, never silently dropped.
 *
 * <p>The folders come from a {@code katas/} directory on disk when there is one, else from the
 * copy bundled in the judge's jar, so the jar also works outside this repository. A catalog holds
 * every kata of its folder ({@link #load}) or those a run uses ({@link KataIndex#catalog(java.util.Collection)}).
 */
public final class KataCatalog {

    /** A kata id, also its folder's name: lowercase letters and digits, in words joined by hyphens. */
    public static final Pattern ID = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    /** Kata ids longer than this are refused: they become folder names and class paths. */
    public static final int MAX_ID_LENGTH = 64;

    private final List<KataDefinition> katas;

    private KataCatalog(List<KataDefinition> katas) {
        this.katas = List.copyOf(katas);
    }

    /** Loads every kata folder in {@code katasDirectory}, e.g. the repository's {@code katas/}. */
    public static KataCatalog load(Path katasDirectory) throws CatalogException {
        return KataIndex.of(katasDirectory).catalog();
    }

    /** Loads every kata folder in {@code katasDirectory}, keeping compiled kata code in {@code cache}. */
    public static KataCatalog load(Path katasDirectory, CompiledCodeCache cache) throws CatalogException {
        return KataIndex.of(katasDirectory, cache).catalog();
    }

    /** Loads the copy of {@code katas/} bundled in the judge's jar. */
    public static KataCatalog loadBundled() throws CatalogException {
        return KataIndex.bundled().catalog();
    }

    /** Loads the one kata folder {@code folder}, e.g. to check a folder just written. */
    public static KataDefinition loadFolder(Path folder) throws CatalogException {
        return KataIndex.loadFolder(folder);
    }

    /** The katas given, in their order. */
    static KataCatalog of(List<KataDefinition> katas) {
        return new KataCatalog(katas);
    }

    /** Whether {@code id} is a valid kata id. */
    public static boolean validId(String id) {
        return id != null && id.length() <= MAX_ID_LENGTH && ID.matcher(id).matches();
    }

    public List<KataDefinition> katas() {
        return katas;
    }

    public Optional<KataDefinition> byId(String id) {
        return katas.stream().filter(k -> k.id().equals(id)).findFirst();
    }

    public List<String> ids() {
        return katas.stream().map(KataDefinition::id).toList();
    }
}

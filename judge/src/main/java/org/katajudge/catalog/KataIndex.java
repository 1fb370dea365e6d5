package org.katajudge.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;
import org.katajudge.scoring.PointsTable;
import org.katajudge.scoring.ScoringException;
import org.katajudge.scoring.ScoringRules;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The kata folders of a katas directory, each read as far as its {@code kata.json} (its id and
 * class: what tells a hand-in's kata), and each read whole, code, examples and points, only when
 * a {@link KataCatalog} of it is asked for. A run that grades one kata reads one kata: reading a
 * kata's examples and code costs a fresh judge tens of milliseconds a kata, and grows with the
 * katas a repository holds. A folder is checked in full before any catalog holds it, so a kata
 * that is graded has been checked as before; a broken kata no command uses stops nothing but
 * the commands that read every kata ({@code verify}, {@code katas}, {@code serve}, the bundles).
 *
 * <p>Every folder's {@code kata.json} is read and checked here, at once: a folder without one, or
 * with one that does not parse or names another id, stops the index with a one-line message.
 * Definitions are kept once read, for every catalog of this index (thread-safe).
 */
public final class KataIndex {

    /** A kata folder and its {@code kata.json}. */
    private record Folder(Path path, String where, boolean onDisk, CompiledCodeCache cache, KataSpec spec) {
    }

    private final List<Folder> folders;
    private final Map<String, KataDefinition> defined = new HashMap<>(); // guarded by this

    private KataIndex(List<Folder> folders) {
        this.folders = List.copyOf(folders);
    }

    /** The kata folders of {@code katasDirectory}, e.g. the repository's {@code katas/}. */
    public static KataIndex of(Path katasDirectory) throws CatalogException {
        return of(katasDirectory, CompiledCodeCache.standard());
    }

    /** The kata folders of {@code katasDirectory}, keeping compiled kata code in {@code cache}. */
    public static KataIndex of(Path katasDirectory, CompiledCodeCache cache) throws CatalogException {
        List<Folder> folders = new ArrayList<>();
        for (Path folder : folders(katasDirectory, katasDirectory.toString())) {
            folders.add(folder(folder, folder.toString(), true, cache));
        }
        return new KataIndex(folders);
    }

    /** The copy of {@code katas/} bundled in the judge's jar. */
    public static KataIndex bundled() throws CatalogException {
        Path root = bundledRoot();
        List<Folder> folders = new ArrayList<>();
        for (Path folder : folders(root, "the judge's bundled katas/")) {
            folders.add(folder(folder, "katas/" + name(folder), false, CompiledCodeCache.standard()));
        }
        return new KataIndex(folders);
    }

    /** The one kata folder {@code folder}, read whole. */
    static KataDefinition loadFolder(Path folder) throws CatalogException {
        if (!Files.isDirectory(folder)) {
            throw new CatalogException(folder + ": no such directory");
        }
        return define(folder(folder, folder.toString(), true, CompiledCodeCache.standard()));
    }

    /** The kata ids, in folder order. */
    public List<String> ids() {
        return folders.stream().map(f -> f.spec().id()).toList();
    }

    /** Each kata's id with the class a solution to it declares, in folder order. */
    public Map<String, String> classNames() {
        Map<String, String> classes = new LinkedHashMap<>();
        folders.forEach(f -> classes.put(f.spec().id(), f.spec().className()));
        return classes;
    }

    /** Every kata, each read whole: the first folder that does not hold a kata stops it. */
    public KataCatalog catalog() throws CatalogException {
        return catalog(ids());
    }

    /**
     * The katas of {@code ids} this index holds (ids it does not hold are left out), each read
     * whole, in folder order.
     */
    public KataCatalog catalog(Collection<String> ids) throws CatalogException {
        List<KataDefinition> katas = new ArrayList<>();
        for (Folder folder : folders) {
            if (ids.contains(folder.spec().id())) {
                katas.add(definition(folder));
            }
        }
        return KataCatalog.of(katas);
    }

    private synchronized KataDefinition definition(Folder folder) throws CatalogException {
        KataDefinition definition = defined.get(folder.spec().id());
        if (definition == null) {
            definition = define(folder);
            defined.put(folder.spec().id(), definition);
        }
        return definition;
    }

    /** The kata folders of a katas directory, by name: every directory but hidden ones; files are not folders. */
    private static List<Path> folders(Path directory, String label) throws CatalogException {
        if (!Files.isDirectory(directory)) {
            throw new CatalogException(label + ": no such directory");
        }
        List<Path> folders;
        try (Stream<Path> entries = Files.list(directory)) {
            folders = entries.filter(Files::isDirectory)
                    .filter(p -> !name(p).startsWith("."))
                    .sorted((a, b) -> name(a).compareTo(name(b)))
                    .toList();
        } catch (IOException | RuntimeException e) {
            throw new CatalogException(label + ": cannot read (" + e.getClass().getSimpleName() + ")");
        }
        if (folders.isEmpty()) {
            throw new CatalogException(label + ": no kata folders (a kata is a folder katas/<id>/ with kata.json;"
                    + " see katas/README.md)");
        }
        return folders;
    }

    /** A folder as far as its {@code kata.json}. */
    private static Folder folder(Path folder, String where, boolean onDisk, CompiledCodeCache cache)
            throws CatalogException {
        String id = name(folder);
        check(KataCatalog.validId(id), where + ": not a kata id: a kata folder's name is its id, lowercase letters,"
                + " digits and hyphens (e.g. knight-moves), at most " + KataCatalog.MAX_ID_LENGTH + " characters");
        Path kataJsonFile = folder.resolve("kata.json");
        check(Files.exists(kataJsonFile), where + "/kata.json: missing: every folder of a katas directory is a kata"
                + " (see katas/README.md)");
        KataSpec spec;
        try {
            spec = KataSpecJson.read(read(folder, "kata.json", where));
        } catch (JsonProcessingException e) {
            throw new CatalogException(where + "/kata.json" + JsonValues.at(e) + ": " + JsonValues.problem(e));
        }
        check(spec.id() != null && spec.id().equals(id), where + "/kata.json: id must be " + id);
        return new Folder(folder, where, onDisk, cache, spec);
    }

    /** A folder read whole: its code, joined with its data and checked for agreement. */
    private static KataDefinition define(Folder kataFolder) throws CatalogException {
        Path folder = kataFolder.path();
        String where = kataFolder.where();
        boolean onDisk = kataFolder.onDisk();
        KataSpec spec = kataFolder.spec();
        String id = spec.id();
        Path src = folder.resolve("src");
        Kata kata;
        if (Files.isDirectory(src)) {
            kata = FolderCode.load(src, where + "/src", kataFolder.cache());
            check(id.equals(kata.id()), where + "/src: the kata's code says its id is \"" + kata.id()
                    + "\", its folder is " + id);
        } else {
            kata = Katas.byId(id).orElseThrow(() -> new CatalogException(where + ": no code: put the kata's Java"
                    + " sources (rule, generator, renderer, Kata class) in " + where + "/src/ (see katas/README.md)"));
        }
        check(kata.className().equals(spec.className()),
                where + "/kata.json: class is " + spec.className() + ", the kata's code says " + kata.className());
        check(spec.timeLimitMillis() > 0, where + "/kata.json: timeLimitMillis must be positive");
        List<EntryPoint> entryPoints = kata.entryPoints();
        check(!entryPoints.isEmpty(), where + "/src: the kata's code has no entry points");
        check(spec.methods().size() == entryPoints.size(),
                where + "/kata.json: lists " + spec.methods().size() + " method(s), the kata's code has "
                        + entryPoints.size());
        for (int i = 0; i < entryPoints.size(); i++) {
            EntryPoint entryPoint = entryPoints.get(i);
            KataSpec.MethodSpec method = spec.methods().get(i);
            check(entryPoint.method().equals(method.name()) && normalize(entryPoint.signature()).equals(normalize(method.signature())),
                    where + "/kata.json: method " + (i + 1) + " is \"" + method.signature()
                            + "\", the kata's code says \"" + entryPoint.signature() + "\"");
        }
        List<Example> examples = ExamplesFile.parse(read(folder, "examples.json", where), kata, where + "/examples.json");
        for (EntryPoint entryPoint : entryPoints) {
            // An examples-only method without examples would be tested by nothing at all.
            check(entryPoint.hasGenerator() || examples.stream().anyMatch(e -> e.method().equals(entryPoint.method())),
                    where + "/examples.json: no example calls " + entryPoint.method() + ", and it has no generator:"
                            + " nothing would test it");
        }
        KataDefinition definition = new KataDefinition(spec, examples, kata, onDisk ? Optional.of(folder) : Optional.empty(),
                onDisk && Files.isDirectory(src) ? Optional.of(src) : Optional.empty());
        if (spec.scoring() == null) {
            return definition;
        }
        try {
            ScoringRules scoring = ScoringRules.parse(spec.scoring(), where + "/kata.json: scoring", ScoringRules.Source.KATA);
            var tests = definition.scoredTests(entryPoints.stream().map(EntryPoint::method).toList());
            scoring.check(List.of(tests));
            PointsTable.of(tests, scoring, ScoringRules.NONE, false); // a total with nothing to scale
            return new KataDefinition(spec, examples, kata, definition.folder(), definition.sources(), scoring);
        } catch (ScoringException e) {
            throw new CatalogException(e.getMessage());
        }
    }

    private static String read(Path folder, String file, String where) throws CatalogException {
        try {
            return Files.readString(folder.resolve(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new CatalogException(where + "/" + file + ": missing");
        } catch (IOException e) {
            throw new CatalogException(where + "/" + file + ": cannot read (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** {@code katas/} inside the judge's jar (or its classes directory), as a directory. */
    private static synchronized Path bundledRoot() throws CatalogException {
        ClassLoader loader = KataCatalog.class.getClassLoader();
        URL url = loader.getResource("katas/");
        boolean viaReadme = false;
        if (url == null) {
            url = loader.getResource("katas/README.md"); // jars without directory entries
            viaReadme = true;
        }
        if (url == null) {
            throw new CatalogException("the judge's jar has no katas/");
        }
        try {
            URI uri = url.toURI();
            Path path;
            try {
                path = Path.of(uri);
            } catch (FileSystemNotFoundException e) {
                try {
                    FileSystems.newFileSystem(uri, Map.of());
                } catch (FileSystemAlreadyExistsException raced) {
                    // opened meanwhile: fine
                }
                path = Path.of(uri);
            }
            return viaReadme ? path.getParent() : path;
        } catch (URISyntaxException | IOException | RuntimeException e) {
            throw new CatalogException("the judge's bundled katas/ cannot be read: " + e);
        }
    }

    private static String name(Path folder) {
        Path name = folder.getFileName();
        String text = name == null ? "" : name.toString();
        return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    private static String normalize(String signature) {
        return signature == null ? "" : signature.trim().replaceAll("\\s+", " ");
    }

    private static void check(boolean condition, String message) throws CatalogException {
        if (!condition) {
            throw new CatalogException(message);
        }
    }
}

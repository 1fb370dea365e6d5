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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

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
 * copy bundled in the judge's jar, so the jar also works outside this repository.
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
        return load(katasDirectory, CompiledCodeCache.standard());
    }

    /** Loads every kata folder in {@code katasDirectory}, keeping compiled kata code in {@code cache}. */
    public static KataCatalog load(Path katasDirectory, CompiledCodeCache cache) throws CatalogException {
        List<KataDefinition> katas = new ArrayList<>();
        for (Path folder : folders(katasDirectory, katasDirectory.toString())) {
            katas.add(define(folder, folder.toString(), true, cache));
        }
        return new KataCatalog(katas);
    }

    /** Loads the copy of {@code katas/} bundled in the judge's jar. */
    public static KataCatalog loadBundled() throws CatalogException {
        Path root = bundledRoot();
        List<KataDefinition> katas = new ArrayList<>();
        for (Path folder : folders(root, "the judge's bundled katas/")) {
            katas.add(define(folder, "katas/" + name(folder), false, CompiledCodeCache.standard()));
        }
        return new KataCatalog(katas);
    }

    /** Loads the one kata folder {@code folder}, e.g. to check a folder just written. */
    public static KataDefinition loadFolder(Path folder) throws CatalogException {
        if (!Files.isDirectory(folder)) {
            throw new CatalogException(folder + ": no such directory");
        }
        return define(folder, folder.toString(), true, CompiledCodeCache.standard());
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

    private static KataDefinition define(Path folder, String where, boolean onDisk, CompiledCodeCache cache)
            throws CatalogException {
        String id = name(folder);
        check(validId(id), where + ": not a kata id: a kata folder's name is its id, lowercase letters, digits and"
                + " hyphens (e.g. knight-moves), at most " + MAX_ID_LENGTH + " characters");
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

        Path src = folder.resolve("src");
        Kata kata;
        if (Files.isDirectory(src)) {
            kata = FolderCode.load(src, where + "/src", cache);
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

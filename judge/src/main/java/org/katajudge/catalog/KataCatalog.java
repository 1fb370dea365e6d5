package org.katajudge.catalog;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;
import org.katajudge.scoring.PointsTable;
import org.katajudge.scoring.ScoringException;
import org.katajudge.scoring.ScoringRules;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The katas the judge knows: each {@link Kata} service joined with its folder's data, checked
 * for agreement (same class, same methods, same signatures, examples that type-check).
 *
 * <p>The folders come from a {@code katas/} directory on disk when there is one, else from the
 * copy bundled in the judge's jar, so the jar also works outside this repository.
 */
public final class KataCatalog {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final List<KataDefinition> katas;

    private KataCatalog(List<KataDefinition> katas) {
        this.katas = List.copyOf(katas);
    }

    /** Loads every kata's folder from {@code katasDirectory}, e.g. the repository's {@code katas/}. */
    public static KataCatalog load(Path katasDirectory) throws CatalogException {
        List<KataDefinition> katas = new ArrayList<>();
        for (Kata kata : Katas.all()) {
            Path folder = katasDirectory.resolve(kata.id());
            katas.add(define(kata, Optional.of(folder), file -> {
                try {
                    return Files.readString(folder.resolve(file), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new CatalogException(folder.resolve(file) + ": cannot read (" + e.getClass().getSimpleName() + ")");
                }
            }));
        }
        return new KataCatalog(katas);
    }

    /** Loads the copy of {@code katas/} bundled in the judge's jar. */
    public static KataCatalog loadBundled() throws CatalogException {
        List<KataDefinition> katas = new ArrayList<>();
        for (Kata kata : Katas.all()) {
            katas.add(define(kata, Optional.empty(), file -> {
                String resource = "katas/" + kata.id() + "/" + file;
                try (InputStream in = KataCatalog.class.getClassLoader().getResourceAsStream(resource)) {
                    if (in == null) {
                        throw new CatalogException("the judge's jar has no " + resource);
                    }
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new CatalogException(resource + ": cannot read", e);
                }
            }));
        }
        return new KataCatalog(katas);
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

    private interface FileReader {
        String read(String file) throws CatalogException;
    }

    private static KataDefinition define(Kata kata, Optional<Path> folder, FileReader files)
            throws CatalogException {
        String where = folder.map(Path::toString).orElse("katas/" + kata.id());
        KataSpec spec;
        try {
            spec = JSON.readValue(files.read("kata.json"), KataSpec.class);
        } catch (IOException e) {
            throw new CatalogException(where + "/kata.json: " + e.getMessage().lines().findFirst().orElse(""));
        }
        check(spec.id() != null && spec.id().equals(kata.id()), where + "/kata.json: id must be " + kata.id());
        check(kata.className().equals(spec.className()),
                where + "/kata.json: class is " + spec.className() + ", the kata's code says " + kata.className());
        check(spec.timeLimitMillis() > 0, where + "/kata.json: timeLimitMillis must be positive");
        List<EntryPoint> entryPoints = kata.entryPoints();
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
        List<Example> examples = ExamplesFile.parse(files.read("examples.json"), kata, where + "/examples.json");
        KataDefinition definition = new KataDefinition(spec, examples, kata, folder);
        if (spec.scoring() == null) {
            return definition;
        }
        try {
            ScoringRules scoring = ScoringRules.parse(spec.scoring(), where + "/kata.json: scoring", ScoringRules.Source.KATA);
            var tests = definition.scoredTests(entryPoints.stream().map(EntryPoint::method).toList());
            scoring.check(List.of(tests));
            PointsTable.of(tests, scoring, ScoringRules.NONE, false); // a total with nothing to scale
            return new KataDefinition(spec, examples, kata, folder, scoring);
        } catch (ScoringException e) {
            throw new CatalogException(e.getMessage());
        }
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

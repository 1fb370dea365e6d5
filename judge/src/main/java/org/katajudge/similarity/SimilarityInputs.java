package org.katajudge.similarity;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.catalog.KataSpec;
import org.katajudge.intake.Handin;
import org.katajudge.intake.Intake;
import org.katajudge.intake.IntakeException;
import org.katajudge.intake.JavaSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What a similarity run compares, kata by kata: the class's hand-ins as the intake read them,
 * the known sources, and each kata's base code.
 */
public final class SimilarityInputs {

    /** The sample folders of the repository that are known sources: every honest attempt, the seeds' ports among them. */
    public static final List<String> SAMPLE_VERDICTS = List.of("accepted", "wrong_answer");
    /** A kata folder's code handed out to students with the kata: base code, never counted. */
    public static final String GIVEN_FOLDER = "given";

    private SimilarityInputs() {
    }

    /**
     * The katas to compare: each kata of the hand-ins, with its known sources (those of a place that
     * is also a hand-in's left out) and base code; hand-ins without sources (nothing handed in, an
     * archive refused) are listed as not compared.
     *
     * @param handins    the class's hand-ins
     * @param known      the known sources, any kata
     * @param katas      the kata definitions by id
     * @param notCompared receives the hand-ins with nothing to compare
     */
    public static List<KataCode> katas(List<Handin> handins, List<Handin> known,
                                       Function<String, KataDefinition> katas, List<NotCompared> notCompared) {
        Map<String, List<Source>> byKata = new LinkedHashMap<>();
        List<Path> places = new ArrayList<>();
        for (Handin handin : handins) {
            Source source = source(handin, false);
            handin.path().ifPresent(p -> places.add(p.toAbsolutePath().normalize()));
            if (handin.verdict().isPresent()) {
                notCompared.add(new NotCompared(source, handin.verdict().get().message())); // "nothing to grade: ..."
                continue;
            }
            byKata.computeIfAbsent(handin.kataId(), k -> new ArrayList<>()).add(source);
        }
        List<KataCode> result = new ArrayList<>();
        for (Map.Entry<String, List<Source>> entry : byKata.entrySet()) {
            List<Source> knownSources = known.stream()
                    .filter(k -> k.kataId().equals(entry.getKey()) && k.verdict().isEmpty())
                    .filter(k -> k.path().map(p -> !places.contains(p.toAbsolutePath().normalize())).orElse(true))
                    .map(k -> source(k, true))
                    .toList();
            List<Source> sorted = entry.getValue().stream().sorted(Comparator.comparing(Source::path)).toList();
            result.add(new KataCode(entry.getKey(), sorted, knownSources, baseCode(katas.apply(entry.getKey()))));
        }
        result.sort(Comparator.comparing(KataCode::kata));
        return result;
    }

    /** A hand-in as compared code: its decoded sources, named by where they were found. */
    public static Source source(Handin handin, boolean known) {
        List<CodeFile> files = new ArrayList<>();
        for (JavaSource java : handin.sources()) {
            files.add(new CodeFile(java.origin(), java.text()));
        }
        return new Source(handin.kataId(), handin.location(), handin.student(), known, files);
    }

    /**
     * The repository's samples of {@code katas} as known sources: {@code SUBMISSIONS/<kata>/accepted/*}
     * and {@code wrong_answer/*}, and a kata folder's own {@code submissions/} likewise.
     */
    public static List<Handin> samples(Intake intake, Optional<Path> submissions, List<KataDefinition> katas)
            throws IntakeException {
        List<Handin> known = new ArrayList<>();
        for (KataDefinition kata : katas) {
            List<Path> roots = new ArrayList<>();
            submissions.ifPresent(s -> roots.add(s.resolve(kata.id())));
            kata.folder().ifPresent(f -> roots.add(f.resolve("submissions")));
            for (Path root : roots) {
                for (String verdict : SAMPLE_VERDICTS) {
                    for (Path entry : entries(root.resolve(verdict))) {
                        known.add(intake.readOne(entry, kata.id()));
                    }
                }
            }
        }
        return known;
    }

    /**
     * A kata's base code: its skeleton (the class and the method signatures of {@code kata.json},
     * which every hand-in repeats) and the {@code .java} files of its folder's {@value #GIVEN_FOLDER}/.
     */
    public static List<CodeFile> baseCode(KataDefinition kata) {
        List<CodeFile> base = new ArrayList<>();
        base.add(new CodeFile("(skeleton) " + kata.spec().className() + ".java", skeleton(kata.spec())));
        kata.folder().map(f -> f.resolve(GIVEN_FOLDER)).filter(Files::isDirectory).ifPresent(given -> {
            try (Stream<Path> files = Files.walk(given)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java") && Files.isRegularFile(f)).sorted().toList()) {
                    base.add(new CodeFile(given.relativize(file).toString().replace('\\', '/'),
                            Files.readString(file, StandardCharsets.UTF_8)));
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(kata.id() + ": cannot read " + given + ": " + e.getMessage(), e);
            }
        });
        return base;
    }

    /** The class with each method of {@code kata.json}, bodies empty. */
    static String skeleton(KataSpec spec) {
        StringBuilder java = new StringBuilder("public class ").append(spec.className()).append(" {\n");
        for (KataSpec.MethodSpec method : spec.methods()) {
            java.append("\n    ").append(method.signature()).append(" {\n    }\n");
        }
        return java.append("}\n").toString();
    }

    private static List<Path> entries(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Every kata id among {@code handins}. */
    public static Set<String> kataIds(List<Handin> handins) {
        return handins.stream().map(Handin::kataId).collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
    }
}

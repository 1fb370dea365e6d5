package org.katajudge.cli;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.plan.Submission;
import org.katajudge.intake.Intake;
import org.katajudge.intake.IntakeException;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What {@code verify} grades and expects: the sample submissions, filed by the verdict they must
 * get, and the reference's own source, which must be accepted.
 */
final class VerifySamples {

    private VerifySamples() {
    }

    /**
     * Samples are {@code <place>/<verdict folder>/<name>} (a directory or a .java file), in any of
     * {@code places}: the repository's {@code submissions/<kata>/}, the kata folder's {@code submissions/}.
     */
    static List<String> find(Intake intake, List<Path> places, KataDefinition kata,
                                            Map<Submission, Verdict> expected) {
        List<String> problems = new ArrayList<>();
        List<Path> existing = places.stream().filter(Files::isDirectory).toList();
        if (existing.isEmpty()) {
            return List.of(kata.id() + ": no sample submissions" + (places.isEmpty() ? ""
                    : " at " + String.join(" or ", places.stream().map(Path::toString).toList())));
        }
        boolean accepted = false;
        for (Path place : existing) {
            accepted |= find(intake, place, kata, expected, problems);
        }
        if (!accepted) {
            problems.add(kata.id() + ": no accepted sample submission");
        }
        return problems;
    }

    /** The samples in one place; whether one of them is to be accepted. */
    private static boolean find(Intake intake, Path kataFolder, KataDefinition kata,
                                       Map<Submission, Verdict> expected, List<String> problems) {
        boolean accepted = false;
        try (Stream<Path> folders = Files.list(kataFolder)) {
            for (Path folder : folders.sorted().toList()) {
                String name = folder.getFileName().toString();
                Optional<Verdict> verdict = Verdict.ofFolderName(name);
                if (!Files.isDirectory(folder) || name.startsWith(".")) {
                    continue;
                }
                if (verdict.isEmpty()) {
                    problems.add(kata.id() + ": " + folder + " is not named after a verdict");
                    continue;
                }
                try (Stream<Path> samples = Files.list(folder)) {
                    for (Path sample : samples.sorted().toList()) {
                        boolean isJava = sample.toString().endsWith(".java");
                        if (Files.isDirectory(sample) || isJava) {
                            expected.put(Submission.of(intake.readOne(sample, kata.id())), verdict.get());
                            accepted |= verdict.get() == Verdict.ACCEPTED;
                        }
                    }
                }
            }
        } catch (IOException e) {
            problems.add(kata.id() + ": cannot read " + kataFolder + ": " + e.getMessage());
        } catch (IntakeException e) {
            problems.add(kata.id() + ": " + e.getMessage());
        }
        return accepted;
    }

    /**
     * The reference's rule class, with its package line removed, as a submission: the reference
     * is itself a valid solution. Empty when the repository's sources are not there.
     */
    static Optional<Submission> referenceAsSubmission(Intake intake, Workspace workspace, KataDefinition kata,
                                                              Path scratch) throws IOException {
        if (workspace.home().isEmpty()) {
            return Optional.empty();
        }
        Path sources = workspace.home().get().resolve("reference/src/main/java");
        if (!Files.isDirectory(sources)) {
            return Optional.empty();
        }
        return ruleAsSubmission(intake, sources, kata, scratch);
    }

    /** The file {@code <Class>.java} below {@code sources}, copied without its package line, as a submission. */
    static Optional<Submission> ruleAsSubmission(Intake intake, Path sources, KataDefinition kata, Path scratch)
            throws IOException {
        String fileName = kata.spec().className() + ".java";
        Optional<Path> rule;
        try (Stream<Path> files = Files.walk(sources)) {
            rule = files.filter(f -> f.getFileName().toString().equals(fileName)).findFirst();
        }
        if (rule.isEmpty()) {
            return Optional.empty();
        }
        String text = Files.readString(rule.get(), StandardCharsets.UTF_8).replaceFirst("(?m)^package [\\w.]+;", "");
        Path folder = scratch.resolve(kata.id()).resolve("reference");
        Files.createDirectories(folder);
        Path copy = folder.resolve(fileName);
        Files.writeString(copy, text, StandardCharsets.UTF_8);
        try {
            return Optional.of(Submission.of(intake.readOne(folder, kata.id())));
        } catch (IntakeException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}

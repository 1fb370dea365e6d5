package org.katajudge.cli;

import org.katajudge.similarity.SimilarityReport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The options of {@code similarity} and of {@code grade --similarity}, parsed in this one place:
 * the threshold, the known sources, whether the repository's samples are among them, the CSV.
 *
 * @param threshold pairs at or above it are flagged
 * @param known     {@code --known DIR}s: every entry of each is a known source
 * @param samples   whether the repository's accepted and wrong-answer samples are known sources
 * @param csv       where to write the pairs as CSV
 */
record SimilarityOptions(double threshold, List<Path> known, boolean samples, Optional<Path> csv) {

    /**
     * {@code grade}'s, or empty without {@code --similarity}; its similarity options without it are
     * a usage error, not silently ignored.
     */
    static Optional<SimilarityOptions> ofGrade(String command, GradeCommand grade) throws UsageException {
        if (!grade.similarity) {
            if (grade.similarityThreshold.isPresent()) {
                throw new UsageException(command + ": --similarity-threshold goes with --similarity");
            }
            if (!grade.known.isEmpty()) {
                throw new UsageException(command + ": --known goes with --similarity");
            }
            if (grade.similarityCsv.isPresent()) {
                throw new UsageException(command + ": --similarity-csv goes with --similarity");
            }
            if (grade.noSamples) {
                throw new UsageException(command + ": --no-samples goes with --similarity");
            }
            return Optional.empty();
        }
        // teachers only: nothing of it may reach what students see
        if (grade.gradescope.isPresent() || grade.prairielearn.isPresent()) {
            throw new UsageException(command + ": --similarity is for the teacher; it cannot go with --"
                    + (grade.gradescope.isPresent() ? "gradescope" : "prairielearn")
                    + ", which students see (run similarity on the class instead)");
        }
        if (grade.studentView) {
            throw new UsageException(command + ": --similarity is for the teacher; it cannot go with --student-view");
        }
        if (grade.shard.isPresent()) {
            throw new UsageException(command + ": --similarity compares the whole class; a shard sees only part of it"
                    + " (run similarity on the class instead)");
        }
        return Optional.of(of(command, grade.similarityThreshold, grade.known, grade.noSamples, grade.similarityCsv));
    }

    /** The options checked: every known source a folder, the CSV writable. */
    static SimilarityOptions of(String command, Optional<Double> threshold, List<Path> known, boolean noSamples,
                                Optional<Path> csv) throws UsageException {
        for (Path dir : known) {
            if (!Files.isDirectory(dir)) {
                throw new UsageException(command + ": --known " + dir + " is not a folder (give a folder whose every entry"
                        + " is a known source, or a folder of such folders named after katas)");
            }
        }
        if (csv.isPresent()) {
            OutputFile.checkWritable(csv.get(), "the similarity CSV");
        }
        return new SimilarityOptions(threshold.orElse(SimilarityReport.DEFAULT_THRESHOLD), List.copyOf(known),
                !noSamples, csv);
    }
}

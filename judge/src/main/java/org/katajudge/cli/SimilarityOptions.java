package org.katajudge.cli;

import org.katajudge.similarity.SimilarityReport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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

    /** The valued options of {@code similarity}. */
    static final Set<String> COMMAND_VALUED = Set.of("threshold", "known", "json", "csv", "html", "kata", "katas");
    /** Its flags. */
    static final Set<String> COMMAND_FLAGS = Set.of("help", "no-samples");
    /** The valued options {@code --similarity} adds to {@code grade}. */
    static final Set<String> GRADE_VALUED = Set.of("similarity-threshold", "known", "similarity-csv");
    /** The flags it adds. */
    static final Set<String> GRADE_FLAGS = Set.of("similarity", "no-samples");

    /** {@code similarity}'s options. */
    static SimilarityOptions ofCommand(String command, Arguments arguments) throws UsageException {
        return of(command, arguments, "threshold", "csv");
    }

    /**
     * {@code grade}'s, or empty without {@code --similarity}; its similarity options without it are
     * a usage error, not silently ignored.
     */
    static Optional<SimilarityOptions> ofGrade(String command, Arguments arguments) throws UsageException {
        if (!arguments.flag("similarity")) {
            for (String option : List.of("similarity-threshold", "known", "similarity-csv")) {
                if (arguments.option(option).isPresent()) {
                    throw new UsageException(command + ": --" + option + " goes with --similarity");
                }
            }
            if (arguments.flag("no-samples")) {
                throw new UsageException(command + ": --no-samples goes with --similarity");
            }
            return Optional.empty();
        }
        // teachers only: nothing of it may reach what students see
        for (String studentFacing : List.of("gradescope", "prairielearn")) {
            if (arguments.option(studentFacing).isPresent()) {
                throw new UsageException(command + ": --similarity is for the teacher; it cannot go with --" + studentFacing
                        + ", which students see (run similarity on the class instead)");
            }
        }
        if (arguments.flag("student-view")) {
            throw new UsageException(command + ": --similarity is for the teacher; it cannot go with --student-view");
        }
        if (arguments.option("shard").isPresent()) {
            throw new UsageException(command + ": --similarity compares the whole class; a shard sees only part of it"
                    + " (run similarity on the class instead)");
        }
        return Optional.of(of(command, arguments, "similarity-threshold", "similarity-csv"));
    }

    private static SimilarityOptions of(String command, Arguments arguments, String thresholdOption, String csvOption)
            throws UsageException {
        double threshold = SimilarityReport.DEFAULT_THRESHOLD;
        Optional<String> given = arguments.option(thresholdOption);
        if (given.isPresent()) {
            try {
                threshold = Double.parseDouble(given.get().trim());
            } catch (NumberFormatException e) {
                threshold = Double.NaN;
            }
            if (!(threshold > 0 && threshold <= 1)) {
                throw new UsageException(command + ": --" + thresholdOption + " must be a number above 0 and at most 1"
                        + " (a share of shared code: 0.5 is half), got \"" + given.get() + "\"");
            }
        }
        List<Path> known = arguments.all("known").stream().map(Path::of).toList();
        for (Path dir : known) {
            if (!Files.isDirectory(dir)) {
                throw new UsageException(command + ": --known " + dir + " is not a folder (give a folder whose every entry"
                        + " is a known source, or a folder of such folders named after katas)");
            }
        }
        Optional<Path> csv = arguments.option(csvOption).map(Path::of);
        if (csv.isPresent()) {
            OutputFile.checkWritable(csv.get(), "the similarity CSV");
        }
        return new SimilarityOptions(threshold, known, !arguments.flag("no-samples"), csv);
    }
}

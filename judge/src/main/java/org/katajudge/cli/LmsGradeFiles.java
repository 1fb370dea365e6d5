package org.katajudge.cli;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.intake.ClassDownload;
import org.katajudge.intake.Roster;
import org.katajudge.lms.CanvasGradeImport;
import org.katajudge.lms.ClassMarks;
import org.katajudge.lms.GradeImportFormat;
import org.katajudge.lms.LmsException;
import org.katajudge.lms.MoodleGradeImport;
import org.katajudge.report.SubmissionResult;
import org.katajudge.scoring.ScoringException;
import org.katajudge.scoring.ScoringRules;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code grade --moodle-grades FILE} and {@code --canvas-grades FILE}: the marks as the platform's
 * grade import reads them. Everything that can be wrong is checked before grading (a roster, one
 * the platform can match, whose hand-in is whose, a writable file), so a refused command writes
 * nothing; an interrupted run writes no marks file, since half a class imported is a silent loss.
 */
final class LmsGradeFiles {

    private record Requested(String option, GradeImportFormat format, Path file) {
    }

    private final List<Requested> requested;
    private final Optional<Roster> roster;

    private LmsGradeFiles(List<Requested> requested, Optional<Roster> roster) {
        this.requested = List.copyOf(requested);
        this.roster = roster;
    }

    /** The files asked for, each checked against the roster and for being writable. */
    static LmsGradeFiles from(String command, Optional<Path> moodle, Optional<Path> canvas, Optional<Roster> roster)
            throws UsageException {
        List<Requested> requested = new java.util.ArrayList<>();
        Map<String, Optional<Path>> files = Map.of("moodle-grades", moodle, "canvas-grades", canvas);
        for (Map.Entry<String, GradeImportFormat> entry : Map.of("moodle-grades", (GradeImportFormat) new MoodleGradeImport(),
                "canvas-grades", new CanvasGradeImport()).entrySet()) {
            Optional<Path> file = files.get(entry.getKey());
            if (file.isEmpty()) {
                continue;
            }
            if (roster.isEmpty()) {
                throw new UsageException(command + ": --" + entry.getKey() + " needs --roster FILE: the marks go to the"
                        + " roster's students, under the ids " + entry.getValue().platform() + " knows them by");
            }
            try {
                entry.getValue().check(roster.get());
            } catch (LmsException e) {
                throw new UsageException(command + ": --" + entry.getKey() + ": " + e.getMessage());
            }
            OutputFile.checkWritable(file.get(), "the " + entry.getValue().platform() + " grades");
            requested.add(new Requested(entry.getKey(), entry.getValue(), file.get()));
        }
        requested.sort(java.util.Comparator.comparing(Requested::option));
        return new LmsGradeFiles(requested, roster);
    }

    /** Before grading: each hand-in is one roster student's, each student has one per kata. */
    void checkOwners(String command, ClassDownload download) throws UsageException {
        if (requested.isEmpty()) {
            return;
        }
        try {
            ClassMarks.owners(roster.orElseThrow(), download.handins());
        } catch (LmsException e) {
            throw new UsageException(command + ": --" + requested.get(0).option() + ": " + e.getMessage());
        }
    }

    /**
     * After grading: each file, and a line for each hand-in left out of them (not on the roster).
     *
     * @param totals each kata's points total where one is set
     */
    void write(String command, PrintStream out, ClassDownload download, List<SubmissionResult> results,
               boolean interrupted, Map<String, Double> totals) throws UsageException {
        if (requested.isEmpty()) {
            return;
        }
        if (interrupted) {
            for (Requested r : requested) {
                out.println("not written: " + r.file() + " (" + r.format().platform()
                        + " grades): the run was interrupted, and part of a class's marks is not a file to import");
            }
            return;
        }
        ClassMarks marks;
        try {
            marks = ClassMarks.of(roster.orElseThrow(), download.handins(), results, totals);
        } catch (LmsException e) {
            throw new UsageException(command + ": --" + requested.get(0).option() + ": " + e.getMessage());
        }
        for (Requested r : requested) {
            OutputFile.write(r.file(), r.format().render(marks), "the " + r.format().platform() + " grades");
        }
        for (String left : marks.leftOut()) {
            out.println("warning: not in the " + String.join(" and ", requested.stream().map(r -> r.format().platform()).toList())
                    + " grades: " + left);
        }
    }

    /**
     * Each kata's points total: the assignment file's {@code total}, else the kata's own, else none
     * (the marks are then out of 100).
     */
    static Map<String, Double> totals(String command, Workspace workspace, List<String> katas,
                                      Optional<Path> scoring) throws UsageException {
        Optional<Double> assignment = Optional.empty();
        if (scoring.isPresent()) {
            try {
                assignment = ScoringRules.read(scoring.get()).total();
            } catch (ScoringException e) {
                throw new UsageException(command + ": --scoring: " + e.getMessage());
            }
        }
        Map<String, Double> totals = new LinkedHashMap<>();
        for (String id : katas) {
            KataDefinition kata = workspace.kata(command, id);
            Optional<Double> total = assignment.or(() -> kata.scoring().total());
            total.ifPresent(t -> totals.put(id, t));
        }
        return totals;
    }
}

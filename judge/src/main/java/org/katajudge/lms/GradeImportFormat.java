package org.katajudge.lms;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.katajudge.intake.Roster;
import org.katajudge.intake.RosterStudent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A learning platform's grade import: what it needs of the roster to find each student, and the
 * file it reads. One implementation per platform; the command line writes any of them the same way.
 */
public interface GradeImportFormat {

    /** The platform, for messages: "Moodle". */
    String platform();

    /**
     * Before anything is graded: can the platform find every roster student in the file?
     *
     * @throws LmsException a one-line reason naming what the roster lacks, and for whom
     */
    void check(Roster roster) throws LmsException;

    /** The file, as the platform's import reads it. */
    String render(ClassMarks marks);

    /** The formats the judge writes. */
    static List<GradeImportFormat> all() {
        return List.of(new MoodleGradeImport(), new CanvasGradeImport());
    }

    /**
     * RFC 4180 with CRLF line ends, every cell quoted (both importers read quoted cells; a name
     * such as "Jones, Paula" needs it). The cells come from the teacher's roster and the judge's
     * numbers, never from a student's folder or code.
     */
    static String csv(List<List<String>> rows) {
        StringBuilder out = new StringBuilder();
        try (CSVPrinter printer = new CSVPrinter(out, CSVFormat.RFC4180.builder()
                .setQuoteMode(org.apache.commons.csv.QuoteMode.ALL).get())) {
            for (List<String> row : rows) {
                printer.printRecord(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not fail
        }
        return out.toString();
    }

    /** The students without a value in any of these roster columns, for a message. */
    static List<String> without(Roster roster, List<List<String>> columns) {
        return roster.students().stream()
                .filter(s -> columns.stream().allMatch(c -> s.cell(c).isEmpty()))
                .map(s -> s.name() + " (" + s.where() + ")").toList();
    }

    /** The value of a student's cell, or empty text. */
    static String cell(RosterStudent student, List<String> headers) {
        return student.cell(headers).orElse("");
    }
}

package org.katajudge.cli;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.QuoteMode;
import org.katajudge.intake.Roster;
import org.katajudge.intake.RosterStudent;
import org.katajudge.report.ClassResults.NotGraded;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.scoring.Points;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The gradebook ({@code grade --csv FILE}): one row per submission, for a spreadsheet. Columns:
 * student, submission, kata, verdict, score, max_score, passed, tests, random_cases, seconds,
 * message; with a roster, also id, login, email and section from the student's roster line (empty
 * for a hand-in not on it), so that the sheet can be matched to the platform's students. A
 * submission an interrupted run did not grade still has its row, with verdict
 * {@code NOT_GRADED} and empty numbers, so no student goes missing from the sheet.
 *
 * <p>RFC 4180 with CRLF line ends, written by Commons CSV; every text cell quoted, on one line
 * and neutralised as a {@link SpreadsheetCell} (no formula, whatever separator the spreadsheet
 * splits on); numbers unquoted, so that they stay numbers; optionally a UTF-8 byte order mark,
 * without which Excel reads UTF-8 names such as "Zoë Ørsted" as Windows-1252.
 */
final class Gradebook {

    static final List<String> COLUMNS = List.of("student", "submission", "kata", "verdict", "score", "max_score",
            "passed", "tests", "random_cases", "seconds", "message");
    static final String HEADER = String.join(",", COLUMNS);
    static final String NOT_GRADED = "NOT_GRADED";
    /** Appended when the run had a roster: each from the roster line's column of that kind. */
    static final List<String> ROSTER_COLUMNS = List.of("id", "login", "email", "section");
    /** The roster's kinds of column behind {@link #ROSTER_COLUMNS}, in that order. */
    private static final List<Set<String>> ROSTER_KINDS = List.of(Roster.ID, Roster.LOGIN, Roster.EMAIL, Roster.SECTION);

    /** The roster line a row's hand-in is, when the run had a roster. */
    interface RosterLines {
        /** @return empty for a hand-in not on the roster */
        Optional<RosterStudent> of(String kata, String submission);
    }
    private static final char BOM = '\uFEFF';
    /** The header as it always was: the column names bare. */
    private static final CSVFormat HEADER_FORMAT = CSVFormat.RFC4180;
    /** The rows: every cell that is not a {@link Number} quoted. */
    private static final CSVFormat ROW_FORMAT = CSVFormat.RFC4180.builder().setQuoteMode(QuoteMode.NON_NUMERIC).get();

    private Gradebook() {
    }

    /** One row: what it is sorted by (the submission), and its cells, text or numbers. */
    private record Row(String submission, List<Object> cells) {
    }

    static String csv(List<SubmissionResult> results) {
        return csv(results, List.of(), "", false, Optional.empty());
    }

    static String csv(List<SubmissionResult> results, List<NotGraded> notGraded, String why, boolean bom) {
        return csv(results, notGraded, why, bom, Optional.empty());
    }

    /**
     * @param notGraded submissions without a result, each with a row saying {@code why}
     * @param bom       start with a UTF-8 byte order mark
     * @param roster    the roster's lines, when the run had one: four more columns
     */
    static String csv(List<SubmissionResult> results, List<NotGraded> notGraded, String why, boolean bom,
                      Optional<RosterLines> roster) {
        List<Row> rows = new ArrayList<>();
        for (SubmissionResult result : results) {
            // Random tests of an examples-only method do not exist: not counted (the message says so).
            List<TestOutcome> tests = result.tests().stream().filter(t -> !TestOutcome.isNoRandomTests(t)).toList();
            long passed = tests.stream().filter(t -> t.status() == TestOutcome.Status.PASSED).count();
            rows.add(new Row(result.submission(), new ArrayList<>(List.of(text(result.student()), text(result.submission()),
                    text(result.kata()), text(result.verdict().name()), number(score(result.score())),
                    number(score(result.maxScore())), passed, (long) tests.size(), (long) result.cases(),
                    number(String.format(Locale.ROOT, "%.2f", result.timings().totalMillis() / 1000.0)),
                    text(result.message())))));
            roster.ifPresent(r -> rows.get(rows.size() - 1).cells().addAll(rosterCells(r.of(result.kata(), result.submission()))));
        }
        for (NotGraded submission : notGraded) {
            List<Object> cells = new ArrayList<>(List.of(text(submission.student()), text(submission.submission()),
                    text(submission.kata()), text(NOT_GRADED)));
            cells.addAll(Collections.nCopies(6, null)); // no numbers: empty, unquoted
            cells.add(text(why));
            roster.ifPresent(r -> cells.addAll(rosterCells(r.of(submission.kata(), submission.submission()))));
            rows.add(new Row(submission.submission(), cells));
        }
        rows.sort(Comparator.comparing(Row::submission)); // by submission, as the other reports
        StringBuilder csv = new StringBuilder();
        if (bom) {
            csv.append(BOM);
        }
        try {
            List<String> header = new ArrayList<>(COLUMNS);
            if (roster.isPresent()) {
                header.addAll(ROSTER_COLUMNS);
            }
            new CSVPrinter(csv, HEADER_FORMAT).printRecord(header);
            CSVPrinter printer = new CSVPrinter(csv, ROW_FORMAT);
            for (Row row : rows) {
                printer.printRecord(row.cells());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not fail
        }
        return csv.toString();
    }

    private static List<Object> rosterCells(Optional<RosterStudent> student) {
        List<Object> cells = new ArrayList<>();
        for (Set<String> kind : ROSTER_KINDS) {
            cells.add(text(student.flatMap(s -> s.first(kind)).orElse("")));
        }
        return cells;
    }

    /**
     * Points as a spreadsheet reads them: a dot, no thousands separator, no exponent, up to 4
     * decimals, cut rather than rounded, so that only full marks read as full marks.
     */
    static String score(double value) {
        return Points.format(value, 4);
    }

    private static String text(String value) {
        return SpreadsheetCell.text(value);
    }

    /** A plain decimal as a number cell, written as it is; anything else (NaN) as text. */
    private static Object number(String decimal) {
        return decimal.matches("-?[0-9]+(\\.[0-9]+)?") ? new BigDecimal(decimal) : text(decimal);
    }
}

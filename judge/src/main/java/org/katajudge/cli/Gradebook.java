package org.katajudge.cli;

import org.katajudge.report.ClassResults.NotGraded;
import org.katajudge.report.SafeText;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.scoring.Points;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The gradebook ({@code grade --csv FILE}): one row per submission, for a spreadsheet. Columns:
 * student, submission, kata, verdict, score, max_score, passed, tests, random_cases, seconds,
 * message. A submission an interrupted run did not grade still has its row, with verdict
 * {@code NOT_GRADED} and empty numbers, so no student goes missing from the sheet.
 *
 * <p>RFC 4180 with CRLF line ends; every cell on one line (line breaks and control characters
 * shown as {@code \n}, {@code \x1b}); a cell that a spreadsheet would run as a formula ({@code =},
 * {@code +}, {@code -}, {@code @} first) starts with an apostrophe; optionally a UTF-8 byte order
 * mark, without which Excel reads UTF-8 names such as "Zoë Ørsted" as Windows-1252.
 */
final class Gradebook {

    static final String HEADER =
            "student,submission,kata,verdict,score,max_score,passed,tests,random_cases,seconds,message";
    static final String NOT_GRADED = "NOT_GRADED";
    private static final char BOM = '\uFEFF';

    private Gradebook() {
    }

    static String csv(List<SubmissionResult> results) {
        return csv(results, List.of(), "", false);
    }

    /**
     * @param notGraded submissions without a result, each with a row saying {@code why}
     * @param bom       start with a UTF-8 byte order mark
     */
    static String csv(List<SubmissionResult> results, List<NotGraded> notGraded, String why, boolean bom) {
        List<String[]> rows = new ArrayList<>();
        for (SubmissionResult result : results) {
            // Random tests of an examples-only method do not exist: not counted (the message says so).
            List<TestOutcome> tests = result.tests().stream().filter(t -> !TestOutcome.isNoRandomTests(t)).toList();
            long passed = tests.stream().filter(t -> t.status() == TestOutcome.Status.PASSED).count();
            rows.add(new String[] {result.student(), result.submission(), result.kata(), result.verdict().name(),
                    number(result.score()), number(result.maxScore()), String.valueOf(passed),
                    String.valueOf(tests.size()), String.valueOf(result.cases()),
                    String.format(Locale.ROOT, "%.2f", result.timings().totalMillis() / 1000.0), result.message()});
        }
        for (NotGraded submission : notGraded) {
            rows.add(new String[] {submission.student(), submission.submission(), submission.kata(), NOT_GRADED,
                    "", "", "", "", "", "", why});
        }
        rows.sort(Comparator.comparing(row -> row[1])); // by submission, as the other reports
        StringBuilder csv = new StringBuilder();
        if (bom) {
            csv.append(BOM);
        }
        csv.append(HEADER).append("\r\n");
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                csv.append(i == 0 ? "" : ",").append(field(row[i]));
            }
            csv.append("\r\n");
        }
        return csv.toString();
    }

    /**
     * Points as a spreadsheet reads them: a dot, no thousands separator, no exponent, up to 4
     * decimals, cut rather than rounded, so that only full marks read as full marks.
     */
    static String number(double value) {
        return Points.format(value, 4);
    }

    /** One line, no formula; RFC 4180: quoted when it holds a comma or a quote, quotes doubled. */
    private static String field(String text) {
        String value = text == null ? "" : SafeText.oneLine(text);
        if (!value.isEmpty() && "=+-@".indexOf(value.charAt(0)) >= 0 && !value.matches("[-+]?[0-9.]+")) {
            value = "'" + value;
        }
        return value.matches("[^,\"\r\n]*") ? value : '"' + value.replace("\"", "\"\"") + '"';
    }
}

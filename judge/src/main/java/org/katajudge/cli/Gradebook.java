package org.katajudge.cli;

import org.katajudge.report.SafeText;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The gradebook ({@code grade --csv FILE}): one row per submission, for a spreadsheet.
 * Columns: submission, kata, verdict, tests passed, tests, random cases, seconds, message. Every
 * cell is one line ({@link SafeText#oneLine}: line breaks and control characters shown, not
 * obeyed), and a cell a spreadsheet would take for a formula is quoted as text.
 */
final class Gradebook {

    private Gradebook() {
    }

    static String csv(List<SubmissionResult> results) {
        StringBuilder csv = new StringBuilder("submission,kata,verdict,passed,tests,random_cases,seconds,message\r\n");
        for (SubmissionResult result : results) {
            long passed = result.tests().stream().filter(t -> t.status() == TestOutcome.Status.PASSED).count();
            csv.append(String.join(",", field(result.submission()), field(result.kata()), result.verdict().name(),
                    String.valueOf(passed), String.valueOf(result.tests().size()), String.valueOf(result.cases()),
                    String.format(Locale.ROOT, "%.2f", result.timings().totalMillis() / 1000.0),
                    field(result.message()))).append("\r\n");
        }
        return csv.toString();
    }

    static void write(Path file, List<SubmissionResult> results) throws UsageException {
        OutputFile.write(file, csv(results), "the gradebook");
    }

    /**
     * RFC 4180: quoted when it holds a comma or a quote; quotes doubled. One line, whatever the
     * text held; text that starts like a formula ({@code =}, {@code +}, {@code -}, {@code @})
     * starts with an apostrophe, so a spreadsheet shows it instead of computing it.
     */
    static String field(String text) {
        String value = text == null ? "" : SafeText.oneLine(text);
        if (!value.isEmpty() && "=+-@".indexOf(value.charAt(0)) >= 0) {
            value = "'" + value;
        }
        return value.matches("[^,\"]*") ? value : '"' + value.replace("\"", "\"\"") + '"';
    }
}

package org.katajudge.cli;

import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The gradebook ({@code grade --csv FILE}): one row per submission, for a spreadsheet.
 * Columns: submission, kata, verdict, tests passed, tests, random cases, seconds, message.
 */
final class Gradebook {

    private Gradebook() {
    }

    static String csv(List<SubmissionResult> results) {
        StringBuilder csv = new StringBuilder("submission,kata,verdict,passed,tests,random_cases,seconds,message\r\n");
        for (SubmissionResult result : results) {
            // Random tests of an examples-only method do not exist: not counted (the message says so).
            List<TestOutcome> tests = result.tests().stream().filter(t -> !TestOutcome.isNoRandomTests(t)).toList();
            long passed = tests.stream().filter(t -> t.status() == TestOutcome.Status.PASSED).count();
            csv.append(String.join(",", field(result.submission()), field(result.kata()), result.verdict().name(),
                    String.valueOf(passed), String.valueOf(tests.size()), String.valueOf(result.cases()),
                    String.format(Locale.ROOT, "%.2f", result.timings().totalMillis() / 1000.0),
                    field(result.message()))).append("\r\n");
        }
        return csv.toString();
    }

    static void write(Path file, List<SubmissionResult> results) throws UsageException {
        OutputFile.write(file, csv(results), "the gradebook");
    }

    /** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
    private static String field(String text) {
        String value = text == null ? "" : text;
        return value.matches("[^,\"\r\n]*") ? value : '"' + value.replace("\"", "\"\"") + '"';
    }
}

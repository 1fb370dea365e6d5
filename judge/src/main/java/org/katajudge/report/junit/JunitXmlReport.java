package org.katajudge.report.junit;

import org.katajudge.report.CaseText;
import org.katajudge.report.ClassResults;
import org.katajudge.report.Counterexample;
import org.katajudge.report.ReportWriter;
import org.katajudge.report.SafeText;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestKind;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * JUnit XML ({@code TEST-kata-judge.xml}) for CI tools, in the schema Maven Surefire writes and
 * Jenkins reads: one {@code <testsuite>}, one {@code <testcase>} per test of each submission
 * (classname: the submission's path; name: the test, as in the JSON report).
 *
 * <p>Its counts are the judge's own: a test that {@code FAILED} is one {@code <failure>} when
 * its submission's verdict is {@code WRONG_ANSWER} and one {@code <error>} for every other
 * verdict (run time error, limits, compile error, rejected, the judge's own error); a test that
 * was {@code NOT_RUN} is {@code <skipped>}; a test that passed has neither. A verdict that no test
 * carries (the judge could not grade at all) becomes one more test, {@code verdict}, in error,
 * so no failing submission is ever missing from the report.
 *
 * <p>The case behind the verdict is drawn in the body of the failure of the test it failed,
 * with what the submission printed in that test's {@code <system-out>}. All text that came
 * from a submission goes through {@link SafeText}, and nothing outside XML 1.0's characters
 * is written.
 */
public final class JunitXmlReport implements ReportWriter {

    /** The file name, as Surefire names its reports. */
    public static final String FILE_NAME = "TEST-kata-judge.xml";
    /** A testcase for a verdict no test carries. */
    static final String VERDICT_TEST = "verdict";

    private static final int MAX_OUTPUT_CHARS = 64 * 1024;

    /** Writes {@link #FILE_NAME} into the folder {@code target}, the results as the run shows them. */
    @Override
    public void write(ClassResults results, Path target) throws IOException {
        ReportWriter.writeFile(target.resolve(FILE_NAME), xml(results.shown(), results.elapsed().toMillis() / 1000.0));
    }

    /**
     * The counts a report's {@code <testsuite>} carries.
     *
     * @param tests    every testcase
     * @param failures tests failed by a wrong answer
     * @param errors   tests failed otherwise
     * @param skipped  tests not run
     */
    public record Counts(int tests, int failures, int errors, int skipped) {

        public static Counts of(List<SubmissionResult> results) {
            int tests = 0;
            int failures = 0;
            int errors = 0;
            int skipped = 0;
            for (SubmissionResult result : results) {
                for (TestOutcome test : result.tests()) {
                    tests++;
                    if (test.status() == TestOutcome.Status.FAILED) {
                        if (result.verdict() == Verdict.WRONG_ANSWER) {
                            failures++;
                        } else {
                            errors++;
                        }
                    } else if (test.status() == TestOutcome.Status.NOT_RUN) {
                        skipped++;
                    }
                }
                if (untold(result)) {
                    tests++;
                    errors++;
                }
            }
            return new Counts(tests, failures, errors, skipped);
        }
    }

    /**
     * The report for these results.
     *
     * @param seconds how long the run took, for the suite's {@code time}
     */
    public static String xml(List<SubmissionResult> results, double seconds) {
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newInstance().createXMLStreamWriter(text);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            Counts counts = Counts.of(results);
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", "kata-judge");
            xml.writeAttribute("tests", String.valueOf(counts.tests()));
            xml.writeAttribute("failures", String.valueOf(counts.failures()));
            xml.writeAttribute("errors", String.valueOf(counts.errors()));
            xml.writeAttribute("skipped", String.valueOf(counts.skipped()));
            xml.writeAttribute("time", seconds(seconds));
            properties(xml, results);
            for (SubmissionResult result : results) {
                submission(xml, result);
            }
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write JUnit XML", e); // a StringWriter does not fail
        }
        return text.toString();
    }

    private static void properties(XMLStreamWriter xml, List<SubmissionResult> results) throws XMLStreamException {
        if (results.isEmpty()) {
            return;
        }
        xml.writeCharacters("\n  ");
        xml.writeStartElement("properties");
        property(xml, "katajudge.seed", String.valueOf(results.get(0).seed()));
        results.stream().map(SubmissionResult::isolation).filter(i -> i != null).findFirst()
                .ifPresent(isolation -> {
                    try {
                        property(xml, "katajudge.isolation", isolation.description());
                    } catch (XMLStreamException e) {
                        throw new IllegalStateException(e);
                    }
                });
        xml.writeCharacters("\n  ");
        xml.writeEndElement();
    }

    private static void property(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
        xml.writeCharacters("\n    ");
        xml.writeEmptyElement("property");
        xml.writeAttribute("name", name);
        xml.writeAttribute("value", attribute(value));
    }

    private static void submission(XMLStreamWriter xml, SubmissionResult result) throws XMLStreamException {
        List<TestOutcome> tests = result.tests();
        int withCase = testWithCase(result);
        long ran = tests.stream().filter(t -> t.kind() != TestKind.COMPILE && t.status() != TestOutcome.Status.NOT_RUN).count();
        double compileSeconds = result.timings() == null ? 0 : result.timings().compileMillis() / 1000.0;
        // the judge times a submission, not each test: its run time is shared by the tests that ran
        double runSeconds = result.timings() == null || ran == 0 ? 0 : result.timings().runMillis() / 1000.0 / ran;
        for (int i = 0; i < tests.size(); i++) {
            TestOutcome test = tests.get(i);
            double time = test.kind() == TestKind.COMPILE ? compileSeconds
                    : test.status() == TestOutcome.Status.NOT_RUN ? 0 : runSeconds;
            xml.writeCharacters("\n  ");
            xml.writeStartElement("testcase");
            xml.writeAttribute("name", attribute(test.name()));
            xml.writeAttribute("classname", attribute(result.submission()));
            xml.writeAttribute("time", seconds(time));
            if (test.status() == TestOutcome.Status.FAILED) {
                problem(xml, result, message(result, test.message()), i == withCase ? result.counterexample() : null);
            } else if (test.status() == TestOutcome.Status.NOT_RUN) {
                xml.writeCharacters("\n    ");
                xml.writeEmptyElement("skipped");
                xml.writeAttribute("message", attribute(test.message() == null ? "not run" : test.message()));
            }
            if (i == withCase || (withCase < 0 && i == 0 && !untold(result))) {
                output(xml, result);
            }
            xml.writeCharacters("\n  ");
            xml.writeEndElement();
        }
        if (untold(result)) {
            xml.writeCharacters("\n  ");
            xml.writeStartElement("testcase");
            xml.writeAttribute("name", VERDICT_TEST);
            xml.writeAttribute("classname", attribute(result.submission()));
            xml.writeAttribute("time", seconds(result.timings() == null ? 0 : result.timings().totalMillis() / 1000.0));
            problem(xml, result, message(result, result.message()), result.counterexample());
            output(xml, result);
            xml.writeCharacters("\n  ");
            xml.writeEndElement();
        }
    }

    /** One {@code <failure>} (wrong answer) or {@code <error>} (anything else), with the case drawn when there is one. */
    private static void problem(XMLStreamWriter xml, SubmissionResult result, String message, Counterexample example)
            throws XMLStreamException {
        xml.writeCharacters("\n    ");
        xml.writeStartElement(result.verdict() == Verdict.WRONG_ANSWER ? "failure" : "error");
        xml.writeAttribute("message", attribute(message));
        xml.writeAttribute("type", result.verdict().name());
        StringBuilder body = new StringBuilder(result.verdict().words()).append(": ")
                .append(SafeText.printable(result.message() == null ? "" : result.message())).append('\n');
        if (example != null) {
            body.append(CaseText.of(example));
        }
        result.diagnostics().forEach(d -> body.append(SafeText.printable(d)).append('\n'));
        xml.writeCharacters(text(body.toString()));
        xml.writeEndElement();
    }

    private static void output(XMLStreamWriter xml, SubmissionResult result) throws XMLStreamException {
        if (result.output() == null || result.output().text().isEmpty()) {
            return;
        }
        String printed = SafeText.printable(SafeText.clip(result.output().text(), MAX_OUTPUT_CHARS));
        xml.writeCharacters("\n    ");
        xml.writeStartElement("system-out");
        xml.writeCharacters(text(printed + (result.output().truncated()
                ? "\n(printed " + result.output().size() + " bytes in all; the rest was not kept)" : "")));
        xml.writeEndElement();
    }

    /** A failed test's message; the judge's own failure says it is the judge's. */
    private static String message(SubmissionResult result, String message) {
        String text = message == null ? result.verdict().words() : message;
        return result.verdict() == Verdict.JUDGE_ERROR ? "kata-judge failed, not the submission: " + text : text;
    }

    /** The index of the failed test whose case is the counterexample, else of the first failed test, else -1. */
    private static int testWithCase(SubmissionResult result) {
        List<TestOutcome> tests = result.tests();
        Counterexample example = result.counterexample();
        int firstFailed = -1;
        for (int i = 0; i < tests.size(); i++) {
            TestOutcome test = tests.get(i);
            if (test.status() != TestOutcome.Status.FAILED) {
                continue;
            }
            if (firstFailed < 0) {
                firstFailed = i;
            }
            if (example != null && (example.example() != null
                    ? test.kind() == TestKind.EXAMPLE && test.name().equals("example: " + example.example())
                    : test.kind() == TestKind.RANDOM && example.method().equals(test.method()))) {
                return i;
            }
        }
        return firstFailed;
    }

    /** A verdict that is not ACCEPTED, yet no test failed: it gets a testcase of its own. */
    static boolean untold(SubmissionResult result) {
        return result.verdict() != Verdict.ACCEPTED
                && result.tests().stream().noneMatch(t -> t.status() == TestOutcome.Status.FAILED);
    }

    private static String seconds(double seconds) {
        return String.format(Locale.ROOT, "%.3f", seconds);
    }

    /** One line, safe, and only XML characters: attribute values are normalized by parsers anyway. */
    private static String attribute(String value) {
        return xmlChars(SafeText.oneLine(SafeText.clip(value == null ? "" : value, 4000)));
    }

    private static String text(String value) {
        return xmlChars(value);
    }

    /**
     * What {@link SafeText} leaves that XML 1.0 still forbids (a lone surrogate, U+FFFE, U+FFFF)
     * made visible the same way: {@code \ud800}.
     */
    static String xmlChars(String text) {
        StringBuilder safe = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
            boolean bad = !pair && (Character.isSurrogate(c) || c == 0xfffe || c == 0xffff
                    || (c < 0x20 && c != '\n' && c != '\t' && c != '\r'));
            if (bad && safe == null) {
                safe = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (safe != null) {
                if (bad) {
                    safe.append(String.format("\\u%04x", (int) c));
                } else {
                    safe.append(c);
                    if (pair) {
                        safe.append(text.charAt(i + 1));
                    }
                }
            }
            if (pair) {
                i++;
            }
        }
        return safe == null ? text : safe.toString();
    }
}

package org.katajudge.report.junit;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.jupiter.api.Test;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.Counterexample;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;
import org.katajudge.report.Timings;
import org.katajudge.report.Verdict;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JUnit XML writer on results of every kind, checked against Surefire's schema. */
class JunitXmlReportTest {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @Test
    void countsAreTheJudgesAndEachFailingTestHasExactlyOneFailureOrError() {
        List<SubmissionResult> results = List.of(
                result("s/accepted", Verdict.ACCEPTED, null, "",
                        TestOutcome.compile(Status.PASSED, null),
                        TestOutcome.example("d3", "isLight", Status.PASSED, null),
                        TestOutcome.random("isLight", Status.PASSED, null, 64, true)),
                result("s/wrong", Verdict.WRONG_ANSWER, example("d3"), "",
                        TestOutcome.compile(Status.PASSED, null),
                        TestOutcome.example("d3", "isLight", Status.FAILED, "isLight returned false, expected true"),
                        TestOutcome.random("isLight", Status.FAILED, "isLight returned false, expected true (after 3 random cases)", 3, false)),
                result("s/crash", Verdict.RUNTIME_ERROR, example("d3"), "",
                        TestOutcome.compile(Status.PASSED, null),
                        TestOutcome.example("d3", "isLight", Status.FAILED, "isLight: java.lang.StackOverflowError"),
                        TestOutcome.random("isLight", Status.NOT_RUN, "not run: runtime error", 0, false)),
                result("s/syntax", Verdict.COMPILE_ERROR, null, "",
                        TestOutcome.compile(Status.FAILED, "compile error: SquareColor.java:4:50: ';' expected"),
                        TestOutcome.example("d3", "isLight", Status.NOT_RUN, "not run: compile error"),
                        TestOutcome.random("isLight", Status.NOT_RUN, "not run: compile error", 0, false)),
                result("s/judge-broke", Verdict.JUDGE_ERROR, null, ""));

        Document xml = JunitXsd.assertValid(JunitXmlReport.xml(results, 1.5));
        Element suite = xml.getDocumentElement();
        assertEquals("13", suite.getAttribute("tests"), "12 tests and one for the verdict no test carries");
        assertEquals("2", suite.getAttribute("failures"), "the wrong answer's two failed tests");
        assertEquals("3", suite.getAttribute("errors"), "the crash, the compile error, the judge's own");
        assertEquals("3", suite.getAttribute("skipped"));
        assertEquals(new JunitXmlReport.Counts(13, 2, 3, 3), JunitXmlReport.Counts.of(results));

        NodeList cases = suite.getElementsByTagName("testcase");
        assertEquals(13, cases.getLength());
        for (int i = 0; i < cases.getLength(); i++) {
            Element test = (Element) cases.item(i);
            int problems = test.getElementsByTagName("failure").getLength() + test.getElementsByTagName("error").getLength();
            assertTrue(problems <= 1, "at most one failure or error per test: " + test.getAttribute("name"));
        }
        Element wrongExample = testcase(xml, "s/wrong", "example: d3");
        Element failure = (Element) wrongExample.getElementsByTagName("failure").item(0);
        assertEquals("WRONG_ANSWER", failure.getAttribute("type"));
        assertEquals("isLight returned false, expected true", failure.getAttribute("message"));
        assertTrue(failure.getTextContent().contains("input (example \"d3\"), isLight:\n    square d3\nexpected: true\nactual:   false"),
                failure.getTextContent());
        assertTrue(failure.getTextContent().contains("replay:   java -jar judge.jar grade s/wrong"), failure.getTextContent());
        Element wrongRandom = testcase(xml, "s/wrong", "random: isLight");
        assertFalse(wrongRandom.getTextContent().contains("input ("), "the case is drawn once, under the test it failed");

        Element crash = (Element) testcase(xml, "s/crash", "example: d3").getElementsByTagName("error").item(0);
        assertEquals("RUNTIME_ERROR", crash.getAttribute("type"));
        assertEquals(1, testcase(xml, "s/crash", "random: isLight").getElementsByTagName("skipped").getLength());
        assertEquals("COMPILE_ERROR", ((Element) testcase(xml, "s/syntax", "compile").getElementsByTagName("error").item(0))
                .getAttribute("type"));
        Element judge = (Element) testcase(xml, "s/judge-broke", "verdict").getElementsByTagName("error").item(0);
        assertEquals("JUDGE_ERROR", judge.getAttribute("type"));
        assertTrue(judge.getAttribute("message").startsWith("kata-judge failed, not the submission: "), judge.getAttribute("message"));
    }

    @Test
    void whatASubmissionPrintedIsInSystemOutMadeSafeAndTheDocumentStaysValid() {
        String hostile = "ok\u0000\u001b[2J\u0007 \ud800 lone \uffff end \ud83d\ude00 ]]> </testcase> & <x>";
        SubmissionResult result = result("s/hostile-\u001b[31m", Verdict.WRONG_ANSWER, example("d3"), hostile,
                TestOutcome.compile(Status.PASSED, null),
                TestOutcome.example("d3", "isLight", Status.FAILED, "isLight returned \"\u0000\u202e\", expected true"));
        String text = JunitXmlReport.xml(List.of(result), 0.2);
        Document xml = JunitXsd.assertValid(text);
        Element out = (Element) xml.getElementsByTagName("system-out").item(0);
        assertEquals("ok\\x00\\x1b[2J\\x07 \\ud800 lone \\uffff end \ud83d\ude00 ]]> </testcase> & <x>", out.getTextContent());
        Element test = (Element) xml.getElementsByTagName("testcase").item(1);
        assertEquals("s/hostile-\\x1b[31m", test.getAttribute("classname"));
        assertEquals("isLight returned \"\\x00\\u202e\", expected true",
                ((Element) test.getElementsByTagName("failure").item(0)).getAttribute("message"));
    }

    private static Element testcase(Document xml, String classname, String name) {
        NodeList cases = xml.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element test = (Element) cases.item(i);
            if (test.getAttribute("classname").equals(classname) && test.getAttribute("name").equals(name)) {
                return test;
            }
        }
        throw new AssertionError("no testcase " + classname + " " + name);
    }

    private static Counterexample example(String square) {
        return new Counterexample("isLight", square, JSON.arrayNode().add(square), JSON.booleanNode(true),
                JSON.booleanNode(false), null, "a light square", "square " + square, null, 0, "java -jar judge.jar grade s/wrong");
    }

    private static SubmissionResult result(String path, Verdict verdict, Counterexample example, String output,
                                           TestOutcome... tests) {
        return new SubmissionResult(path, path, "chess-square-color", verdict, verdict.words() + " on example \"d3\"",
                0, 0, List.of(tests), 3, 0, new Timings(100, 200, 300),
                new CapturedOutput(output, false, output.length()), example, List.of(), List.of(), List.of(),
                new SubmissionResult.Isolation("none", "no isolation"));
    }
}

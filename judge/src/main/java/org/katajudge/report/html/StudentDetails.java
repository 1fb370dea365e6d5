package org.katajudge.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import org.katajudge.report.ClassResults;
import org.katajudge.report.Counterexample;
import org.katajudge.report.ResultText;
import org.katajudge.report.StudentView;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;

import java.util.List;

/**
 * The class report's section for each student: verdict, points, message, what the judge did to
 * the sources, the failing case (its board drawn, expected and actual, the rule, how to try it
 * and replay it) and the tests, the passed ones folded away.
 */
final class StudentDetails {

    private StudentDetails() {
    }

    /** Every student's section, in the order of {@code shown}. */
    static void all(StringBuilder html, List<SubmissionResult> shown, ClassResults results) {
        html.append("<section id=\"details\">\n<h2>Details</h2>\n");
        for (int i = 0; i < shown.size(); i++) {
            SubmissionResult result = shown.get(i);
            html.append("<article class=\"student\" id=\"s-").append(i).append("\" data-verdict=\"")
                    .append(result.verdict().name()).append("\">\n<h3>").append(Html.text(result.student(), 200))
                    .append(' ').append(ClassReport.badge(result.verdict())).append("</h3>\n<p class=\"muted\">")
                    .append(Html.text(result.kata())).append(" &middot; ").append(Html.text(result.submission(), 500))
                    .append(" &middot; ").append(ResultText.points(result.score())).append(" of ")
                    .append(ResultText.points(result.maxScore())).append(" points &middot; ")
                    .append(ResultText.passed(result)).append("</p>\n<p class=\"message\">")
                    .append(Html.text(result.message(), ClassReport.MAX_TEXT)).append("</p>\n");
            if (!result.notes().isEmpty()) {
                html.append("<p>Before grading, the judge:</p>\n<ul class=\"notes\">\n");
                result.notes().forEach(n -> html.append("<li>").append(Html.text(n, ClassReport.MAX_TEXT)).append("</li>\n"));
                html.append("</ul>\n");
            }
            if (!result.diagnostics().isEmpty()) {
                html.append("<pre class=\"diagnostics\">").append(Html.text(ResultText.diagnostics(result.diagnostics())))
                        .append("</pre>\n");
            }
            Counterexample example = result.counterexample();
            if (example != null) {
                html.append("<h4>The failing case").append(!results.studentView() && StudentView.hiddenCase(result)
                        ? " <span class=\"hidden-tag\">from a hidden test: students do not see it</span>" : "")
                        .append("</h4>\n");
                board(html, result, example, results, "case");
                caseFacts(html, result, example, results);
            }
            tests(html, result);
            String printed = ResultText.output(result.output());
            if (printed != null) {
                html.append("<p>It printed:</p>\n<pre class=\"output\">").append(Html.text(printed)).append("</pre>\n");
            }
            html.append("</article>\n");
        }
        html.append("</section>\n");
    }

    /** The case's board: the kata's SVG drawing, or the text drawing when it has none. */
    static void board(StringBuilder html, SubmissionResult result, Counterexample example, ClassResults results,
                              String role) {
        String svg = results.views().svg(result.kata(), example);
        html.append("<figure class=\"board ").append(role).append("\" data-kata=\"").append(Html.text(result.kata()))
                .append("\" data-drawing=\"").append(svg != null ? "svg" : "text").append("\">");
        if (svg != null) {
            html.append(svg); // drawn by the kata from the case's arguments, its text XML-escaped
        } else {
            html.append("<pre class=\"board-text\">").append(Html.text(example.input(), 20_000)).append("</pre>");
        }
        html.append("<figcaption>").append(Html.text(example.method()))
                .append(example.example() != null ? ", example \"" + Html.text(example.example()) + "\"" : ", a generated case")
                .append("</figcaption></figure>\n");
    }

    private static void caseFacts(StringBuilder html, SubmissionResult result, Counterexample example, ClassResults results) {
        html.append("<dl class=\"case\">\n<dt>expected</dt><dd><code>").append(Html.text(json(example.expected()), ClassReport.MAX_TEXT))
                .append("</code></dd>\n");
        if (example.actual() != null) {
            html.append("<dt>actual</dt><dd><code>").append(Html.text(json(example.actual()), ClassReport.MAX_TEXT)).append("</code></dd>\n");
        } else {
            html.append("<dt>instead</dt><dd><pre>").append(Html.text(example.error(), ClassReport.MAX_TEXT)).append("</pre></dd>\n");
        }
        html.append("<dt>why</dt><dd>").append(Html.text(example.reason(), ClassReport.MAX_TEXT)).append("</dd>\n");
        if (example.rule() != null) {
            html.append("<dt>rule</dt><dd class=\"rule\">").append(Html.text(example.rule().toString())).append("</dd>\n");
        }
        String snippet = results.views().javaSnippet(result.kata(), example, String.valueOf(example.expected()));
        if (snippet != null) {
            html.append("<dt>try it</dt><dd><pre><code>").append(Html.text(snippet, ClassReport.MAX_TEXT))
                    .append("</code></pre></dd>\n");
        }
        html.append("<dt>replay</dt><dd><code>").append(Html.text(example.replay(), ClassReport.MAX_TEXT)).append("</code></dd>\n</dl>\n");
        if (example.history() != null && !example.history().isEmpty()) {
            html.append("<p>after these calls in the same run:</p>\n<ol class=\"history\">\n");
            example.history().forEach(c -> html.append("<li><code>").append(Html.text(c.method()))
                    .append(Html.text(json(c.args()), ClassReport.MAX_TEXT)).append("</code></li>\n"));
            html.append("</ol>\n");
        }
    }

    /** The tests that did not pass in a table; the passed ones folded away (a kata can have seventy). */
    private static void tests(StringBuilder html, SubmissionResult result) {
        List<TestOutcome> open = result.tests().stream().filter(t -> t.status() != TestOutcome.Status.PASSED).toList();
        List<TestOutcome> passed = result.tests().stream().filter(t -> t.status() == TestOutcome.Status.PASSED).toList();
        if (!open.isEmpty()) {
            testTable(html, open);
        }
        if (!passed.isEmpty()) {
            html.append("<details class=\"passed\"><summary>").append(passed.size()).append(" test")
                    .append(passed.size() == 1 ? "" : "s").append(" passed</summary>\n");
            testTable(html, passed);
            html.append("</details>\n");
        }
    }

    private static void testTable(StringBuilder html, List<TestOutcome> tests) {
        html.append("<table class=\"tests\">\n<thead><tr><th>test</th><th>result</th><th>points</th></tr></thead>\n<tbody>\n");
        for (TestOutcome test : tests) {
            html.append("<tr data-status=\"").append(test.status().name()).append('"')
                    .append(test.hidden() ? " data-hidden=\"true\"" : "").append("><td>").append(Html.text(test.name()))
                    .append(test.hidden() ? " <span class=\"hidden-tag\">hidden</span>" : "").append("</td><td>")
                    .append(ResultText.status(test))
                    .append(test.message() != null ? ": " + Html.text(ResultText.message(test), ClassReport.MAX_TEXT) : "")
                    .append("</td><td class=\"num\">").append(ResultText.points(test.points())).append(" / ")
                    .append(ResultText.points(test.maxPoints())).append("</td></tr>\n");
        }
        html.append("</tbody>\n</table>\n");
    }

    private static String json(JsonNode node) {
        return node == null ? "null" : node.toString();
    }
}

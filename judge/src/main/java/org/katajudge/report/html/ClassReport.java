package org.katajudge.report.html;

import org.katajudge.report.ClassResults;
import org.katajudge.report.Counterexample;
import org.katajudge.report.ReportWriter;
import org.katajudge.report.ResultText;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.Verdict;
import org.katajudge.similarity.SimilarityReport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The class report ({@code grade --html FILE}): one self-contained HTML page a teacher opens
 * from disk, offline. A summary (students, verdicts, the score distribution as a chart), common
 * mistakes (students grouped by what is true of each one's failing cases: {@link CommonMistakes}), a sortable, filterable
 * table of students, and each student's details with the failing board drawn as SVG
 * ({@link StudentDetails}).
 *
 * <p>Nothing is fetched: the CSS and the script are inline, the charts and boards are inline
 * SVG, and a Content-Security-Policy allows exactly that inline style and script (by hash), so
 * even text that escaped escaping could neither run nor load anything. All submission text is
 * HTML-escaped ({@link Html}).
 */
public final class ClassReport implements ReportWriter {

    private static final String CSS = resource("report.css");
    private static final String SCRIPT = resource("report.js");
    /** Most characters of a message or an answer shown on the page. */
    static final int MAX_TEXT = 2000;

    private final Optional<SimilarityReport> similarity;

    /** The class report. */
    public ClassReport() {
        this(Optional.empty());
    }

    /**
     * The class report with a section on similar hand-ins ({@code grade --similarity}), which
     * the teacher's view alone shows.
     */
    public ClassReport(Optional<SimilarityReport> similarity) {
        this.similarity = similarity;
    }

    @Override
    public void write(ClassResults results, Path target) throws IOException {
        ReportWriter.writeFile(target, page(results, Instant.now(), similarity));
    }

    /** The whole page. */
    public static String page(ClassResults results, Instant generated) {
        return page(results, generated, Optional.empty());
    }

    /** The whole page, with the similarity section when given and the view is the teacher's. */
    public static String page(ClassResults results, Instant generated, Optional<SimilarityReport> similarity) {
        List<SubmissionResult> shown = results.shown();
        // never in what students see, whatever the caller passes
        Optional<SimilarityReport> section = results.studentView() ? Optional.empty() : similarity;
        StringBuilder html = new StringBuilder(64 * 1024);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src '")
                .append(sha256(CSS)).append("'; script-src '").append(sha256(SCRIPT))
                .append("'; img-src data:; base-uri 'none'; form-action 'none'\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<link rel=\"icon\" href=\"data:,\">\n")
                .append("<title>kata-judge class report").append(results.studentView() ? " (student view)" : "")
                .append("</title>\n<style>").append(CSS).append("</style>\n</head>\n<body>\n");
        header(html, results, shown, generated, section.isPresent());
        summary(html, shown);
        mistakes(html, shown, results);
        table(html, shown);
        section.ifPresent(report -> {
            Map<String, Integer> students = new HashMap<>();
            for (int i = 0; i < shown.size(); i++) {
                students.putIfAbsent(shown.get(i).submission(), i);
            }
            SimilaritySection.append(html, report, students);
        });
        StudentDetails.all(html, shown, results);
        html.append("<script>").append(SCRIPT).append("</script>\n</body>\n</html>\n");
        return html.toString();
    }

    private static void header(StringBuilder html, ClassResults results, List<SubmissionResult> shown, Instant generated,
                               boolean similarity) {
        html.append("<header>\n<h1>Class report</h1>\n<p class=\"muted\">")
                .append(shown.size()).append(shown.size() == 1 ? " student" : " students")
                .append(" &middot; katas: ").append(Html.text(String.join(", ",
                        shown.stream().map(SubmissionResult::kata).distinct().sorted().toList())))
                .append(" &middot; seed ").append(results.seed())
                .append(" &middot; graded in ").append(String.format(Locale.ROOT, "%.1f s", results.elapsed().toMillis() / 1000.0))
                .append(" &middot; kata-judge ").append(Html.text(results.judgeVersion()))
                .append(" &middot; ").append(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
                        .format(generated.atOffset(ZoneOffset.UTC)))
                .append(results.studentView() ? " &middot; <strong>student view</strong>: hidden tests show only whether they passed"
                        : " &middot; teacher view: hidden tests shown in full")
                .append("</p>\n<nav><a href=\"#summary\">Summary</a><a href=\"#mistakes\">Common mistakes</a>"
                        + "<a href=\"#students\">Students</a>")
                .append(similarity ? "<a href=\"#similarity\">Similar hand-ins</a>" : "")
                .append("<a href=\"#details\">Details</a></nav>\n</header>\n");
    }

    private static void summary(StringBuilder html, List<SubmissionResult> shown) {
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        shown.forEach(r -> verdicts.merge(r.verdict(), 1, Integer::sum));
        double scores = shown.stream().mapToDouble(r -> r.maxScore() > 0 ? r.score() / r.maxScore() : 0).sum();
        html.append("<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"cards\">\n")
                .append("<div class=\"card\"><div class=\"big\" id=\"student-count\">").append(shown.size())
                .append("</div>students</div>\n")
                .append("<div class=\"card\"><div class=\"big\">").append(verdicts.getOrDefault(Verdict.ACCEPTED, 0))
                .append("</div>accepted</div>\n")
                .append("<div class=\"card\"><div class=\"big\">")
                .append(shown.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * scores / shown.size()))
                .append("</div>mean score</div>\n<div class=\"card\"><ul class=\"verdicts\">\n");
        verdicts.forEach((verdict, count) -> html.append("<li data-verdict=\"").append(verdict.name()).append("\">")
                .append(badge(verdict)).append(' ').append(count).append(' ').append(verdict.words()).append("</li>\n"));
        html.append("</ul></div>\n<figure class=\"card chart\">").append(ScoreChart.svg(shown))
                .append("<figcaption class=\"muted\">students by share of the points</figcaption></figure>\n")
                .append("</div>\n</section>\n");
    }

    private static void mistakes(StringBuilder html, List<SubmissionResult> shown, ClassResults results) {
        CommonMistakes.Mistakes mistakes = CommonMistakes.of(shown, results.views());
        html.append("<section id=\"mistakes\">\n<h2>Common mistakes</h2>\n");
        if (mistakes.groups().isEmpty() && mistakes.others().isEmpty()) {
            html.append("<p>No failures: every student was accepted.</p>\n");
        } else {
            html.append("<p class=\"muted\">Students whose failures have the same thing in common: the same wrong "
                    + "answer on the same kind of case, with the rule the reference cites when their smallest failing case "
                    + "and every example they fail cite it (\"miss <em>rule</em>\": a case that breaks the rule, answered "
                    + "as if it held); else the same dependence on earlier calls, or the same verdict. Each title is true "
                    + "of every student under it.</p>\n");
        }
        if (mistakes.groups().isEmpty() && !mistakes.others().isEmpty()) {
            html.append("<p>No two students fail in the same way.</p>\n");
        }
        for (CommonMistakes.Group group : mistakes.groups()) {
            html.append("<article class=\"mistake\" data-size=\"").append(group.members().size()).append('"');
            claim(html, group.claim());
            html.append(">\n<h3>").append(Html.text(group.title())).append("</h3>\n<p class=\"muted\">")
                    .append(Html.text(group.claim().kata()))
                    .append(group.claim().method() != null ? " &middot; " + Html.text(group.claim().method()) : "")
                    .append("</p>\n<ul class=\"members\">\n");
            for (int index : group.members()) {
                html.append("<li><a href=\"#s-").append(index).append("\">")
                        .append(Html.text(shown.get(index).student(), 200)).append("</a></li>\n");
            }
            html.append("</ul>\n");
            SubmissionResult first = shown.get(group.members().get(0));
            Counterexample example = first.counterexample();
            if (group.claim().expected() != null && example != null) {
                html.append("<p>For example, ").append(Html.text(first.student(), 200)).append(": ")
                        .append(Html.text(example.reason(), MAX_TEXT)).append("</p>\n");
                StudentDetails.board(html, first, example, results, "sample");
            }
            html.append("</article>\n");
        }
        if (!mistakes.others().isEmpty()) {
            html.append("<div class=\"other-failures\">\n<h3>Other failures</h3>\n<ul class=\"members\">\n");
            for (CommonMistakes.Group other : mistakes.others()) {
                int index = other.members().get(0);
                html.append("<li class=\"other\"");
                claim(html, other.claim());
                html.append("><a href=\"#s-").append(index).append("\">").append(Html.text(shown.get(index).student(), 200))
                        .append("</a> (").append(Html.text(other.claim().kata())).append("): ")
                        .append(Html.text(other.claim().predicate(true))).append("</li>\n");
            }
            html.append("</ul>\n</div>\n");
        }
        html.append("</section>\n");
    }

    /** The claim as attributes, so a reader (and a test) can check it against each member's case. */
    private static void claim(StringBuilder html, CommonMistakes.Claim claim) {
        html.append(" data-kata=\"").append(Html.text(claim.kata())).append("\" data-verdict=\"")
                .append(claim.verdict().name()).append('"');
        if (claim.method() != null) {
            html.append(" data-method=\"").append(Html.text(claim.method())).append('"');
        }
        if (claim.rule() != null) {
            html.append(" data-rule=\"").append(Html.text(claim.rule().id())).append("\" data-holds=\"")
                    .append(claim.rule().holds()).append('"');
        }
        if (claim.expected() != null) {
            html.append(" data-expected=\"").append(Html.text(claim.expected().toString(), MAX_TEXT))
                    .append("\" data-actual=\"").append(Html.text(claim.actual().toString(), MAX_TEXT)).append('"');
        }
        if (claim.historyKind() != null) {
            html.append(" data-history=\"").append(Html.text(claim.historyKind())).append('"');
        }
    }

    private static void table(StringBuilder html, List<SubmissionResult> shown) {
        html.append("<section id=\"students\">\n<h2>Students</h2>\n<div class=\"filters\">")
                .append("<label>Filter <input id=\"filter\" type=\"search\" placeholder=\"name, kata, verdict...\"></label>")
                .append("<label>Verdict <select id=\"verdict-filter\"><option value=\"\">all</option>");
        shown.stream().map(SubmissionResult::verdict).distinct().sorted().forEach(v -> html.append("<option value=\"")
                .append(v.name()).append("\">").append(v.words()).append("</option>"));
        html.append("</select></label><span class=\"muted\">showing <span id=\"shown-count\">").append(shown.size())
                .append(" of ").append(shown.size()).append("</span></span></div>\n")
                .append("<table id=\"student-table\">\n<thead><tr>")
                .append("<th tabindex=\"0\" data-type=\"text\">Student</th>")
                .append("<th tabindex=\"0\" data-type=\"text\">Kata</th>")
                .append("<th tabindex=\"0\" data-type=\"text\">Verdict</th>")
                .append("<th tabindex=\"0\" data-type=\"number\">Score</th>")
                .append("<th tabindex=\"0\" data-type=\"number\">Time (s)</th>")
                .append("<th tabindex=\"0\" data-type=\"number\">Tests passed</th>")
                .append("</tr></thead>\n<tbody>\n");
        for (int i = 0; i < shown.size(); i++) {
            SubmissionResult result = shown.get(i);
            long passed = result.tests().stream().filter(t -> t.status() == TestOutcome.Status.PASSED).count();
            double share = result.maxScore() > 0 ? result.score() / result.maxScore() : 0;
            html.append("<tr class=\"student-row\" data-verdict=\"").append(result.verdict().name()).append("\">")
                    .append("<td><a href=\"#s-").append(i).append("\">").append(Html.text(result.student(), 200)).append("</a></td>")
                    .append("<td>").append(Html.text(result.kata())).append("</td>")
                    .append("<td data-value=\"").append(result.verdict().name()).append("\">").append(badge(result.verdict()))
                    .append(' ').append(result.verdict().words()).append("</td>")
                    .append("<td class=\"num\" data-value=\"").append(String.format(Locale.ROOT, "%.4f", share)).append("\">")
                    .append(ResultText.points(result.score())).append(" / ").append(ResultText.points(result.maxScore()))
                    .append("</td>")
                    .append("<td class=\"num\" data-value=\"").append(result.timings().totalMillis()).append("\">")
                    .append(String.format(Locale.ROOT, "%.2f", result.timings().totalMillis() / 1000.0)).append("</td>")
                    .append("<td class=\"num\" data-value=\"").append(passed).append("\">").append(passed).append(" / ")
                    .append(result.tests().size()).append("</td></tr>\n");
        }
        html.append("</tbody>\n</table>\n</section>\n");
    }

    /** A verdict as a small coloured label. */
    static String badge(Verdict verdict) {
        return "<span class=\"badge " + verdict.abbreviation() + "\" title=\"" + verdict.words() + "\">"
                + verdict.abbreviation() + "</span>";
    }

    /** A CSP hash source for an inline element's exact text. */
    static String sha256(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = ClassReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the judge's jar has no " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package org.katajudge.report.html;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.katajudge.TestHome;
import org.katajudge.catalog.KataCaseViews;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.ClassResults;
import org.katajudge.report.HandMade;
import org.katajudge.report.SubmissionResult;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The class report's page from hand-made results: escaping, the student view, the groups, the chart. */
class ClassReportTest {

    private static final String HOSTILE = "<script>alert(1)</script>";

    private static Document page(boolean studentView, SubmissionResult... results) {
        String html = ClassReport.page(new ClassResults(List.of(results), new KataCaseViews(TestHome.catalog()),
                Duration.ofSeconds(5), 0, "test", studentView), Instant.parse("2026-01-01T00:00:00Z"));
        return Jsoup.parse(html);
    }

    @Test
    void aHostileNameAndOutputStayText() {
        SubmissionResult base = HandMade.xiangqiWrong(HOSTILE, "class/x/" + HOSTILE);
        SubmissionResult hostile = new SubmissionResult(base.submission(), HOSTILE, base.kata(), base.verdict(),
                base.message() + " " + HOSTILE, base.score(), base.maxScore(), base.tests(), base.cases(), base.seed(),
                base.timings(), new CapturedOutput("</pre>" + HOSTILE + "<img src=x onerror=alert(2)>", false, 60),
                base.counterexample(), List.of(HOSTILE), List.of(HOSTILE), List.of(), null);
        Document page = page(false, hostile);
        assertEquals(1, page.select("script").size(), "only the report's own script");
        assertEquals(0, page.select("img").size(), "no element from the output");
        assertEquals(HOSTILE, page.selectFirst("#student-table tbody a").text(), "the name is text");
        assertTrue(page.selectFirst("article.student h3").text().startsWith(HOSTILE));
        assertTrue(page.selectFirst("pre.output").text().contains("</pre>" + HOSTILE), "the output is text");
        assertTrue(page.selectFirst("pre.diagnostics").text().contains(HOSTILE));
        assertTrue(page.selectFirst("ul.notes").text().contains(HOSTILE));
        assertFalse(page.outerHtml().contains("<script>alert"), "nowhere as markup");
    }

    @Test
    void nothingIsFetchedAndOnlyTheReportsOwnStyleAndScriptMayRun() {
        Document page = page(false, HandMade.xiangqiWrong("alice", "class/alice"), HandMade.accepted("bob", "knight-moves"));
        String csp = page.selectFirst("meta[http-equiv=Content-Security-Policy]").attr("content");
        assertTrue(csp.startsWith("default-src 'none'; style-src 'sha256-"), csp);
        assertTrue(csp.contains("script-src 'sha256-" + ClassReport.sha256(page.selectFirst("script").data())
                .substring("sha256-".length())), "the script's hash: " + csp);
        assertTrue(csp.contains(ClassReport.sha256(page.selectFirst("style").data())), "the style's hash: " + csp);
        for (Element element : page.select("[src], [href]")) {
            String target = element.hasAttr("src") ? element.attr("src") : element.attr("href");
            assertTrue(target.startsWith("#") || target.startsWith("data:"), "nothing to fetch: " + element);
        }
        assertTrue(page.select("link[rel=stylesheet], script[src]").isEmpty());
    }

    @Test
    void theStudentViewShowsHiddenTestsOnlyAsPassedOrFailed() {
        SubmissionResult hidden = HandMade.safeSpacesHiddenWrong("carol");
        Document teacher = page(false, hidden);
        assertTrue(teacher.text().contains("SECRET-DRAWING") || !teacher.select("figure.board svg").isEmpty(),
                "the teacher sees the hidden case");
        assertEquals(1, teacher.select("figure.board.case").size());
        assertTrue(teacher.select("h4").text().contains("from a hidden test"), "and is told students do not");

        Document student = page(true, hidden);
        assertTrue(student.select("figure.board").isEmpty(), "no board of a hidden case");
        String text = student.text();
        assertFalse(text.contains("SECRET-DRAWING") || text.contains("[[3,0],[0,1]]") || text.contains("expected false"), text);
        Element secret = student.selectFirst("tr[data-hidden=true]");
        assertEquals("FAILED", secret.attr("data-status"));
        assertTrue(student.title().contains("student view"));
    }

    @Test
    void commonMistakesGroupTheStudentsWhoAnswerTheSameCaseTheSameWrongWay() {
        Document page = page(false, HandMade.xiangqiWrong("alice", "c/alice"), HandMade.xiangqiWrong("bob", "c/bob"),
                HandMade.safeSpacesHiddenWrong("carol"), HandMade.compileError("dan", "knight-moves"),
                HandMade.accepted("erin", "knight-moves"));
        List<Element> groups = page.select("article.mistake");
        assertEquals(1, groups.size(), groups::toString);
        Element first = groups.get(0);
        // their failing example "flying" is not one of the kata's, so nothing says it cites flying-general
        assertEquals("2 students answered true where false is expected on chessValidator", first.selectFirst("h3").text());
        assertFalse(first.hasAttr("data-rule"));
        assertEquals("false", first.attr("data-expected"));
        assertEquals("true", first.attr("data-actual"));
        assertEquals(List.of("alice", "bob"), first.select(".members a").eachText());
        assertEquals(1, first.select("figure.board.sample svg").size(), "a board they get wrong");
        List<Element> others = page.select("li.other");
        assertEquals(List.of("carol", "dan"), others.stream().map(o -> o.selectFirst("a").text()).toList(),
                "a mistake no one else makes is listed as an other failure");
        assertEquals("WRONG_ANSWER", others.get(0).attr("data-verdict"));
        assertEquals("COMPILE_ERROR", others.get(1).attr("data-verdict"));
        assertTrue(others.get(1).text().endsWith("with compile error"), others.get(1).text());
        assertEquals(5, page.select("#student-table tbody tr").size());
        assertEquals(5, page.select("article.student").size());
    }

    @Test
    void theScoreChartCountsStudentsPerTenth() {
        SubmissionResult full = HandMade.accepted("a", "k");
        SubmissionResult third = HandMade.xiangqiWrong("b", "c/b"); // 1 of 3
        SubmissionResult none = HandMade.compileError("c", "k");    // 0 of 2
        Document page = page(false, full, third, none);
        assertEquals("1", page.selectFirst("svg.score-chart rect[data-bucket=10]").attr("data-count"));
        assertEquals("1", page.selectFirst("svg.score-chart rect[data-bucket=3]").attr("data-count"));
        assertEquals("1", page.selectFirst("svg.score-chart rect[data-bucket=0]").attr("data-count"));
        assertEquals(10, ScoreChart.bucket(1, 1));
        assertEquals(9, ScoreChart.bucket(0.999, 1));
        assertEquals(0, ScoreChart.bucket(0, 0));
    }
}

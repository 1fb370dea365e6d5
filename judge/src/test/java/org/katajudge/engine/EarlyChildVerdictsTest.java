package org.katajudge.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.katajudge.ReportsCompared;
import org.katajudge.TestHome;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.engine.plan.GradingPlan;
import org.katajudge.engine.plan.Submission;
import org.katajudge.intake.Intake;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A child JVM started while its submission's sources compile is charged and judged as one started
 * once they compiled: the same samples, one verdict of each kind a child gives, graded one at a time
 * (the child starts early) and as a batch larger than the grading threads (it starts after the
 * compile) give the same results, timings aside.
 */
@Execution(ExecutionMode.CONCURRENT)
class EarlyChildVerdictsTest {

    private static final Path SQUARES = TestHome.submissions().resolve("chess-square-color");
    private static final KataCatalog CATALOG = catalog();

    @Test
    void childrenStartedWhileCompilingGiveTheVerdictsOfChildrenStartedAfter() throws Exception {
        List<Path> samples = Stream.of("accepted/parity-formula", "wrong_answer/a1-light-inverted",
                        "compile_error/syntax-error", "rejected/system-exit", "run_time_error/unbounded-recursion",
                        "time_limit_exceeded/infinite-loop")
                .map(SQUARES::resolve).toList();
        Map<String, JsonNode> early = new LinkedHashMap<>();
        Map<String, JsonNode> late = new LinkedHashMap<>();
        try (GradingEngine engine = GradingEngine.open(EngineOptions.defaults().withJobs(1))) {
            for (Path sample : samples) { // one at a time: the child starts while the source compiles
                engine.grade(plan(sample), GradingEvents.NONE, () -> false).resultsByPath()
                        .forEach(result -> early.put(result.submission(), withoutTimings(result)));
            }
            // a batch larger than the grading threads: each child starts once its source compiled
            engine.grade(plan(samples.toArray(Path[]::new)), GradingEvents.NONE, () -> false).resultsByPath()
                    .forEach(result -> late.put(result.submission(), withoutTimings(result)));
        }
        assertEquals(late.keySet(), early.keySet());
        for (String submission : late.keySet()) {
            assertEquals(late.get(submission), early.get(submission), submission);
        }
        assertEquals(Set.of("ACCEPTED", "WRONG_ANSWER", "COMPILE_ERROR", "REJECTED", "RUNTIME_ERROR", "TIME_LIMIT_EXCEEDED"),
                early.values().stream().map(r -> r.get("verdict").asText()).collect(Collectors.toSet()), "every verdict");
    }

    static GradingPlan plan(Path... paths) {
        Map<String, String> classes = new LinkedHashMap<>();
        CATALOG.katas().forEach(kata -> classes.put(kata.id(), kata.spec().className()));
        try {
            List<Submission> submissions = new Intake(classes, Optional.empty()).read(List.of(paths)).handins().stream()
                    .map(Submission::of).toList();
            return GradingPlan.of(submissions, CATALOG, GradingOptions.grading(0, 20));
        } catch (org.katajudge.intake.IntakeException | org.katajudge.scoring.ScoringException e) {
            throw new AssertionError(e);
        }
    }

    /** The result as the JSON report has it, without what measures time (and a deep stack's frame count). */
    private static JsonNode withoutTimings(SubmissionResult result) {
        try {
            return ReportsCompared.withoutTimings(new ObjectMapper().readTree(ReportJson.toJson(result)));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static KataCatalog catalog() {
        try {
            return KataCatalog.load(TestHome.katas());
        } catch (org.katajudge.catalog.CatalogException e) {
            throw new AssertionError(e);
        }
    }
}

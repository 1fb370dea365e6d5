package org.katajudge.engine;

import org.junit.jupiter.api.Test;
import org.katajudge.TestHome;
import org.katajudge.engine.plan.PlannedSubmission;
import org.katajudge.jvm.JvmShutdown;
import org.katajudge.report.SubmissionResult;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A submission in progress when the JVM begins to shut down is not graded, whatever its grading
 * ran into meanwhile: the shutdown hooks run in no order, and the compiler pool's may close the
 * pool before the front end's has cancelled the run (CI, once: an interrupted grade reported a
 * submission as a judge error, "the compiler cannot start: the compiler pool is closed").
 */
class ShutdownDuringGradingTest {

    @Test
    void aSubmissionCutShortByTheJvmsShutdownIsNotGraded() throws Exception {
        Process probe = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dkatajudge.home=" + TestHome.root(),
                "-Dkatajudge.cache=" + System.getProperty("katajudge.cache", "off"), "-XX:TieredStopAtLevel=1",
                Probe.class.getName()).redirectErrorStream(true).start();
        String said = new String(probe.getInputStream().readAllBytes());
        assertTrue(probe.waitFor(120, TimeUnit.SECONDS), "the probe ends");
        assertTrue(said.contains("started"), said);
        assertTrue(said.contains("not graded"), "the submission the shutdown cut short:\n" + said);
        assertFalse(said.contains("result:"), "no result for it:\n" + said);
    }

    @Test
    void noShutdownHasBegunInARunningJvm() {
        assertFalse(JvmShutdown.begun());
        assertFalse(JvmShutdown.begun(), "asking again leaves no hook behind");
    }

    /**
     * Grades one accepted sample and exits as soon as its grading starts (while its compiler
     * worker boots), with no front end to cancel the run: only the engine's own view of the
     * shutdown keeps the compiler pool's closing from becoming the submission's verdict.
     */
    public static final class Probe {
        public static void main(String[] args) throws Exception {
            CountDownLatch started = new CountDownLatch(1);
            GradingEvents events = new GradingEvents() {
                @Override
                public void submissionStarted(PlannedSubmission submission) {
                    System.out.println("started");
                    started.countDown();
                }

                @Override
                public void submissionGraded(PlannedSubmission submission, SubmissionResult result) {
                    System.out.println("result: " + result.verdict() + " " + result.message());
                }

                @Override
                public void submissionNotGraded(PlannedSubmission submission, String why, boolean begun) {
                    System.out.println("not graded (" + why + ")");
                }
            };
            GradingEngine engine = GradingEngine.open(EngineOptions.defaults().withJobs(1));
            Thread grading = new Thread(() -> engine.grade(EarlyChildVerdictsTest.plan(
                    TestHome.submissions().resolve("chess-square-color/accepted/parity-formula")), events, () -> false),
                    "probe-grading");
            // like the command line's hook, which waits for grading to stop before writing the reports
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    grading.join(TimeUnit.SECONDS.toMillis(60));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            grading.start();
            started.await();
            System.exit(0);
        }
    }
}

package org.katajudge.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.engine.plan.Submission;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Timings;
import org.katajudge.report.Verdict;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The queue on its own, with a grader that waits until told and a clock the test moves: its
 * limits (queue full, a student's attempts under way, a student's attempts a minute, each with its
 * Retry-After), and every attempt graded exactly once, across a stop and a start on one store.
 */
class AttemptQueueTest {

    private static final Map<String, String> FILES = Map.of("SquareColor.java",
            "public class SquareColor { public static boolean isLight(String c) { return true; } }");

    @TempDir
    Path dir;

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final Map<String, AtomicInteger> graded = new ConcurrentHashMap<>();
    private volatile CountDownLatch release = new CountDownLatch(1);

    /** Counts each submission's gradings; waits for {@link #release} (returns at once when cancelled). */
    private final AttemptGrader grader = new AttemptGrader() {
        private volatile boolean cancelled;

        @Override
        public SubmissionResult grade(Submission submission, Mode mode, List<SavedCase> extra, TestEvents events) {
            try {
                while (!cancelled && !release.await(10, TimeUnit.MILLISECONDS)) {
                    Thread.onSpinWait();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            graded.computeIfAbsent(submission.displayPath(), p -> new AtomicInteger()).incrementAndGet();
            return new SubmissionResult(submission.displayPath(), submission.student(), submission.kataId(), Verdict.ACCEPTED,
                    "ok", 1, 1, List.of(), 0, 0, new Timings(0, 0, 0), CapturedOutput.NONE, null, List.of(), List.of(),
                    List.of(), null);
        }

        @Override
        public void cancelAll() {
            cancelled = true;
        }
    };

    private AttemptQueue queue(AttemptStore store, QueueLimits limits) {
        return new AttemptQueue(store, grader, new AttemptIntake(TestHome.catalog(), dir.resolve("scratch")), limits, now::get);
    }

    private static Person person(String id) {
        return new Person(id, id, Person.Role.STUDENT, Access.newToken());
    }

    @Test
    void beyondItsLimitsAnAttemptIsRefusedWithWhenToTryAgain() {
        try (AttemptStore store = JdbcAttemptStore.embedded(dir); AttemptQueue queue = queue(store, new QueueLimits(1, 1, 1, 2))) {
            Person ann = person("ann");
            Person bob = person("bob");
            Person cy = person("cy");
            assertTrue(queue.submit(ann, "chess-square-color", Mode.EXAMPLES, FILES).attempt().isPresent());
            Busy perStudent = queue.submit(ann, "chess-square-color", Mode.EXAMPLES, FILES).busy().orElseThrow();
            assertTrue(perStudent.message().contains("waiting or being graded"), perStudent::toString);
            assertTrue(queue.submit(bob, "chess-square-color", Mode.EXAMPLES, FILES).attempt().isPresent());
            Busy full = queue.submit(cy, "chess-square-color", Mode.EXAMPLES, FILES).busy().orElseThrow();
            assertTrue(full.message().contains("queue is full") && full.retryAfterSeconds() >= 1, full::toString);
            release.countDown();
            awaitDone(store, queue, 2);
            now.addAndGet(10_000);
            assertTrue(queue.submit(ann, "chess-square-color", Mode.EXAMPLES, FILES).attempt().isPresent());
            awaitDone(store, queue, 3);
            now.addAndGet(10_000);
            Busy perMinute = queue.submit(ann, "chess-square-color", Mode.EXAMPLES, FILES).busy().orElseThrow();
            assertTrue(perMinute.message().contains("a minute"), perMinute::toString);
            assertEquals(40, perMinute.retryAfterSeconds(), "the first of the minute's two was 20 s ago");
            now.addAndGet(40_000);
            assertTrue(queue.submit(ann, "chess-square-color", Mode.EXAMPLES, FILES).attempt().isPresent());
        }
    }

    @Test
    void aThreadInterruptedWhileItWritesDoesNotCloseTheStoreForEveryoneElse() throws Exception {
        // a grading worker is interrupted when the queue stops; its next write must not close the
        // database's file for the other threads (FileChannel does that; the store's file system does not)
        try (AttemptStore store = JdbcAttemptStore.embedded(dir.resolve("interrupted"))) {
            Throwable[] failed = new Throwable[1];
            Thread worker = new Thread(() -> {
                Thread.currentThread().interrupt();
                try {
                    store.addAttempt("ann", "chess-square-color", Mode.EXAMPLES, FILES, 1);
                } catch (Throwable e) {
                    failed[0] = e;
                }
            });
            worker.start();
            worker.join();
            Attempt later = store.addAttempt("bob", "chess-square-color", Mode.EXAMPLES, FILES, 2);
            assertTrue(store.attempt(later.id()).isPresent(), "the store still works for others");
            assertEquals(null, failed[0], "the interrupted thread's write");
            assertEquals(2, store.unfinished().size());
        }
    }

    @Test
    void everyAttemptIsGradedOnceAcrossAStopAndAStart() throws InterruptedException {
        QueueLimits limits = new QueueLimits(2, 100, 100, 100);
        List<Long> ids = new ArrayList<>();
        try (AttemptStore store = JdbcAttemptStore.embedded(dir)) {
            AttemptQueue first = queue(store, limits);
            for (int i = 0; i < 10; i++) {
                ids.add(first.submit(person("student" + (i % 3)), "chess-square-color", Mode.EXAMPLES, FILES)
                        .attempt().orElseThrow().id());
            }
            first.close(); // two under way are cancelled, eight never started: none is done
            assertEquals(10, store.unfinished().size());
            graded.clear();
            release = new CountDownLatch(0);
            try (AttemptQueue second = queue(store, limits)) {
                assertEquals(10, second.recover());
                awaitDone(store, second, 10);
            }
            for (long id : ids) {
                assertEquals(1, graded.get("attempt-" + id).get(), "attempt " + id + " graded once after the restart");
                assertEquals(Attempt.Status.DONE, store.attempt(id).orElseThrow().status());
            }
        }
    }

    /** Waits until the queue holds nothing and {@code done} attempts are done. */
    private static void awaitDone(AttemptStore store, AttemptQueue queue, int done) {
        for (int i = 0; i < 6000; i++) {
            if (queue.waiting() == 0 && store.unfinished().isEmpty()) {
                return;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new AssertionError("not done after a minute: " + store.unfinished().size() + " of " + done);
    }
}

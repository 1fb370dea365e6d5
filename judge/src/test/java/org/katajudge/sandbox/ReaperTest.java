package org.katajudge.sandbox;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sessions ended in the background: never more than a few at once, and all of them waited for. */
class ReaperTest {

    @Test
    void atMostAFewEndInTheBackgroundTheRestOnTheCallersThread() throws InterruptedException {
        Reaper reaper = new Reaper();
        CountDownLatch release = new CountDownLatch(1);
        List<String> threads = new CopyOnWriteArrayList<>();
        AtomicInteger ended = new AtomicInteger();
        for (int i = 0; i < Reaper.MAX_PENDING; i++) {
            reaper.close(() -> {
                threads.add(Thread.currentThread().getName());
                await(release);
                ended.incrementAndGet();
            });
        }
        // the background is full: the next one ends now, on this thread, before close returns
        reaper.close(() -> {
            threads.add(Thread.currentThread().getName());
            ended.incrementAndGet();
        });
        assertEquals(1, ended.get());
        assertTrue(threads.contains(Thread.currentThread().getName()), threads::toString);
        assertFalse(reaper.awaitAll(Duration.ofMillis(200)), "four are still ending");
        release.countDown();
        assertTrue(reaper.awaitAll(Duration.ofSeconds(10)));
        assertEquals(Reaper.MAX_PENDING + 1, ended.get(), "every one ended once waited for");
        assertEquals(Reaper.MAX_PENDING, threads.stream().filter(t -> t.equals("kata-judge-session-closer")).count());
    }

    @Test
    void aFailingEndFreesItsPlace() {
        Reaper reaper = new Reaper();
        AtomicInteger tried = new AtomicInteger();
        for (int i = 0; i < 3 * Reaper.MAX_PENDING; i++) {
            try {
                reaper.close(() -> {
                    tried.incrementAndGet();
                    throw new IllegalStateException("a session that fails to end");
                });
            } catch (IllegalStateException e) {
                // ended on this thread (no room in the background): its failure is the caller's, as before
            }
        }
        assertTrue(reaper.awaitAll(Duration.ofSeconds(10)), "every failed end gave its place back");
        assertEquals(3 * Reaper.MAX_PENDING, tried.get());
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(20, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

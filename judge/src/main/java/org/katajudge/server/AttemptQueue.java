package org.katajudge.server;

import org.katajudge.report.SubmissionResult;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * Grades attempts, a fixed number at once, in the order they came, each exactly once. An attempt
 * is in the store before it is accepted, and done only when its result is: an attempt queued or
 * under way when the server stops is graded after the next start ({@link #recover}). Fair: a
 * bounded queue, a bound on one student's attempts under way and per minute.
 */
public final class AttemptQueue implements AutoCloseable {

    private final AttemptStore store;
    private final AttemptGrader grader;
    private final AttemptIntake intake;
    private final QueueLimits limits;
    private final LongSupplier clock;
    private final LiveAttempts live = new LiveAttempts();
    private final ThreadPoolExecutor workers;
    private final Map<String, Integer> underWay = new HashMap<>();
    private final Map<String, Deque<Long>> recent = new HashMap<>();
    private final AtomicInteger waiting = new AtomicInteger();
    private volatile boolean closing;
    private volatile long averageMillis = 2000;

    public AttemptQueue(AttemptStore store, AttemptGrader grader, AttemptIntake intake, QueueLimits limits,
                        LongSupplier clock) {
        this.store = store;
        this.grader = grader;
        this.intake = intake;
        this.limits = limits;
        this.clock = clock;
        AtomicInteger threads = new AtomicInteger();
        this.workers = new ThreadPoolExecutor(limits.workers(), limits.workers(), 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), runnable -> {
                    Thread thread = new Thread(runnable, "grading-" + threads.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /** Queues again every attempt the store holds unfinished (the server stopped before grading it). */
    public synchronized int recover() {
        List<Attempt> unfinished = store.unfinished();
        unfinished.forEach(attempt -> {
            underWay.merge(attempt.person(), 1, Integer::sum);
            enqueue(attempt);
        });
        return unfinished.size();
    }

    /**
     * Accepts an attempt: stores it and queues it.
     *
     * @return the attempt, or why it is refused for now
     */
    public synchronized Admission submit(Person person, String kata, Mode mode, Map<String, String> files) {
        long now = clock.getAsLong();
        if (closing) {
            return new Admission(Optional.empty(), Optional.of(new Busy("the server is stopping", 10)));
        }
        if (waiting.get() >= limits.capacity() + limits.workers()) {
            return refuse("the grading queue is full (" + limits.capacity() + " attempts wait); try again shortly",
                    estimateSeconds(waiting.get()));
        }
        if (underWay.getOrDefault(person.id(), 0) >= limits.perStudent()) {
            return refuse("you have " + limits.perStudent() + " attempts waiting or being graded; wait for one to finish",
                    Math.max(1, averageMillis / 1000));
        }
        Deque<Long> times = recent.computeIfAbsent(person.id(), p -> new ArrayDeque<>());
        while (!times.isEmpty() && times.peekFirst() <= now - 60_000) {
            times.pollFirst();
        }
        if (times.size() >= limits.perMinute()) {
            return refuse("at most " + limits.perMinute() + " attempts a minute; try again shortly",
                    Math.max(1, (times.peekFirst() + 60_000 - now + 999) / 1000));
        }
        Attempt attempt = store.addAttempt(person.id(), kata, mode, files, now);
        times.addLast(now);
        underWay.merge(person.id(), 1, Integer::sum);
        enqueue(attempt);
        return new Admission(Optional.of(attempt), Optional.empty());
    }

    /** The attempt, or why it was refused. */
    public record Admission(Optional<Attempt> attempt, Optional<Busy> busy) {
    }

    private static Admission refuse(String message, long seconds) {
        return new Admission(Optional.empty(), Optional.of(new Busy(message, Math.max(1, Math.min(seconds, 300)))));
    }

    private long estimateSeconds(int ahead) {
        return Math.max(1, averageMillis * Math.max(1, ahead) / limits.workers() / 1000);
    }

    /** How many attempts are queued or being graded. */
    public synchronized int waiting() {
        return waiting.get();
    }

    /** Follows an attempt under way; false when it is not (read the store). */
    public boolean follow(long id, java.util.function.Consumer<Progress> follower) {
        return live.follow(id, follower);
    }

    public void unfollow(long id, java.util.function.Consumer<Progress> follower) {
        live.unfollow(id, follower);
    }

    private void enqueue(Attempt attempt) {
        live.open(attempt.id());
        int ahead = waiting.getAndIncrement();
        live.publish(attempt.id(), new Progress.Queued(Math.max(0, ahead - limits.workers() + 1)));
        workers.execute(() -> grade(attempt));
    }

    private void grade(Attempt attempt) {
        if (closing) {
            return; // stays unfinished in the store: graded after the next start
        }
        long started = clock.getAsLong();
        SubmissionResult result;
        try {
            store.markRunning(attempt.id(), started);
            live.publish(attempt.id(), new Progress.Started());
            AttemptIntake.Prepared prepared = intake.prepare(attempt);
            List<SavedCase> extra = attempt.mode() == Mode.EXAMPLES ? store.cases(attempt.person(), attempt.kata()) : List.of();
            result = prepared.refused().orElseGet(() -> grader.grade(prepared.submission().orElseThrow(),
                    attempt.mode(), extra, event -> live.publish(attempt.id(), new Progress.Test(event))));
        } catch (RuntimeException e) {
            result = intake.judgeError(attempt, e.toString());
        }
        if (closing) {
            return; // cut short by the stop: not its grade; graded again after the next start
        }
        long finished = clock.getAsLong();
        try {
            store.markDone(attempt.id(), result, finished);
        } catch (RuntimeException e) {
            return; // the store itself failed: the attempt stays unfinished and is graded after a restart
        }
        averageMillis = (averageMillis * 7 + Math.max(1, finished - started)) / 8;
        // counted out, both counts at once, before anyone hears it is done: their next attempt finds room
        synchronized (this) {
            waiting.decrementAndGet();
            underWay.computeIfPresent(attempt.person(), (p, n) -> n <= 1 ? null : n - 1);
        }
        live.publish(attempt.id(), new Progress.Done(result));
    }

    /**
     * Stops: no new attempt is taken, gradings under way are cancelled, and whatever is not done
     * stays in the store for the next start.
     */
    @Override
    public void close() {
        closing = true;
        workers.shutdownNow();
        grader.cancelAll();
        try {
            workers.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

}

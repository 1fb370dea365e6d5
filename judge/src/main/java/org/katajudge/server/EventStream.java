package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import org.katajudge.report.ReportJson;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * {@code GET /api/attempts/{id}/events}: an attempt's progress as Server-Sent Events
 * ({@code text/event-stream}), each {@code event: TYPE} with one line of JSON: {@code queued},
 * {@code started}, one {@code test} per test started and finished, and last {@code result}, after
 * which the stream ends. A done attempt's stream is its result alone. Pages read it with
 * {@code fetch} (the token goes in a header, as everywhere). One person holds at most
 * {@value #PER_PERSON} streams at once, so streams cannot take every server thread.
 */
final class EventStream {

    static final int PER_PERSON = 6;
    private static final long KEEP_ALIVE_SECONDS = 15;
    private static final long MAX_WAIT_MILLIS = 30 * 60_000L;

    private final AttemptStore store;
    private final AttemptQueue queue;
    private final KataView katas;
    private final AttemptJson json;
    private final Map<String, AtomicInteger> open = new ConcurrentHashMap<>();

    EventStream(AttemptStore store, AttemptQueue queue, KataView katas) {
        this.store = store;
        this.queue = queue;
        this.katas = katas;
        this.json = new AttemptJson(katas);
    }

    void stream(Exchange exchange, Attempt attempt, Person viewer) {
        AtomicInteger mine = open.computeIfAbsent(viewer.id(), id -> new AtomicInteger());
        if (mine.incrementAndGet() > PER_PERSON) {
            mine.decrementAndGet();
            throw new ApiError(429, "too many event streams open at once (at most " + PER_PERSON + ")", 5);
        }
        BlockingQueue<Progress> events = new LinkedBlockingQueue<>();
        Consumer<Progress> follower = events::add;
        Throwable failure = null;
        OutputStream out = exchange.stream("text/event-stream; charset=utf-8");
        try {
            boolean live = queue.follow(attempt.id(), follower);
            long deadline = System.currentTimeMillis() + MAX_WAIT_MILLIS;
            while (true) {
                Progress next = live ? events.poll(KEEP_ALIVE_SECONDS, TimeUnit.SECONDS) : finished(attempt.id());
                if (next == null) {
                    if (System.currentTimeMillis() > deadline) {
                        break;
                    }
                    out.write(": still grading\n\n".getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    if (!live) {
                        Thread.sleep(1000); // neither under way nor done (being requeued): look again
                        live = queue.follow(attempt.id(), follower);
                    }
                    continue;
                }
                JsonNode event = json.event(next, viewer, katas.kata(attempt.kata()), AttemptJson.yourSolution(attempt));
                String text = "event: " + event.get("type").asText() + "\ndata: "
                        + ReportJson.mapper().writeValueAsString(event) + "\n\n";
                out.write(text.getBytes(StandardCharsets.UTF_8));
                out.flush();
                if (next instanceof Progress.Done) {
                    break;
                }
            }
            out.close();
        } catch (IOException e) {
            failure = e; // the client went away
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = e;
        } finally {
            queue.unfollow(attempt.id(), follower);
            mine.decrementAndGet();
            exchange.streamed(failure);
        }
    }

    private Progress finished(long id) {
        Optional<Attempt> now = store.attempt(id);
        return now.flatMap(Attempt::result).map(r -> (Progress) new Progress.Done(r)).orElse(null);
    }
}

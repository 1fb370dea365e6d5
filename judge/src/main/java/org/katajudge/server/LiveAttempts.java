package org.katajudge.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The events of attempts not yet done, for those who follow them: a follower first gets what
 * already happened, then each event as it happens, up to {@link Progress.Done}. A finished
 * attempt is forgotten here; its result is in the store.
 */
final class LiveAttempts {

    private static final class Log {
        final List<Progress> events = new ArrayList<>();
        final List<Consumer<Progress>> followers = new ArrayList<>();
    }

    private final Map<Long, Log> logs = new ConcurrentHashMap<>();

    void open(long id) {
        logs.putIfAbsent(id, new Log());
    }

    void publish(long id, Progress event) {
        Log log = logs.get(id);
        if (log == null) {
            return;
        }
        List<Consumer<Progress>> followers;
        synchronized (log) {
            log.events.add(event);
            followers = List.copyOf(log.followers);
            if (event instanceof Progress.Done) {
                logs.remove(id);
            }
        }
        followers.forEach(f -> f.accept(event));
    }

    /**
     * Follows an attempt under way.
     *
     * @return false when it is not under way (done, or unknown): read the store instead
     */
    boolean follow(long id, Consumer<Progress> follower) {
        Log log = logs.get(id);
        if (log == null) {
            return false;
        }
        synchronized (log) {
            if (!logs.containsKey(id)) {
                return false;
            }
            log.events.forEach(follower);
            log.followers.add(follower);
        }
        return true;
    }

    void unfollow(long id, Consumer<Progress> follower) {
        Log log = logs.get(id);
        if (log != null) {
            synchronized (log) {
                log.followers.remove(follower);
            }
        }
    }
}

package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The new cases of each entry point and seed, drawn and answered by the reference once for all
 * the submissions a grader sees: case {@code i} depends on the seed alone (steering reads the
 * reference's answers, never a submission's), so every submission of a class is asked the same
 * cases, and generating them and computing their answers again for each was most of the judge's
 * own work. A submission reads its stream through a cursor; a stream is drawn further only when
 * a cursor gets past its end, under its lock, exactly as the search would draw it.
 *
 * <p>Only streams that end are shared: grading's fixed number of cases per entry point (a small
 * domain's enumeration is at most {@link #MAX_CASES_PER_STREAM}); fuzzing with a time budget
 * draws live. Bounded: at most {@link #MAX_CASES} cases are kept in all; the streams drawn
 * least recently are dropped first (a cursor keeps its own stream until its submission is done).
 * What is shared is only ever read: the inputs go to a child as bytes, the reference's answers
 * are compared, never changed.
 */
public final class CaseStreams {

    /** A stream is shared only when no submission can ask it for more than this many cases. */
    static final int MAX_CASES_PER_STREAM = 20_000;
    /**
     * Cases kept in all streams together: a case with its answer takes about 600 bytes of heap
     * (measured over every generated entry point of the six katas), so at most some 20 MiB; the
     * six katas with the default cases keep 5,960 cases, 3.2 MiB.
     */
    static final int MAX_CASES = 30_000;

    private final Map<Key, Stream> streams = new LinkedHashMap<>(16, 0.75f, true);

    private record Key(EntryPoint entryPoint, long seed, String salt) {
        // EntryPoint has identity equality: two katas never share a stream. Written out: a
        // record's generated equals and hashCode are linked at their first call, which costs a
        // fresh judge more than all its lookups here.
        @Override
        public boolean equals(Object other) {
            return other instanceof Key that && entryPoint == that.entryPoint && seed == that.seed
                    && java.util.Objects.equals(salt, that.salt);
        }

        @Override
        public int hashCode() {
            return (System.identityHashCode(entryPoint) * 31 + Long.hashCode(seed)) * 31 + java.util.Objects.hashCode(salt);
        }
    }

    /** A grader's streams, empty at first. */
    public CaseStreams() {
    }

    /**
     * The new cases of {@code entryPoint} under {@code settings}: a cursor at the start of the
     * shared stream, or a live drawing when these cases cannot be shared.
     */
    AnsweredCases cases(String kataId, EntryPoint entryPoint, Fuzzer.Settings settings) {
        String salt = DrawnCalls.salt(kataId, entryPoint);
        if (settings.repeatSmallDomains() || settings.cases() > MAX_CASES_PER_STREAM) {
            return new AnsweredCases.Live(entryPoint, settings.seed(), salt, settings.repeatSmallDomains());
        }
        Stream stream;
        synchronized (streams) {
            stream = streams.computeIfAbsent(new Key(entryPoint, settings.seed(), salt),
                    key -> new Stream(entryPoint, settings.seed(), salt));
            evict();
        }
        return new Cursor(stream);
    }

    /** How many cases are kept now, in all streams. */
    int kept() {
        synchronized (streams) {
            return keptNow();
        }
    }

    private int keptNow() {
        int kept = 0;
        for (Stream stream : streams.values()) {
            kept += stream.size();
        }
        return kept;
    }

    private void evict() {
        int kept = keptNow();
        Iterator<Stream> eldest = streams.values().iterator();
        while (kept > MAX_CASES && eldest.hasNext()) {
            kept -= eldest.next().size();
            eldest.remove();
        }
    }

    /** Called by a stream that grew, so the bound on all streams holds. */
    private void grew() {
        synchronized (streams) {
            evict();
        }
    }

    /** One entry point's cases under one seed, drawn as far as any cursor has read. */
    private final class Stream {
        private final EntryPoint entryPoint;
        private final long seed;
        private final String salt;
        private final AnsweredCases.Live drawing;
        private final List<AnsweredCases.Answered> drawn = new ArrayList<>();
        private int finishedAt = -1;    // cases drawn when the drawing said finished, or -1
        private int enumeratedAt = -1;  // cases drawn when it said enumerated, or -1
        private boolean ended;
        private Throwable failed; // the reference or the generator failed: every reader fails alike

        Stream(EntryPoint entryPoint, long seed, String salt) {
            this.entryPoint = entryPoint;
            this.seed = seed;
            this.salt = salt;
            this.drawing = new AnsweredCases.Live(entryPoint, seed, salt, false);
        }

        /** A live drawing of this stream's cases of its own, at {@code position}: drawn again from the start. */
        AnsweredCases.Live drawingAt(int position) {
            AnsweredCases.Live own = new AnsweredCases.Live(entryPoint, seed, salt, false);
            for (int i = 0; i < position && own.next().isPresent(); i++) {
                // the same cases again, so that steering is where it was
            }
            return own;
        }

        synchronized int size() {
            return drawn.size();
        }

        /** Case {@code index}, drawn now if no cursor got this far before; empty past the end. */
        Optional<AnsweredCases.Answered> get(int index) {
            boolean grew = false;
            Optional<AnsweredCases.Answered> result;
            synchronized (this) {
                while (drawn.size() <= index && !ended && failed == null) {
                    try {
                        Optional<AnsweredCases.Answered> next = drawing.next();
                        if (next.isEmpty()) {
                            ended = true;
                        } else {
                            drawn.add(next.get());
                            grew = true;
                        }
                    } catch (RuntimeException | Error e) {
                        failed = e; // the drawing's state is unknown now: nothing more is drawn from it
                    }
                    if (finishedAt < 0 && drawing.finished()) {
                        finishedAt = drawn.size();
                    }
                    if (enumeratedAt < 0 && drawing.enumerated()) {
                        enumeratedAt = drawn.size();
                    }
                }
                if (index < drawn.size()) {
                    result = Optional.of(drawn.get(index));
                } else if (failed instanceof RuntimeException e) {
                    throw e;
                } else if (failed instanceof Error e) {
                    throw e;
                } else {
                    result = Optional.empty();
                }
            }
            if (grew) {
                grew();
            }
            return result;
        }

        synchronized boolean finishedAt(int position) {
            return finishedAt >= 0 && position >= finishedAt;
        }

        synchronized boolean enumeratedAt(int position) {
            return enumeratedAt >= 0 && position >= enumeratedAt;
        }
    }

    /**
     * A submission's place in a stream: it sees the drawing's state as it was after its own last
     * case. Past {@link #MAX_CASES_PER_STREAM} (which grading never reaches: it draws at most its
     * cases per method, or a small domain's enumeration) it goes on with a live drawing of its own,
     * so that no stream grows beyond the bound.
     */
    private static final class Cursor implements AnsweredCases {
        private final Stream stream;
        private int position;
        private AnsweredCases.Live own;

        Cursor(Stream stream) {
            this.stream = stream;
        }

        @Override
        public Optional<Answered> next() {
            if (own == null && position >= MAX_CASES_PER_STREAM) {
                own = stream.drawingAt(position);
            }
            if (own != null) {
                return own.next();
            }
            Optional<Answered> next = stream.get(position);
            if (next.isPresent()) {
                position++;
            }
            return next;
        }

        @Override
        public boolean exhaustive() {
            return stream.drawing.exhaustive();
        }

        @Override
        public boolean enumerated() {
            return own != null ? own.enumerated() : stream.enumeratedAt(position);
        }

        @Override
        public boolean finished() {
            return own != null ? own.finished() : stream.finishedAt(position);
        }

        @Override
        public int passes() {
            return 0; // shared streams never repeat a domain
        }
    }
}

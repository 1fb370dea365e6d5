package org.katajudge.sandbox.runner;

import java.io.DataOutputStream;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The answers pipe, and the case in progress. Three threads may end a case: the caller when the
 * call returns or throws, the {@link Watchdog} when its time is up, the {@link OutputCapture}
 * when it printed too much; exactly one does (it claims the case), and after a watchdog's or the
 * capture's answer the JVM halts. Every frame is written under one lock, so that an answer is
 * never interleaved with another.
 *
 * <p>Also the body of the shutdown hook ({@link #run()}): System.exit in a call still runs shutdown
 * hooks, and the judge gets the answers before it.
 */
final class Answers implements Runnable {

    private final DataOutputStream out;
    private final Object lock = new Object();
    private OutputCapture capture;

    /** Sequence number of the case being called; the last case whose answer was claimed. */
    private volatile long currentCase;
    private final AtomicLong claimed = new AtomicLong();
    private volatile long callStartedNanos;

    Answers(DataOutputStream out) {
        this.out = out;
    }

    /** Where the submission's output goes; each answer carries what its call printed. */
    void capture(OutputCapture capture) {
        this.capture = capture;
    }

    /** The answer to LOAD: the protocol's magic number, then READY or LOAD_FAILED with why. */
    void loaded(String failure) throws IOException {
        synchronized (lock) {
            out.writeInt(Wire.MAGIC);
            if (failure == null) {
                out.writeByte(Wire.READY);
            } else {
                out.writeByte(Wire.LOAD_FAILED);
                Wire.writeString(out, Wire.clip(failure, Wire.MAX_TEXT_CHARS));
            }
            out.flush();
        }
    }

    /** The answer to RESET: READY, or LOAD_FAILED with why. */
    void reset(String problem) throws IOException {
        synchronized (lock) {
            if (problem == null) {
                out.writeByte(Wire.READY);
            } else {
                out.writeByte(Wire.LOAD_FAILED);
                Wire.writeString(out, problem);
            }
            out.flush();
        }
    }

    /** A new case is being called, from now: its sequence number. */
    long beginCase() {
        long sequence = currentCase + 1;
        currentCase = sequence;
        capture.startCall();
        callStartedNanos = System.nanoTime();
        return sequence;
    }

    /** The case being called, for the watchdog; 0 before the first. */
    long currentCase() {
        return currentCase;
    }

    /** When the call in progress started ({@link System#nanoTime()}), or 0 between calls. */
    long callStartedNanos() {
        return callStartedNanos;
    }

    /** The call of the current case is over (its answer is not written yet). */
    void endCall() {
        callStartedNanos = 0;
    }

    /** Claims case {@code sequence} for the caller's answer; false when the watchdog or the capture ended it. */
    boolean claim(long sequence) {
        return claimed.compareAndSet(sequence - 1, sequence);
    }

    /** The call returned {@code value}. */
    void returned(Object value, long elapsedNanos) throws IOException {
        synchronized (lock) {
            out.writeByte(Wire.OK);
            writeCallTail(elapsedNanos);
            Wire.writeValue(out, value);
        }
    }

    /** The call threw: {@code status} THREW or OUT_OF_MEMORY, and class, message and stack. */
    void threw(byte status, String[] failure, long elapsedNanos) throws IOException {
        synchronized (lock) {
            out.writeByte(status);
            writeCallTail(elapsedNanos);
            for (String part : failure) {
                Wire.writeString(out, part);
            }
        }
    }

    /** Ends the current case with a non-answer (TIMEOUT, OUTPUT_LIMIT) and halts, if nobody answered it yet. */
    void endCaseAndHalt(byte status, int exitCode) {
        long sequence = currentCase;
        if (claimed.compareAndSet(sequence - 1, sequence)) {
            long started = callStartedNanos;
            answerAndHalt(status, started == 0 ? 0 : System.nanoTime() - started, exitCode);
        }
        parkForever();
    }

    /** Sends the call's end (unless {@code status} is negative: already sent), flushes and halts. */
    void answerAndHalt(byte status, long elapsedNanos, int exitCode) {
        synchronized (lock) {
            try {
                if (status >= 0) {
                    out.writeByte(status);
                    writeCallTail(elapsedNanos);
                }
                out.flush();
            } catch (IOException ignored) {
                // the judge is gone; halting is all that is left
            }
        }
        Runtime.getRuntime().halt(exitCode);
    }

    /** Elapsed time and the output of the call: the part of the common tail every answer has. */
    private void writeCallTail(long elapsedNanos) throws IOException {
        out.writeLong(elapsedNanos);
        Wire.writeBytes(out, capture.takeCallOutput());
        out.writeLong(capture.total());
    }

    void flush() throws IOException {
        synchronized (lock) {
            out.flush();
        }
    }

    /** Hands the judge the answers so far; the shutdown hook's body, and the watchdog's for a slow call. */
    @Override
    public void run() {
        try {
            flush();
        } catch (IOException ignored) {
            // the judge is gone; the main thread's next write says so
        }
    }

    /** What a thread does once another has ended the case and is halting the JVM. */
    static void parkForever() {
        while (true) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException ignored) {
                // keep parking
            }
        }
    }
}

package org.katajudge.sandbox.runner;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The calling thread's work, which has the submission's stack size: reads the judge's frames
 * (LOAD, then BATCH and RESET until END), calls the submission on each case and answers it, and
 * bounds what one batch sends (its answers, its messages and stacks).
 */
final class CallLoop implements Runnable {

    /** The longest a batch keeps its answers before it sends them (well under the judge's patience: ChildMonitor). */
    private static final long FLUSH_EVERY_NANOS = 250_000_000L;
    /** Whether the loop runs: it runs once (see {@link #run()}). */
    private final AtomicBoolean started = new AtomicBoolean();

    private final DataInputStream in;
    private final Answers answers;
    private SubmissionClasses submission;
    private long batchAnswerBytes;
    private long batchTextChars;
    private volatile Throwable failure;

    CallLoop(DataInputStream in, Answers answers) {
        this.in = in;
        this.answers = answers;
    }

    /** What ended the loop other than the judge's END or the end of its pipe; null if nothing did. */
    Throwable failure() {
        return failure;
    }

    @Override
    public void run() {
        // The calling thread's Runnable is this loop, and a submission may ask for its own thread as a
        // Runnable (Thread.currentThread() is allowed, Runnable.run too): run again, it would read the
        // judge's frames from inside a call (red team). Once only; a second run is the submission's error.
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("the runner's call loop runs once");
        }
        try {
            serve();
        } catch (Throwable e) {
            failure = e;
        }
    }

    private void serve() throws IOException {
        if (in.readInt() != Wire.MAGIC || in.readByte() != Wire.LOAD) {
            throw new IOException("protocol error: expected LOAD");
        }
        submission = SubmissionClasses.read(in);
        long perCallNanos = in.readInt() * 1_000_000L;
        long perCallCapNanos = in.readInt() * 1_000_000L;
        long outputLimit = in.readLong();
        int keptOutput = in.readInt();
        OutputCapture capture = new OutputCapture(outputLimit, keptOutput, answers);
        answers.capture(capture);
        PrintStream captured = new PrintStream(capture, true, StandardCharsets.UTF_8);
        System.setOut(captured);
        System.setErr(captured);
        String problem = submission.define();
        answers.loaded(problem);
        if (problem != null) {
            return;
        }
        Watchdog.start(answers, perCallNanos, perCallCapNanos, ThreadClock.ofCurrentThread());
        Runtime.getRuntime().addShutdownHook(new Thread(answers, "kata-judge-flush"));
        while (true) {
            byte frame;
            try {
                frame = in.readByte();
            } catch (EOFException e) {
                return;
            }
            if (frame == Wire.END) {
                return;
            }
            if (frame == Wire.RESET) {
                answers.reset(submission.define());
            } else if (frame == Wire.BATCH) {
                runBatch();
            } else {
                throw new IOException("protocol error: frame " + frame);
            }
        }
    }

    private void runBatch() throws IOException {
        Method method = submission.method(in.readInt());
        int count = in.readInt();
        int arity = method.getParameterCount();
        batchAnswerBytes = 0;
        batchTextChars = 0;
        long flushedAt = System.nanoTime();
        for (int c = 0; c < count; c++) {
            Object[] args = new Object[arity];
            for (int p = 0; p < arity; p++) {
                args[p] = Wire.readValue(in);
            }
            call(method, args);
            // Answers go out at least this often, not only at the batch's end: a batch of many calls each
            // short of the watchdog's flush (50 ms) would otherwise be silent for longer than the judge
            // waits, and a correct solution got TIME_LIMIT_EXCEEDED on a quiet machine only (red team).
            long now = System.nanoTime();
            if (now - flushedAt > FLUSH_EVERY_NANOS) {
                answers.flush();
                flushedAt = now;
            }
        }
        answers.flush();
    }

    private void call(Method method, Object[] args) throws IOException {
        long sequence = answers.beginCase();
        long started = answers.callStartedNanos();
        Object result = null;
        Throwable thrown = null;
        String[] failure = null;
        try {
            result = method.invoke(null, args);
        } catch (InvocationTargetException e) {
            thrown = e.getCause();
        } catch (IllegalAccessException | IllegalArgumentException e) {
            thrown = e;
        }
        boolean ranOut = false;
        if (thrown != null) {
            ranOut = ranOutOfMemory(thrown);
            failure = describe(thrown); // may run submission code (getMessage): still inside the timed call
        }
        long elapsed = System.nanoTime() - started;
        answers.endCall();
        if (!answers.claim(sequence)) {
            Answers.parkForever(); // the watchdog or the capture answered this case and is halting the JVM
        }
        if (failure == null) {
            long size = Wire.encodedSize(result);
            batchAnswerBytes += size;
            if (size > Runner.MAX_ANSWER_BYTES || batchAnswerBytes > Runner.MAX_BATCH_ANSWER_BYTES) {
                answers.answerAndHalt(Wire.ANSWER_LIMIT, elapsed, Runner.EXIT_AFTER_OUTPUT_LIMIT);
            }
            answers.returned(result, elapsed);
        } else {
            answers.threw(ranOut ? Wire.OUT_OF_MEMORY : Wire.THREW, failure, elapsed);
        }
        if (ranOut) {
            answers.answerAndHalt((byte) -1, elapsed, Runner.EXIT_AFTER_OUT_OF_MEMORY); // the JVM's memory is spent: end it
        }
    }

    /**
     * Whether a throwable means the JVM itself ran out of memory: exactly an OutOfMemoryError
     * (not a subclass the submission declared) that the submission did not construct, i.e.
     * whose top frame is not in the submission's code. A {@code throw new OutOfMemoryError()} of
     * the submission's own is an exception like any other. (Heap and metaspace exhaustion never
     * get here: -XX:+ExitOnOutOfMemoryError ends the JVM and the judge reads its last words.)
     */
    private boolean ranOutOfMemory(Throwable thrown) {
        if (thrown.getClass() != OutOfMemoryError.class) {
            return false;
        }
        StackTraceElement[] stack = thrown.getStackTrace();
        return stack.length == 0 || !submission.isOwnFrame(stack[0]);
    }

    /** Class, message and the submission's own frames of a throwable thrown by a call, each bounded. */
    private String[] describe(Throwable thrown) {
        String message;
        try {
            message = String.valueOf(thrown.getMessage());
        } catch (Throwable e) {
            message = "(getMessage threw " + e.getClass().getName() + ")";
        }
        StackTraceElement[] trace;
        try {
            trace = thrown.getStackTrace(); // a submission's exception may override it: it must not end the runner
        } catch (Throwable e) {
            trace = new StackTraceElement[0];
            message = message + " (getStackTrace threw " + e.getClass().getName() + ")";
        }
        StringBuilder stack = new StringBuilder();
        int frames = 0;
        for (StackTraceElement frame : trace) {
            if (submission.isOwnFrame(frame) && frames++ < Wire.MAX_STACK_FRAMES) {
                stack.append("at ").append(Wire.clip(frame.toString(), Wire.MAX_FRAME_CHARS)).append('\n');
            }
        }
        if (frames > Wire.MAX_STACK_FRAMES) {
            // A stack overflow's depth depends on when the JIT compiled the frames (measured: 1012 frames
            // left out in three runs, 1014 in a fourth): counted, the same submission's report would differ
            // from run to run. Every other stack's count is the program's own, and said.
            stack.append(thrown instanceof StackOverflowError ? "... more (a stack overflow: how deep varies from run to run)"
                    : "... " + (frames - Wire.MAX_STACK_FRAMES) + " more").append('\n');
        }
        String[] parts = {Wire.clip(thrown.getClass().getName(), Wire.MAX_FRAME_CHARS),
                Wire.clip(message, Wire.MAX_TEXT_CHARS), stack.toString()};
        long chars = (long) parts[0].length() + parts[1].length() + parts[2].length();
        if (batchTextChars + chars > Runner.MAX_BATCH_TEXT_CHARS) {
            // a batch failing on every case with long texts: the first ones in full, the rest short
            return new String[] {Wire.clip(parts[0], Runner.SHORT_TEXT_CHARS),
                    Wire.clip(parts[1], Runner.SHORT_TEXT_CHARS), ""};
        }
        batchTextChars += chars;
        return parts;
    }
}

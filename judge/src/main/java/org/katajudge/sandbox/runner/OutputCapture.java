package org.katajudge.sandbox.runner;

import java.io.OutputStream;
import java.util.Arrays;
import java.util.Objects;

/**
 * Where System.out and System.err go: keeps the first bytes of output for the report, counts
 * every byte, and ends the run when the total passes the limit.
 *
 * <p>Every route to it passes {@link #write(byte[], int, int)} ({@code PrintStream} encodes
 * text and then writes bytes; {@code write(int)} comes here too), which checks its arguments
 * before anything is counted: {@code PrintStream.write(buf, off, len)} hands them on unchecked,
 * and a negative length once lowered the count (issue 19). Invalid arguments throw
 * {@link IndexOutOfBoundsException}, as the JDK's own streams do. Synchronized: System.out and
 * System.err are one stream, but the caller reads the call's output while a thread the
 * submission started may still print; the limit is acted on outside the lock, so that a
 * watchdog ending the case can always take the output.
 */
final class OutputCapture extends OutputStream {

    private final long limit;
    private final Answers answers;
    private int keepLeft;
    private long total;
    private byte[] callOutput = new byte[256];
    private int callSize;

    OutputCapture(long limit, int kept, Answers answers) {
        this.limit = limit;
        this.keepLeft = kept;
        this.answers = answers;
    }

    synchronized void startCall() {
        callSize = 0;
    }

    synchronized long total() {
        return total;
    }

    synchronized byte[] takeCallOutput() {
        byte[] taken = Arrays.copyOf(callOutput, callSize);
        callSize = 0;
        return taken;
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length); // null, negative, past the end, overflowing
        boolean over;
        synchronized (this) {
            total += length;
            int kept = Math.min(length, keepLeft);
            if (kept > 0) {
                if (callSize + kept > callOutput.length) {
                    callOutput = Arrays.copyOf(callOutput, Math.max(callOutput.length * 2, callSize + kept));
                }
                System.arraycopy(bytes, offset, callOutput, callSize, kept);
                callSize += kept;
                keepLeft -= kept;
            }
            over = total > limit;
        }
        if (over) {
            answers.endCaseAndHalt(Wire.OUTPUT_LIMIT, Runner.EXIT_AFTER_OUTPUT_LIMIT);
        }
    }
}

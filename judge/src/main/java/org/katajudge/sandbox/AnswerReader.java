package org.katajudge.sandbox;

import org.katajudge.sandbox.CallResult.Outcome;
import org.katajudge.sandbox.runner.Runner;
import org.katajudge.sandbox.runner.Wire;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads the runner's answers ({@link Wire}), nothing of them unbounded: each field within the
 * size the judge accepts, a batch within its budget. More is a broken protocol, an
 * {@link IOException} that ends the child (a judge holding 4096 results of 1 MiB each would run
 * out of memory).
 */
final class AnswerReader {

    /** The largest class name, message and stack the judge accepts from the runner, in UTF-8 bytes. */
    private static final int MAX_NAME_BYTES = 3 * Wire.MAX_FRAME_CHARS + 64;
    static final int MAX_MESSAGE_BYTES = 3 * Wire.MAX_TEXT_CHARS + 64;
    private static final int MAX_STACK_BYTES = Wire.MAX_STACK_FRAMES * (3 * Wire.MAX_FRAME_CHARS + 70) + 64;

    private final DataInputStream in;
    private final Limits limits;
    private long batchBudget;

    AnswerReader(InputStream answers, Limits limits) {
        this.in = new DataInputStream(new BufferedInputStream(answers, 1 << 16));
        this.limits = limits;
    }

    /** The answer to LOAD: true for READY; the runner's message for LOAD_FAILED. */
    Loaded loaded() throws IOException {
        if (in.readInt() != Wire.MAGIC) {
            throw new IOException("the child JVM did not speak the protocol");
        }
        return afterLoad();
    }

    /** The answer to RESET, which is LOAD's without the magic number. */
    Loaded reset() throws IOException {
        return afterLoad();
    }

    private Loaded afterLoad() throws IOException {
        byte answer = in.readByte();
        if (answer == Wire.READY) {
            return new Loaded(true, null);
        }
        if (answer == Wire.LOAD_FAILED) {
            return new Loaded(false, Wire.readString(in, MAX_MESSAGE_BYTES));
        }
        throw new IOException("the child JVM answered " + answer + " to LOAD");
    }

    /** How a LOAD or RESET went: ready, or the message that says why not. */
    record Loaded(boolean ready, String failure) {
    }

    /**
     * A batch of {@code cases} begins: what the judge accepts for all of its answers is the
     * runner's answer and text budgets, and a little per case.
     */
    void startBatch(int cases) {
        batchBudget = Runner.MAX_BATCH_ANSWER_BYTES + 3L * Runner.MAX_BATCH_TEXT_CHARS + limits.keptOutputBytes()
                + cases * 4096L;
    }

    /** The next case's answer. */
    CallResult read() throws IOException {
        CallResult result = readOne();
        batchBudget -= Wire.encodedSize(result.value()) + (result.detail() == null ? 0 : 3L * result.detail().length())
                + result.output().length();
        if (batchBudget < 0) {
            throw new IOException("broken protocol: a batch larger than the judge accepts");
        }
        return result;
    }

    private CallResult readOne() throws IOException {
        byte status = in.readByte();
        long elapsed = in.readLong();
        String output = new String(Wire.readBytes(in, limits.keptOutputBytes()), StandardCharsets.UTF_8);
        long outputTotal = in.readLong();
        return switch (status) {
            case Wire.OK -> new CallResult(Outcome.RETURNED, Wire.readValue(in, Runner.MAX_ANSWER_BYTES + 16), null,
                    elapsed, output, outputTotal);
            case Wire.THREW, Wire.OUT_OF_MEMORY -> {
                String type = Wire.readString(in, MAX_NAME_BYTES);
                String message = Wire.readString(in, MAX_MESSAGE_BYTES);
                String stack = Wire.readString(in, MAX_STACK_BYTES);
                String detail = type + ("null".equals(message) ? "" : ": " + message)
                        + (stack.isEmpty() ? "" : "\n" + stack.stripTrailing());
                yield status == Wire.THREW
                        ? new CallResult(Outcome.THREW, null, detail, elapsed, output, outputTotal)
                        : new CallResult(Outcome.OUT_OF_MEMORY, null, "the JVM ran out of memory ("
                        + Details.memoryLimits(limits) + "): " + detail, elapsed, output, outputTotal);
            }
            case Wire.TIMEOUT -> new CallResult(Outcome.TIMED_OUT, null, Details.timedOut(limits), elapsed, output,
                    outputTotal);
            case Wire.WALL_TIMEOUT -> new CallResult(Outcome.TIMED_OUT, null, Details.pastItsCap(limits), elapsed,
                    output, outputTotal);
            case Wire.OUTPUT_LIMIT -> new CallResult(Outcome.OUTPUT_LIMIT, null, Details.printedTooMuch(limits),
                    elapsed, output, outputTotal);
            case Wire.ANSWER_LIMIT -> new CallResult(Outcome.OUTPUT_LIMIT, null, Details.answerTooLarge(), elapsed,
                    output, outputTotal);
            default -> throw new IOException("corrupt answer: status " + status);
        };
    }
}

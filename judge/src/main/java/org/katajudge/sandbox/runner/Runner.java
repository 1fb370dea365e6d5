package org.katajudge.sandbox.runner;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;

/**
 * The program the judge starts in each sandboxed child JVM: it loads one submission from class
 * bytes, calls its methods on the cases it is sent and writes the answers back, all over two
 * named pipes of the judge's (their paths are the first arguments; the token that authenticates
 * it arrives on stdin). stdout and stderr are not the protocol: whatever reaches the real file
 * descriptors 1 and 2 is only counted by the judge.
 *
 * <p>This class starts the child; the others do one job each:
 * <ul>
 *   <li>{@link CallLoop}, on the calling thread: the judge's frames (LOAD, BATCH, RESET, END),
 *       each call, and the bounds of a batch;</li>
 *   <li>{@link SubmissionClasses} and {@link BytesClassLoader}: the submission's classes, defined
 *       anew at LOAD and at each RESET, and the methods to call;</li>
 *   <li>{@link Answers}: the answers pipe, and which of the caller, the watchdog and the capture
 *       ends the case in progress;</li>
 *   <li>{@link Watchdog}, {@link CallTime}, {@link CallPresence} and {@link ThreadClock}: the time of the call in
 *       progress;</li>
 *   <li>{@link OutputCapture}: System.out and System.err, counted against the output limit;</li>
 *   <li>{@link Wire}: the protocol, shared with the judge.</li>
 * </ul>
 *
 * <p>The child's class path holds only these classes, listed one by one in the judge's
 * {@code RunnerClassPath} (a test compares the list with what was compiled) and held, parsed and
 * verified, in the runner's class-data-sharing archive, so that splitting the runner into classes
 * costs a child nothing at start-up. No lambdas, method references or anonymous classes, and no
 * invokedynamic string concatenation (the judge's pom compiles with -XDstringConcat=inline): each
 * would start java.lang.invoke in every child, 8 to 25 ms of CPU.
 *
 * <p>The submission is defined by a loader whose parent is the platform loader, so it sees
 * java.base and nothing of the runner. Expected answers never come here. The runner guards what
 * only it can see: a call past its time (the watchdog answers TIMEOUT and halts), output past its
 * limit (the capture answers OUTPUT_LIMIT and halts), an answer too large to send, and an
 * OutOfMemoryError raised by the JVM rather than thrown by the submission. Everything else (exit,
 * crash, memory) the judge reads from how the process ends.
 */
public final class Runner {

    public static final int EXIT_AFTER_TIMEOUT = 70;
    public static final int EXIT_AFTER_OUTPUT_LIMIT = 71;
    public static final int EXIT_AFTER_OUT_OF_MEMORY = 72;
    /** A runner whose judge went away before the pipes were open ends with this (no one reads it). */
    public static final int EXIT_JUDGE_GONE = 73;
    /** The largest answer a call may return (its encoding, in bytes); larger is OUTPUT_LIMIT_EXCEEDED. */
    public static final int MAX_ANSWER_BYTES = 1 << 20;
    /** The most answer bytes one batch may return in all; more is OUTPUT_LIMIT_EXCEEDED. */
    public static final long MAX_BATCH_ANSWER_BYTES = 16L << 20;
    /** Characters of messages and stacks one batch sends in full; after them each failure is cut short. */
    public static final int MAX_BATCH_TEXT_CHARS = 1 << 20;
    /** How long a class name or a message is once a batch's text budget is spent. */
    public static final int SHORT_TEXT_CHARS = 128;

    private Runner() {
    }

    /** {@code Runner REQUESTS_PIPE ANSWERS_PIPE STACK_MEGABYTES}; the token comes on stdin. */
    public static void main(String[] args) throws Exception {
        PrintStream jvmErr = System.err;
        FileInputStream stdin = new FileInputStream(FileDescriptor.in);
        byte[] token = readToken(stdin);
        System.setIn(new ByteArrayInputStream(new byte[0]));
        JudgeWatch judge = new JudgeWatch(stdin);
        judge.start();
        // The judge's pipes, in the order the judge opens its ends: each open waits for the other side.
        FileInputStream requests = new FileInputStream(args[0]);
        FileOutputStream answers = new FileOutputStream(args[1]);
        judge.connected(); // before the token: the judge closes stdin only once it has read it
        answers.write(token);
        answers.flush();
        DataInputStream in = new DataInputStream(new BufferedInputStream(requests, 1 << 16));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(answers, 1 << 16));
        long stackBytes = Long.parseLong(args[2]) << 20;
        // Calls run on a thread of their own with the submission's stack; other threads keep the JVM's small default.
        CallLoop loop = new CallLoop(in, new Answers(out));
        Thread caller = new Thread(null, loop, "kata-judge-caller", stackBytes);
        caller.start();
        caller.join();
        Throwable failure = loop.failure();
        if (failure != null) {
            jvmErr.println("kata-judge runner: " + failure);
            jvmErr.flush();
        }
        // halt, not exit: no shutdown hook or thread of the submission runs on after the protocol ended
        Runtime.getRuntime().halt(failure == null ? 0 : 1);
    }

    /** The token line the judge wrote on stdin, read byte by byte so nothing after it is consumed. */
    private static byte[] readToken(InputStream stdin) throws IOException {
        byte[] token = new byte[Wire.TOKEN_LENGTH];
        for (int i = 0; i < token.length; i++) {
            int b = stdin.read();
            if (b < 0) {
                throw new EOFException("no token on stdin");
            }
            token[i] = (byte) b;
        }
        if (stdin.read() != '\n') {
            throw new IOException("no line feed after the token");
        }
        // fd 0 stays open (at its end: the judge closed it), so that no later pipe or file can take number 0
        return token;
    }
}

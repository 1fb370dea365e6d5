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
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The program the judge starts in each sandboxed child JVM: it loads one submission from class
 * bytes, calls its methods on the cases it is sent and writes the answers back, all over two
 * named pipes of the judge's (their paths are the first arguments; the token that authenticates
 * it arrives on stdin). stdout and stderr are not the protocol: whatever reaches the real file
 * descriptors 1 and 2 is only counted by the judge.
 *
 * <p>The child's class path holds only this package; the submission is defined by a loader
 * whose parent is the platform loader, so it sees java.base and nothing of the runner. Expected
 * answers never come here. The runner guards what only it can see: a call that runs past its
 * time limit (a watchdog thread answers TIMEOUT and halts), output past its limit (the capture
 * stream answers OUTPUT_LIMIT and halts), an answer too large to send, and an
 * OutOfMemoryError raised by the JVM rather than thrown by the submission. Everything else
 * (exit, crash, memory) the judge reads from how the process ends.
 */
public final class Runner {

    public static final int EXIT_AFTER_TIMEOUT = 70;
    public static final int EXIT_AFTER_OUTPUT_LIMIT = 71;
    public static final int EXIT_AFTER_OUT_OF_MEMORY = 72;
    /** The largest answer a call may return (its encoding, in bytes); larger is OUTPUT_LIMIT_EXCEEDED. */
    public static final int MAX_ANSWER_BYTES = 1 << 20;
    /** The most answer bytes one batch may return in all; more is OUTPUT_LIMIT_EXCEEDED. */
    public static final long MAX_BATCH_ANSWER_BYTES = 16L << 20;
    /** Characters of messages and stacks one batch sends in full; after them each failure is cut short. */
    public static final int MAX_BATCH_TEXT_CHARS = 1 << 20;
    /** How long a class name or a message is once a batch's text budget is spent. */
    public static final int SHORT_TEXT_CHARS = 128;

    private final DataInputStream in;
    private final DataOutputStream out;
    private final Object outLock = new Object();
    private final ThreadClock clock;

    private Method[] methods;
    private String[] submissionClasses;
    private String className;
    private Map<String, byte[]> classBytes;
    private String[] methodNames;
    private Class<?>[][] methodParameters;
    private Class<?>[] methodReturns;
    private long perCallNanos;
    private long perCallCapNanos;
    private Capture capture;

    /** Sequence number of the case being called; the last case whose answer was claimed. */
    private volatile long currentCase;
    private final AtomicLong claimed = new AtomicLong();
    private volatile long callStartedNanos;
    private long batchAnswerBytes;
    private long batchTextChars;

    private Runner(DataInputStream in, DataOutputStream out, ThreadClock clock) {
        this.in = in;
        this.out = out;
        this.clock = clock;
    }

    /** {@code Runner REQUESTS_PIPE ANSWERS_PIPE STACK_MEGABYTES}; the token comes on stdin. */
    public static void main(String[] args) throws Exception {
        PrintStream jvmErr = System.err;
        byte[] token = readToken(new FileInputStream(FileDescriptor.in));
        System.setIn(new ByteArrayInputStream(new byte[0]));
        // The judge's pipes, in the order the judge opens its ends: each open waits for the other side.
        FileInputStream requests = new FileInputStream(args[0]);
        FileOutputStream answers = new FileOutputStream(args[1]);
        answers.write(token);
        answers.flush();
        DataInputStream in = new DataInputStream(new BufferedInputStream(requests, 1 << 16));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(answers, 1 << 16));
        long stackBytes = Long.parseLong(args[2]) << 20;
        Throwable[] failure = new Throwable[1];
        // Calls run on a thread of their own with the submission's stack; other threads keep the JVM's small default.
        // No lambdas and no indy string concatenation in the runner (the judge's pom compiles it with
        // -XDstringConcat=inline): each would start java.lang.invoke in every child, 8 to 25 ms of CPU.
        // Named nested classes, not anonymous ones: RunnerClassPath ships the declared classes.
        Thread caller = new Thread(null, new Caller(in, out, failure), "kata-judge-caller", stackBytes);
        caller.start();
        caller.join();
        if (failure[0] != null) {
            jvmErr.println("kata-judge runner: " + failure[0]);
            jvmErr.flush();
        }
        // halt, not exit: no shutdown hook or thread of the submission runs on after the protocol ended
        Runtime.getRuntime().halt(failure[0] == null ? 0 : 1);
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

    private void serve() throws IOException {
        if (in.readInt() != Wire.MAGIC || in.readByte() != Wire.LOAD) {
            throw new IOException("protocol error: expected LOAD");
        }
        String failure = load();
        synchronized (outLock) {
            out.writeInt(Wire.MAGIC);
            if (failure == null) {
                out.writeByte(Wire.READY);
            } else {
                out.writeByte(Wire.LOAD_FAILED);
                Wire.writeString(out, Wire.clip(failure, Wire.MAX_TEXT_CHARS));
            }
            out.flush();
        }
        if (failure != null) {
            return;
        }
        startWatchdog();
        // System.exit in a call still runs shutdown hooks: hand the judge the answers before it.
        Runtime.getRuntime().addShutdownHook(new Thread(new FlushOnExit(), "kata-judge-flush"));
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
                String problem = define();
                synchronized (outLock) {
                    if (problem == null) {
                        out.writeByte(Wire.READY);
                    } else {
                        out.writeByte(Wire.LOAD_FAILED);
                        Wire.writeString(out, problem);
                    }
                    out.flush();
                }
                continue;
            }
            if (frame != Wire.BATCH) {
                throw new IOException("protocol error: frame " + frame);
            }
            runBatch();
        }
    }

    /** Reads the LOAD frame and prepares the methods; a message when the submission cannot be used. */
    private String load() throws IOException {
        String className = Wire.readString(in);
        int classCount = in.readInt();
        Map<String, byte[]> classes = new HashMap<>();
        submissionClasses = new String[classCount];
        for (int i = 0; i < classCount; i++) {
            String name = Wire.readString(in);
            submissionClasses[i] = name;
            classes.put(name, Wire.readBytes(in));
        }
        int methodCount = in.readInt();
        String[] names = new String[methodCount];
        Class<?>[][] parameters = new Class<?>[methodCount][];
        Class<?>[] returns = new Class<?>[methodCount];
        for (int m = 0; m < methodCount; m++) {
            names[m] = Wire.readString(in);
            parameters[m] = new Class<?>[in.readInt()];
            for (int p = 0; p < parameters[m].length; p++) {
                parameters[m][p] = Wire.typeOf(in.readByte());
            }
            returns[m] = Wire.typeOf(in.readByte());
        }
        perCallNanos = in.readInt() * 1_000_000L;
        perCallCapNanos = in.readInt() * 1_000_000L;
        long outputLimit = in.readLong();
        int keptOutput = in.readInt();
        capture = new Capture(outputLimit, keptOutput);
        PrintStream captured = new PrintStream(capture, true, StandardCharsets.UTF_8);
        System.setOut(captured);
        System.setErr(captured);

        this.className = className;
        this.classBytes = classes;
        this.methodNames = names;
        this.methodParameters = parameters;
        this.methodReturns = returns;
        return define();
    }

    /**
     * Defines the submission's classes with a new loader and finds its methods: at LOAD, and at
     * each RESET, which gives the judge a submission whose static state starts over without the
     * cost of a new JVM. A message when the submission cannot be used.
     */
    private String define() {
        ClassLoader loader = new BytesClassLoader(classBytes);
        Class<?> type;
        try {
            type = Class.forName(className, false, loader); // initialized by the first call, inside a case
        } catch (ClassNotFoundException | LinkageError e) {
            return "cannot load class " + className + ": " + e;
        }
        Method[] found = new Method[methodNames.length];
        for (int m = 0; m < found.length; m++) {
            try {
                Method method = type.getMethod(methodNames[m], methodParameters[m]);
                if (!Modifier.isStatic(method.getModifiers()) || method.getReturnType() != methodReturns[m]) {
                    return "method " + methodNames[m] + " is not public static " + methodReturns[m].getSimpleName();
                }
                found[m] = method;
            } catch (NoSuchMethodException | LinkageError e) {
                return "no method public static " + methodReturns[m].getSimpleName() + " " + methodNames[m];
            }
        }
        methods = found;
        return null;
    }

    private void runBatch() throws IOException {
        Method method = methods[in.readInt()];
        int count = in.readInt();
        int arity = method.getParameterCount();
        batchAnswerBytes = 0;
        batchTextChars = 0;
        for (int c = 0; c < count; c++) {
            Object[] args = new Object[arity];
            for (int p = 0; p < arity; p++) {
                args[p] = Wire.readValue(in);
            }
            call(method, args);
        }
        synchronized (outLock) {
            out.flush();
        }
    }

    private void call(Method method, Object[] args) throws IOException {
        long sequence = currentCase + 1;
        currentCase = sequence;
        capture.startCall();
        Object result = null;
        Throwable thrown = null;
        String[] failure = null;
        long started = System.nanoTime();
        callStartedNanos = started;
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
        callStartedNanos = 0;
        if (!claimed.compareAndSet(sequence - 1, sequence)) {
            parkForever(); // the watchdog answered this case and is halting the JVM
        }
        if (failure == null) {
            long size = Wire.encodedSize(result);
            batchAnswerBytes += size;
            if (size > MAX_ANSWER_BYTES || batchAnswerBytes > MAX_BATCH_ANSWER_BYTES) {
                answerAndHalt(Wire.ANSWER_LIMIT, elapsed, EXIT_AFTER_OUTPUT_LIMIT);
            }
        }
        synchronized (outLock) {
            out.writeByte(failure == null ? Wire.OK : ranOut ? Wire.OUT_OF_MEMORY : Wire.THREW);
            writeCallTail(elapsed);
            if (failure == null) {
                Wire.writeValue(out, result);
            } else {
                for (String part : failure) {
                    Wire.writeString(out, part);
                }
            }
        }
        if (ranOut) {
            answerAndHalt((byte) -1, elapsed, EXIT_AFTER_OUT_OF_MEMORY); // the JVM's memory is spent: end it
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
        return stack.length == 0 || !isSubmissionFrame(stack[0]);
    }

    /** Sends the call's end (unless {@code status} is negative: already sent), flushes and halts. */
    private void answerAndHalt(byte status, long elapsedNanos, int exitCode) {
        synchronized (outLock) {
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

    /** Class, message and the submission's own frames of a throwable thrown by a call, each bounded. */
    private String[] describe(Throwable thrown) {
        String message;
        try {
            message = String.valueOf(thrown.getMessage());
        } catch (Throwable e) {
            message = "(getMessage threw " + e.getClass().getName() + ")";
        }
        StringBuilder stack = new StringBuilder();
        int frames = 0;
        for (StackTraceElement frame : thrown.getStackTrace()) {
            if (isSubmissionFrame(frame) && frames++ < Wire.MAX_STACK_FRAMES) {
                stack.append("at ").append(Wire.clip(frame.toString(), Wire.MAX_FRAME_CHARS)).append('\n');
            }
        }
        if (frames > Wire.MAX_STACK_FRAMES) {
            stack.append("... ").append(frames - Wire.MAX_STACK_FRAMES).append(" more\n");
        }
        String[] parts = {Wire.clip(thrown.getClass().getName(), Wire.MAX_FRAME_CHARS),
                Wire.clip(message, Wire.MAX_TEXT_CHARS), stack.toString()};
        long chars = (long) parts[0].length() + parts[1].length() + parts[2].length();
        if (batchTextChars + chars > MAX_BATCH_TEXT_CHARS) {
            // a batch failing on every case with long texts: the first ones in full, the rest short
            return new String[] {Wire.clip(parts[0], SHORT_TEXT_CHARS), Wire.clip(parts[1], SHORT_TEXT_CHARS), ""};
        }
        batchTextChars += chars;
        return parts;
    }

    private boolean isSubmissionFrame(StackTraceElement frame) {
        for (String name : submissionClasses) {
            if (frame.getClassName().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Ends the current case with a non-answer (TIMEOUT, OUTPUT_LIMIT) and halts, if nobody answered it yet. */
    private void endCaseAndHalt(byte status, int exitCode) {
        long sequence = currentCase;
        if (claimed.compareAndSet(sequence - 1, sequence)) {
            long started = callStartedNanos;
            answerAndHalt(status, started == 0 ? 0 : System.nanoTime() - started, exitCode);
        }
        parkForever();
    }

    /**
     * Watches the call in progress, on two clocks, so that how busy the machine is does not
     * change a verdict (issue 19):
     * <ul>
     *   <li>its <em>time</em>, held against the per-call limit: the calling thread's CPU time in
     *       user mode plus the time the thread was blocked (sleeping, waiting on something). While
     *       it waits for a garbage collection, the collector's CPU time in user mode counts instead
     *       (the serial collector works on the VM thread); while it is blocked otherwise, less the
     *       time the VM thread or this watchdog waited for a CPU meanwhile (a safepoint waits for
     *       every thread, a starved watchdog too). Time waiting for a CPU is not counted,
     *       nor the kernel's time: on a virtual machine, the kernel's time for memory touched the
     *       first time depends on the host (a heap filled in 0.2 s of CPU on an idle machine took
     *       0.94 s, 0.77 s of it the kernel's, on a loaded one). A policy-abiding call has little
     *       else to spend there, and what it does spend, the second clock bounds;</li>
     *   <li>its <em>presence</em>, held against the per-call cap: the wall-clock time less the time
     *       the calling thread (or, while it waits for the collector, the VM thread) waited for a
     *       CPU, from /proc's schedstat. It stops calls that neither compute in user mode nor block,
     *       whatever the load.</li>
     * </ul>
     * Sampled every tick from /proc; the time before a call's first sample counts as at most two
     * ticks (the watchdog wakes within a tick unless the whole JVM waited for a CPU). Without
     * schedstat the cap is on the wall clock; without /proc both are.
     */
    private void startWatchdog() {
        ThreadClock vmThread = ThreadClock.ofThreadNamed("VM Thread");
        Thread watchdog = new Thread(new Watchdog(vmThread), "kata-judge-watchdog");
        watchdog.setDaemon(true);
        watchdog.setPriority(Thread.MAX_PRIORITY);
        watchdog.start();
    }

    /** The watchdog's loop (see {@link #startWatchdog()}). */
    private final class Watchdog implements Runnable {
        private final ThreadClock vmThread;

        Watchdog(ThreadClock vmThread) {
            this.vmThread = vmThread;
        }

        @Override
        public void run() {
            ThreadClock own = ThreadClock.ofCurrentThread();
            long[] lastOwn = null;
            long tick = Math.max(1, Math.min(10, perCallNanos / 20_000_000L));
            long flushedFor = 0;
            long observed = 0;
            long time = 0;
            long presence = 0;
            long lastSample = 0;
            long[] last = null;
            long[] lastVm = null;
            while (true) {
                try {
                    Thread.sleep(tick);
                } catch (InterruptedException e) {
                    return;
                }
                long sequence = currentCase;
                long started = callStartedNanos;
                if (started == 0 || sequence != currentCase) {
                    continue;
                }
                long now = System.nanoTime();
                long[] sample = clock.sample();
                long[] vm = vmThread.sample();
                long[] self = own.sample();
                if (sequence != observed) {
                    observed = sequence;
                    time = Math.min(now - started, 2 * tick * 1_000_000L);
                    presence = time;
                } else if (sample != null && last != null) {
                    long elapsed = now - lastSample;
                    if (sample[ThreadClock.BLOCKED] == 0) {
                        time += sample[ThreadClock.USER] - last[ThreadClock.USER];
                        presence += elapsed - ThreadClock.waited(sample, last, elapsed);
                    } else {
                        long starved = Math.max(vm == null || lastVm == null ? 0 : ThreadClock.waited(vm, lastVm, elapsed),
                                self == null || lastOwn == null ? 0 : ThreadClock.waited(self, lastOwn, elapsed));
                        if (vm != null && lastVm != null
                                && (vm[ThreadClock.RUNNABLE] != 0 || vm[ThreadClock.USER] > lastVm[ThreadClock.USER])) {
                            time += vm[ThreadClock.USER] - lastVm[ThreadClock.USER]; // collecting garbage
                        } else {
                            time += elapsed - starved;
                        }
                        presence += elapsed - starved;
                    }
                }
                lastSample = now;
                last = sample;
                lastVm = vm;
                lastOwn = self;
                long wall = now - started;
                if ((sample == null ? wall : time) > perCallNanos) {
                    endCaseAndHalt(Wire.TIMEOUT, EXIT_AFTER_TIMEOUT);
                } else if ((sample == null || sample[ThreadClock.WAITED] < 0 ? wall : presence) > perCallCapNanos) {
                    endCaseAndHalt(Wire.WALL_TIMEOUT, EXIT_AFTER_TIMEOUT);
                } else if (wall > 50_000_000L && flushedFor != started) {
                    // A slow call: let the judge see the answers before it, in case this one never ends.
                    flushedFor = started;
                    synchronized (outLock) {
                        try {
                            out.flush();
                        } catch (IOException ignored) {
                            // reported by the main thread's next write
                        }
                    }
                }
            }
        }
    }

    /** Hands the judge the answers before the JVM ends, should a call end it (see {@link #serve()}). */
    private final class FlushOnExit implements Runnable {
        @Override
        public void run() {
            flushQuietly();
        }
    }

    /** Serves the judge on the calling thread, which has the submission's stack size. */
    private static final class Caller implements Runnable {
        private final DataInputStream in;
        private final DataOutputStream out;
        private final Throwable[] failure;

        Caller(DataInputStream in, DataOutputStream out, Throwable[] failure) {
            this.in = in;
            this.out = out;
            this.failure = failure;
        }

        @Override
        public void run() {
            try {
                new Runner(in, out, ThreadClock.ofCurrentThread()).serve();
            } catch (Throwable e) {
                failure[0] = e;
            }
        }
    }

    private void flushQuietly() {
        synchronized (outLock) {
            try {
                out.flush();
            } catch (IOException ignored) {
                // the judge is gone
            }
        }
    }

    private static void parkForever() {
        while (true) {
            try {
                Thread.sleep(Long.MAX_VALUE);
            } catch (InterruptedException ignored) {
                // keep parking
            }
        }
    }

    /**
     * The clocks of one thread: its CPU time in user mode and its state from its
     * /proc/PID/task/TID/stat (utime, in clock ticks of 10 ms; state R is running or waiting for a
     * CPU, S and D blocked), and the time it waited for a CPU from its schedstat (nanoseconds;
     * absent on kernels without CONFIG_SCHED_INFO).
     */
    private static final class ThreadClock {
        static final int USER = 0;
        static final int BLOCKED = 1;
        static final int RUNNABLE = 2;
        /** Nanoseconds waited for a CPU in all, or -1 when unknown. */
        static final int WAITED = 3;
        private static final long NANOS_PER_TICK = 10_000_000L; // USER_HZ is 100 on Linux
        private final RandomAccessFile stat;
        private final RandomAccessFile schedstat;
        private final byte[] buffer = new byte[1024];

        private ThreadClock(RandomAccessFile stat, RandomAccessFile schedstat) {
            this.stat = stat;
            this.schedstat = schedstat;
        }

        private static ThreadClock of(Path task) throws IOException {
            RandomAccessFile schedstat;
            try {
                schedstat = new RandomAccessFile(task.resolve("schedstat").toFile(), "r");
            } catch (IOException e) {
                schedstat = null;
            }
            return new ThreadClock(new RandomAccessFile(task.resolve("stat").toFile(), "r"), schedstat);
        }

        /** The clock of the calling thread; one that samples nothing when /proc is not there. */
        static ThreadClock ofCurrentThread() {
            try {
                return of(Path.of("/proc/thread-self").toRealPath());
            } catch (IOException | RuntimeException e) {
                return new ThreadClock(null, null);
            }
        }

        /**
         * The clock of the JVM's own thread of that name (its /proc comm), or one that samples
         * nothing when there is none.
         */
        static ThreadClock ofThreadNamed(String name) {
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
                for (Path task : tasks) {
                    String comm = new String(Files.readAllBytes(task.resolve("comm")), StandardCharsets.US_ASCII).strip();
                    if (comm.equals(name)) {
                        return of(task);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // no /proc: nothing to sample
            }
            return new ThreadClock(null, null);
        }

        /** The time a thread waited for a CPU between two samples, at most {@code elapsed}; 0 when unknown. */
        static long waited(long[] now, long[] before, long elapsed) {
            if (now[WAITED] < 0 || before[WAITED] < 0) {
                return 0;
            }
            return Math.max(0, Math.min(elapsed, now[WAITED] - before[WAITED]));
        }

        /** {user CPU nanoseconds, 1 if blocked, 1 if running or waiting for a CPU, nanoseconds waited for a CPU or -1}, or null when unknown. */
        long[] sample() {
            if (stat == null) {
                return null;
            }
            try {
                stat.seek(0);
                int length = stat.read(buffer);
                String line = new String(buffer, 0, Math.max(0, length), StandardCharsets.US_ASCII);
                String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
                char state = fields[0].charAt(0);
                long user = Long.parseLong(fields[11]) * NANOS_PER_TICK;
                return new long[] {user, state == 'S' || state == 'D' ? 1 : 0, state == 'R' ? 1 : 0, waited()};
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }

        /** The second figure of schedstat ("run_ns wait_ns slices"), or -1. */
        private long waited() {
            if (schedstat == null) {
                return -1;
            }
            try {
                schedstat.seek(0);
                int length = schedstat.read(buffer);
                String[] figures = new String(buffer, 0, Math.max(0, length), StandardCharsets.US_ASCII).strip().split(" ");
                return Long.parseLong(figures[1]);
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }
    }

    /** Defines the submission's classes from their bytes; the platform loader is its parent. */
    private static final class BytesClassLoader extends ClassLoader {
        private final Map<String, byte[]> classes;

        BytesClassLoader(Map<String, byte[]> classes) {
            super("submission", ClassLoader.getPlatformClassLoader());
            this.classes = classes;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] bytes = classes.get(name);
            if (bytes == null) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, bytes, 0, bytes.length);
        }
    }

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
    private final class Capture extends OutputStream {
        private final long limit;
        private int keepLeft;
        private long total;
        private byte[] callOutput = new byte[256];
        private int callSize;

        Capture(long limit, int kept) {
            this.limit = limit;
            this.keepLeft = kept;
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
                endCaseAndHalt(Wire.OUTPUT_LIMIT, EXIT_AFTER_OUTPUT_LIMIT);
            }
        }
    }
}

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
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The program the judge starts in each sandboxed child JVM: it loads one submission from class
 * bytes sent over stdin, calls its methods on the cases it is sent and writes the answers back.
 *
 * <p>The child's class path holds only this package; the submission is defined by a loader
 * whose parent is the platform loader, so it sees java.base and nothing of the runner. Expected
 * answers never come here. The runner guards the two things only it can see: a call that runs
 * past its time limit (a watchdog thread answers TIMEOUT and halts) and output past its limit
 * (the capture stream answers OUTPUT_LIMIT and halts). Everything else (exit, crash, memory) the
 * judge reads from how the process ends.
 */
public final class Runner {

    public static final int EXIT_AFTER_TIMEOUT = 70;
    public static final int EXIT_AFTER_OUTPUT_LIMIT = 71;
    private static final int MAX_STACK_FRAMES = 8;

    private final DataInputStream in;
    private final DataOutputStream out;
    private final Object outLock = new Object();

    private Method[] methods;
    private String[] submissionClasses;
    private String className;
    private Map<String, byte[]> classBytes;
    private String[] methodNames;
    private Class<?>[][] methodParameters;
    private Class<?>[] methodReturns;
    private long perCallNanos;
    private Capture capture;

    /** Sequence number of the case being called; the last case whose answer was claimed. */
    private volatile long currentCase;
    private final AtomicLong claimed = new AtomicLong();
    private volatile long callStartedNanos;

    private Runner(DataInputStream in, DataOutputStream out) {
        this.in = in;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        // Keep the real stdin/stdout for the protocol before the submission can touch System.*.
        DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(FileDescriptor.in), 1 << 16));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16));
        System.setIn(new ByteArrayInputStream(new byte[0]));
        new Runner(in, out).serve();
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
                Wire.writeString(out, failure);
            }
            out.flush();
        }
        if (failure != null) {
            return;
        }
        startWatchdog();
        // System.exit in a call still runs shutdown hooks: hand the judge the answers before it.
        Runtime.getRuntime().addShutdownHook(new Thread(this::flushQuietly, "kata-judge-flush"));
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
        if (thrown != null) {
            failure = describe(thrown); // may run submission code (getMessage): still inside the timed call
        }
        long elapsed = System.nanoTime() - started;
        callStartedNanos = 0;
        if (!claimed.compareAndSet(sequence - 1, sequence)) {
            parkForever(); // the watchdog answered this case and is halting the JVM
        }
        synchronized (outLock) {
            out.writeByte(failure == null ? Wire.OK : Wire.THREW);
            writeCallTail(elapsed);
            if (failure == null) {
                Wire.writeValue(out, result);
            } else {
                for (String part : failure) {
                    Wire.writeString(out, part);
                }
            }
        }
    }

    /** Elapsed time and the output of the call: the part of the common tail every answer has. */
    private void writeCallTail(long elapsedNanos) throws IOException {
        out.writeLong(elapsedNanos);
        Wire.writeBytes(out, capture.takeCallOutput());
        out.writeLong(capture.total());
    }

    /** Class, message and the submission's own frames of a throwable thrown by a call. */
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
            if (isSubmissionFrame(frame) && frames++ < MAX_STACK_FRAMES) {
                stack.append("at ").append(frame).append('\n');
            }
        }
        if (frames > MAX_STACK_FRAMES) {
            stack.append("... ").append(frames - MAX_STACK_FRAMES).append(" more\n");
        }
        return new String[] {thrown.getClass().getName(), message, stack.toString()};
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
            synchronized (outLock) {
                try {
                    out.writeByte(status);
                    long started = callStartedNanos;
                    writeCallTail(started == 0 ? 0 : System.nanoTime() - started);
                    out.flush();
                } catch (IOException ignored) {
                    // the judge is gone; halting is all that is left
                }
            }
            Runtime.getRuntime().halt(exitCode);
        }
        parkForever();
    }

    private void startWatchdog() {
        Thread watchdog = new Thread(() -> {
            long tick = Math.max(1, Math.min(10, perCallNanos / 10_000_000L));
            long flushedFor = 0;
            while (true) {
                try {
                    Thread.sleep(tick);
                } catch (InterruptedException e) {
                    return;
                }
                long started = callStartedNanos;
                if (started == 0) {
                    continue;
                }
                long running = System.nanoTime() - started;
                if (running > perCallNanos) {
                    endCaseAndHalt(Wire.TIMEOUT, EXIT_AFTER_TIMEOUT);
                } else if (running > 50_000_000L && flushedFor != started) {
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
        }, "kata-judge-watchdog");
        watchdog.setDaemon(true);
        watchdog.setPriority(Thread.MAX_PRIORITY);
        watchdog.start();
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
     * the rest, and ends the run when the total passes the limit.
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

        void startCall() {
            callSize = 0;
        }

        long total() {
            return total;
        }

        byte[] takeCallOutput() {
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
            if (total > limit) {
                endCaseAndHalt(Wire.OUTPUT_LIMIT, EXIT_AFTER_OUTPUT_LIMIT);
            }
        }
    }
}

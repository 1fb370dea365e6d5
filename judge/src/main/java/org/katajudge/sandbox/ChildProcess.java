package org.katajudge.sandbox;

import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecuteResultHandler;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteStreamHandler;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A started child process, launched with Apache Commons Exec, with what Commons Exec lacks for
 * hostile programs added around it:
 * <ul>
 *   <li>its {@code ExecuteWatchdog} sends SIGTERM to the direct child only; {@link #killTree()}
 *       sends SIGKILL to every descendant, then to the child;</li>
 *   <li>its {@code PumpStreamHandler} copies without bound and its pump threads hang while a
 *       grandchild holds the pipe; here stdin is handed raw to the judge, and stdout and stderr
 *       are drained by daemon threads that keep a bounded head, count the rest and never block
 *       shutdown;</li>
 *   <li>{@code CommandLine} re-quotes arguments; they are added with quoting off;</li>
 *   <li>when the process exits, {@code DefaultExecutor} closes its streams at once, even while
 *       a drain is still reading what the child wrote last; the executor is handed streams whose
 *       {@code close} it cannot reach ({@link KeptOpen}), and each drain closes its own at its end.</li>
 * </ul>
 */
final class ChildProcess {

    private final Process process;
    private final OutputStream stdin;
    private final BoundedDrain stdout;
    private final BoundedDrain stderr;
    private final DefaultExecuteResultHandler result;
    private final boolean ownProcessGroup;

    private ChildProcess(Process process, OutputStream stdin, BoundedDrain stdout, BoundedDrain stderr,
                         DefaultExecuteResultHandler result, boolean ownProcessGroup) {
        this.process = process;
        this.stdin = stdin;
        this.stdout = stdout;
        this.stderr = stderr;
        this.result = result;
        this.ownProcessGroup = ownProcessGroup;
    }

    @SuppressWarnings("deprecation") // setWorkingDirectory: Commons Exec's builder cannot make the subclass below
    /**
     * @param ownProcessGroup whether the command starts with {@code setsid}, making the child the
     *                        leader of a process group that {@link #killTree()} kills as a whole
     */
    static ChildProcess start(List<String> command, Map<String, String> environment, Path workingDirectory,
                              int keptStderrBytes, boolean ownProcessGroup) throws IOException {
        CommandLine commandLine = new CommandLine(command.get(0));
        for (String argument : command.subList(1, command.size())) {
            commandLine.addArgument(argument, false);
        }
        RawStreams streams = new RawStreams(keptStderrBytes);
        ProcessCapturingExecutor executor = new ProcessCapturingExecutor();
        executor.setStreamHandler(streams);
        executor.setExitValues(null); // every exit status is an answer, not an exception
        executor.setWorkingDirectory(workingDirectory.toFile());
        DefaultExecuteResultHandler result = new DefaultExecuteResultHandler();
        executor.execute(commandLine, environment, result);
        try {
            Process process = executor.launched.get(30, TimeUnit.SECONDS);
            streams.started.get(30, TimeUnit.SECONDS);
            return new ChildProcess(process, streams.stdin, streams.stdout, streams.stderr, result,
                    ownProcessGroup);
        } catch (ExecutionException e) {
            throw new IOException("cannot start " + command.get(0) + ": " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the child");
        } catch (TimeoutException e) {
            throw new IOException("the child did not start within 30 s");
        }
    }

    OutputStream stdin() {
        return stdin;
    }

    /** The head of what the child wrote to stderr, and how many bytes it wrote in all. */
    String stderrHead() {
        return stderr.head();
    }

    /** The head of what the child wrote to stdout, and how many bytes it wrote in all. */
    String stdoutHead() {
        return stdout.head();
    }

    /** Bytes the child has written to stdout and stderr so far. */
    long outputBytes() {
        return stdout.total() + stderr.total();
    }

    long pid() {
        return process.pid();
    }

    /** Waits for the child to exit; its status, or empty when it is still running after {@code timeout}. */
    OptionalInt awaitExit(Duration timeout) {
        try {
            if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                result.waitFor(Duration.ofSeconds(1)); // lets Commons Exec finish its bookkeeping
                stderr.awaitEnd(Duration.ofMillis(500));
                stdout.awaitEnd(Duration.ofMillis(100));
                return OptionalInt.of(process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return OptionalInt.empty();
    }

    /**
     * Waits until the child's stdout and stderr are read to their ends (every process holding
     * them is gone), at most {@code timeout}: what the JVM said last (that it ran out of memory,
     * say) must not depend on how soon the drain threads get a CPU.
     */
    void awaitOutputEnd(Duration timeout) {
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            stderr.awaitEnd(timeout);
            stdout.awaitEnd(Duration.ofNanos(Math.max(1_000_000L, deadline - System.nanoTime())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean alive() {
        return process.isAlive();
    }

    /**
     * SIGKILL to the child and every descendant. The tree is listed before anything is killed,
     * so a grandchild re-parented by an early kill is not missed.
     */
    void killTree() {
        List<ProcessHandle> tree = process.toHandle().descendants().toList();
        // The descendants (the JVM under its wrappers) before the child itself: once the child is
        // gone, the JDK closes the judge's end of its stdout, and a JVM still flooding it would get
        // a broken pipe and answer THREW before its SIGKILL, instead of the OUTPUT_LIMIT it earned.
        tree.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        if (ownProcessGroup) {
            killProcessGroup(); // orphans of a child that is already gone are no longer its descendants
        }
    }

    /** SIGKILL to the child's process group, whose id is the child's pid (it was started by setsid). */
    private void killProcessGroup() {
        try {
            Process kill = new ProcessBuilder("kill", "-KILL", "--", "-" + process.pid())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            kill.waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            // no kill(1): the descendants found above are all we can reach
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Captures the {@link Process} Commons Exec launches, which it otherwise keeps to itself, and
     * hands Commons Exec a view of it whose stdout and stderr it cannot close.
     */
    private static final class ProcessCapturingExecutor extends DefaultExecutor {
        final CompletableFuture<Process> launched = new CompletableFuture<>();

        @SuppressWarnings("deprecation") // the only constructor a subclass can call
        ProcessCapturingExecutor() {
            super();
        }

        @Override
        protected Process launch(CommandLine command, Map<String, String> env, File dir) throws IOException {
            return captured(() -> super.launch(command, env, dir));
        }

        @Override
        protected Process launch(CommandLine command, Map<String, String> env, Path dir) throws IOException {
            return captured(() -> super.launch(command, env, dir));
        }

        private interface Launch {
            Process start() throws IOException;
        }

        private Process captured(Launch launch) throws IOException {
            try {
                Process process = new StreamsKeptOpen(launch.start());
                launched.complete(process);
                return process;
            } catch (IOException | RuntimeException e) {
                launched.completeExceptionally(e);
                throw e;
            }
        }
    }

    /** A stream whose {@code close()} does nothing; {@link #closeForReal()} closes it. */
    static final class KeptOpen extends FilterInputStream {
        KeptOpen(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // Commons Exec closes process streams as soon as the process exits; the reader decides.
        }

        void closeForReal() {
            try {
                in.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }

    /** The launched process, but with stdout and stderr that only the judge can close. */
    private static final class StreamsKeptOpen extends Process {
        private final Process process;
        private final KeptOpen stdout;
        private final KeptOpen stderr;

        StreamsKeptOpen(Process process) {
            this.process = process;
            this.stdout = new KeptOpen(process.getInputStream());
            this.stderr = new KeptOpen(process.getErrorStream());
        }

        @Override
        public OutputStream getOutputStream() {
            return process.getOutputStream();
        }

        @Override
        public InputStream getInputStream() {
            return stdout;
        }


        @Override
        public InputStream getErrorStream() {
            return stderr;
        }

        @Override
        public int waitFor() throws InterruptedException {
            return process.waitFor();
        }

        @Override
        public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
            return process.waitFor(timeout, unit);
        }

        @Override
        public int exitValue() {
            return process.exitValue();
        }

        @Override
        public void destroy() {
            process.destroy();
        }

        @Override
        public Process destroyForcibly() {
            return process.destroyForcibly();
        }

        @Override
        public boolean isAlive() {
            return process.isAlive();
        }

        @Override
        public long pid() {
            return process.pid();
        }

        @Override
        public ProcessHandle toHandle() {
            return process.toHandle();
        }
    }

    /** Hands the child's stdin to the judge untouched; drains stdout and stderr with a bound. */
    private static final class RawStreams implements ExecuteStreamHandler {
        final CompletableFuture<Void> started = new CompletableFuture<>();
        final BoundedDrain stdout;
        final BoundedDrain stderr;
        OutputStream stdin;
        private InputStream stdoutStream;
        private InputStream stderrStream;

        RawStreams(int keptBytes) {
            this.stdout = new BoundedDrain(keptBytes, "stdout");
            this.stderr = new BoundedDrain(keptBytes, "stderr");
        }

        @Override
        public void setProcessInputStream(OutputStream os) {
            stdin = os;
        }

        @Override
        public void setProcessOutputStream(InputStream is) {
            stdoutStream = is;
        }

        @Override
        public void setProcessErrorStream(InputStream is) {
            stderrStream = is;
        }

        @Override
        public void start() {
            stdout.start((KeptOpen) stdoutStream); // drained to their ends; each drain closes its stream
            stderr.start((KeptOpen) stderrStream);
            started.complete(null);
        }

        @Override
        public void stop() {
            // nothing to join: the drain is a daemon and ends at EOF, whoever holds the pipe
        }
    }

    /** Reads a stream to its end on a daemon thread, keeping only its first bytes. */
    private static final class BoundedDrain {
        private final int kept;
        private final String name;
        private final ByteArrayOutputStream head = new ByteArrayOutputStream();
        private volatile long total;
        private Thread thread;

        BoundedDrain(int kept, String name) {
            this.kept = kept;
            this.name = name;
        }

        long total() {
            return total;
        }

        void start(KeptOpen in) {
            thread = new Thread(() -> {
                byte[] buffer = new byte[8192];
                try {
                    int n;
                    while ((n = in.read(buffer)) > 0) {
                        synchronized (this) {
                            head.write(buffer, 0, (int) Math.max(0, Math.min(n, kept - total)));
                            total += n;
                        }
                    }
                } catch (IOException ignored) {
                    // the pipe closed: the child is gone
                } finally {
                    in.closeForReal();
                }
            }, "kata-judge-" + name + "-" + System.identityHashCode(this));
            thread.setDaemon(true);
            thread.start();
        }

        void awaitEnd(Duration timeout) throws InterruptedException {
            thread.join(timeout.toMillis());
        }

        synchronized String head() {
            String text = head.toString(StandardCharsets.UTF_8);
            return total > kept ? text + "\n... (" + (total - kept) + " more bytes)" : text;
        }
    }
}

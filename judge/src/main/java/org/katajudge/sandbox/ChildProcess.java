package org.katajudge.sandbox;

import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecuteResultHandler;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
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
 *       {@code close} it cannot reach ({@link LaunchingExecutor}), and each drain closes its own at its end.</li>
 * </ul>
 */
final class ChildProcess {

    private final Process process;
    private final OutputStream stdin;
    private final ChildStreams.BoundedDrain stdout;
    private final ChildStreams.BoundedDrain stderr;
    private final DefaultExecuteResultHandler result;
    private final boolean ownProcessGroup;
    /**
     * When the child started, as the kernel has it: tells the child's pid from another process given
     * the same number later. Read only for a child whose group is killed by number.
     */
    private final Optional<Instant> started;
    /** Ends what the child left running once it has ended, where its user makes that possible ({@link #endLeftovers}). */
    private final Runnable leftovers;

    private ChildProcess(Process process, OutputStream stdin, ChildStreams.BoundedDrain stdout, ChildStreams.BoundedDrain stderr,
                         DefaultExecuteResultHandler result, boolean ownProcessGroup, Runnable leftovers) {
        this.process = process;
        this.stdin = stdin;
        this.stdout = stdout;
        this.stderr = stderr;
        this.result = result;
        this.ownProcessGroup = ownProcessGroup;
        this.started = ownProcessGroup ? process.toHandle().info().startInstant() : Optional.empty();
        this.leftovers = leftovers;
    }

    /** A child that leaves nothing {@link #endLeftovers} could reach (tests). */
    static ChildProcess start(List<String> command, Map<String, String> environment, Path workingDirectory,
                              int keptStderrBytes, boolean ownProcessGroup) throws IOException {
        return start(command, environment, workingDirectory, keptStderrBytes, ownProcessGroup, () -> { });
    }

    /**
     * @param ownProcessGroup whether the command starts with {@code setsid}, making the child the
     *                        leader of a process group that {@link #killTree()} kills as a whole
     * @param leftovers       ends every process the child left, once it has ended (its user's lease)
     */
    @SuppressWarnings("deprecation") // setWorkingDirectory: Commons Exec's builder cannot make LaunchingExecutor
    static ChildProcess start(List<String> command, Map<String, String> environment, Path workingDirectory,
                              int keptStderrBytes, boolean ownProcessGroup, Runnable leftovers) throws IOException {
        CommandLine commandLine = new CommandLine(command.get(0));
        for (String argument : command.subList(1, command.size())) {
            commandLine.addArgument(argument, false);
        }
        ChildStreams streams = new ChildStreams(keptStderrBytes);
        LaunchingExecutor executor = new LaunchingExecutor();
        executor.setStreamHandler(streams);
        executor.setExitValues(null); // every exit status is an answer, not an exception
        executor.setWorkingDirectory(workingDirectory.toFile());
        DefaultExecuteResultHandler result = new DefaultExecuteResultHandler();
        executor.execute(commandLine, environment, result);
        try {
            Process process = executor.launched.get(30, TimeUnit.SECONDS);
            streams.started.get(30, TimeUnit.SECONDS);
            return new ChildProcess(process, streams.stdin, streams.stdout, streams.stderr, result,
                    ownProcessGroup, leftovers);
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
     * say) must not depend on how soon the drain threads get a CPU. Whether both ended: a process
     * the child left may hold them open.
     */
    boolean awaitOutputEnd(Duration timeout) {
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            boolean stderrEnded = stderr.awaitEnd(timeout);
            boolean stdoutEnded = stdout.awaitEnd(Duration.ofNanos(Math.max(1_000_000L, deadline - System.nanoTime())));
            return stderrEnded && stdoutEnded;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
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
        if (ownProcessGroup) {
            // first, while the child itself still holds its number: orphans are no longer its descendants
            killProcessGroup();
        }
        // The descendants (the JVM under its wrappers) before the child itself: once the child is
        // gone, the JDK closes the judge's end of its stdout, and a JVM still flooding it would get
        // a broken pipe and answer THREW before its SIGKILL, instead of the OUTPUT_LIMIT it earned.
        tree.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /**
     * Once the child has ended (or been killed with its tree): ends what it left that neither its
     * tree nor its group reaches any more, such as an orphan holding its output pipes (a root judge
     * without isolation: by the child's user; elsewhere a PID namespace already ended them, or
     * nothing reaches them).
     */
    void endLeftovers() {
        leftovers.run();
    }

    /**
     * SIGKILL to the child's process group, whose id is the child's pid (it was started by setsid),
     * only while the child itself still has that pid: a number no process holds may be given out
     * again before kill(1) runs, and another child then leads a group of that number (a thread bomb
     * runs through the machine's 32,768 pids in a second: a group killed by number after its child
     * had ended killed other children's JVMs, twice). Once the child is gone its group is not
     * killed by number: a root judge's lease then ends every process of the child's user
     * ({@link ChildUser}), and an ordinary user's judge without isolation contains nothing more.
     */
    private void killProcessGroup() {
        if (!stillTheChilds(started, ProcessHandle.of(process.pid()))) {
            return;
        }
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
     * Whether the child's pid is still the child's own, given the process that has that pid now
     * ({@code holder}): the same start time. While it is, the number names the child's group and no
     * other. With no process on it, it may be given out again at any moment: not the child's.
     */
    static boolean stillTheChilds(Optional<Instant> childStarted, Optional<ProcessHandle> holder) {
        if (holder.isEmpty() || childStarted.isEmpty()) {
            return false;
        }
        Optional<Instant> holderStarted = holder.get().info().startInstant();
        return holderStarted.isPresent() && childStarted.equals(holderStarted);
    }
}

package org.katajudge.compile.worker;

import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.SubmissionCompiler;
import org.katajudge.jvm.ChildClock;
import org.katajudge.jvm.JvmEnvironment;
import org.katajudge.kata.EntryPoint;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One compiler worker JVM, seen from the judge: started, warmed up, asked to compile one
 * submission at a time under a deadline, and killed when it misbehaves. Not thread-safe: a
 * worker serves one grading thread at a time (the {@link CompilerPool} sees to it).
 */
final class WorkerProcess implements AutoCloseable {

    /**
     * The CPU time a worker may spend starting and warming up (about 2 s on an idle machine). CPU
     * time, not wall time: on a machine loaded 15 times over its cores a worker waited more than
     * 60 s of wall time for a CPU, and two accepted submissions came out JUDGE_ERROR.
     */
    static final Duration START_TIME = Duration.ofSeconds(60);
    /** The wall time a worker may take to start, however starved: only a hung start is refused. */
    static final Duration START_WALL_TIME = Duration.ofMinutes(10);
    private static final int STDERR_KEPT = 8 << 10;
    /** The worker JVM's threads that carry a compile forward: its main thread, the compiling one, the collector. */
    static final List<String> CARRIERS = List.of("java", CompilerWorker.COMPILING_THREAD, "VM Thread");

    /** Watches the deadlines of every worker's compile; one daemon thread for the whole judge. */
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "kata-judge-compiler-watchdog");
        thread.setDaemon(true);
        return thread;
    });

    /** Why a worker could not give a compilation for a request. */
    enum Harm {
        TIMEOUT, OUT_OF_MEMORY, CRASH, STALLED;

        /** Whether the machine rather than the source may have caused it: then another worker tries the source. */
        boolean mayBeTheMachines() {
            return this == CRASH || this == STALLED;
        }
    }

    /** A compile that harmed the worker: it is gone, and this says why. */
    static final class HarmedException extends Exception {
        final Harm harm;

        HarmedException(Harm harm, String message) {
            super(message);
            this.harm = harm;
        }
    }

    private final Process process;
    private final CompileLimits limits;
    private final DataOutputStream out;
    private final DataInputStream in;
    private final StringBuilder stderrTail = new StringBuilder();
    private final Thread drain;
    private volatile String killedBecause;
    /** Why a compile's worker was killed when it used up its CPU time. */
    private static final String TIMED_OUT = "timeout";
    private boolean broken;

    private WorkerProcess(Process process, CompileLimits limits) {
        this.process = process;
        this.limits = limits;
        this.out = new DataOutputStream(new BufferedOutputStream(process.getOutputStream()));
        this.in = new DataInputStream(new BufferedInputStream(process.getInputStream()));
        this.drain = new Thread(() -> drain(process.getErrorStream()), "kata-judge-compiler-stderr");
        drain.setDaemon(true);
        drain.start();
    }

    /** The command that starts a worker. */
    static List<String> command(CompileLimits limits) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + limits.heapMegabytes() + "m");
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.add("-XX:+DisplayVMOutputToStderr"); // the JVM's own last words must not land in the protocol
        command.add("-XX:MaxMetaspaceSize=256m");
        command.add("-XX:+UseSerialGC");          // one compile at a time: no GC threads to share the cores with
        command.add("-XX:TieredStopAtLevel=1");  // C1 only: a worker serves a batch, not hours
        command.add("-XX:-UsePerfData");
        command.add("-Xshare:auto");
        // javac's internals, so the worker's SubmissionCompiler reuses javac's context between compilations.
        // Here on the command line, not as Add-Exports in judge.jar's manifest: that would reach only a
        // judge started with java -jar, which compiles nothing itself (it asks workers), and not these
        // workers, started with -cp (nor a worker started by the JUnit engine inside a build).
        command.addAll(SubmissionCompiler.REUSE_JVM_OPTIONS);
        command.add("-cp");
        command.add(classPath());
        command.add(CompilerWorker.class.getName());
        command.add(String.valueOf(limits.stackMegabytes()));
        command.add(CompilerWorker.NO_WARM_UP);
        return command;
    }

    /**
     * Where the worker's classes are: the judge's own jar, or its class folders (the judge's and the
     * kata API's) as jars of them in the cache ({@link WorkerClassPath}).
     */
    private static String classPath() {
        Set<Path> entries = new LinkedHashSet<>();
        for (Class<?> type : List.of(CompilerWorker.class, EntryPoint.class)) {
            try {
                entries.add(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()));
            } catch (URISyntaxException | RuntimeException e) {
                return System.getProperty("java.class.path");
            }
        }
        return WorkerClassPath.of(List.copyOf(entries));
    }

    /**
     * Starts a worker and waits until it is ready (warmed up, unless told not to).
     *
     * @throws IOException when it cannot start or does not become ready: the judge's problem, not a submission's
     */
    static WorkerProcess start(CompileLimits limits, List<String> command) throws IOException {
        return start(limits, command, booting -> { });
    }

    /**
     * Starts a worker and waits until it is ready.
     *
     * @param launched told the worker as soon as its process runs, before it is ready (to stop it early)
     */
    static WorkerProcess start(CompileLimits limits, List<String> command, Consumer<WorkerProcess> launched)
            throws IOException {
        Process process = JvmEnvironment.stated(new ProcessBuilder(command)).start();
        WorkerProcess worker = new WorkerProcess(process, limits);
        launched.accept(worker);
        long started = System.nanoTime();
        ScheduledFuture<?> deadline = WATCHDOG.scheduleAtFixedRate(() -> {
            OptionalLong cpu = worker.cpuNanos();
            if (cpu.isPresent() && cpu.getAsLong() > START_TIME.toNanos()) {
                worker.kill("did not start within " + START_TIME.toSeconds() + " s of CPU time");
            } else if (System.nanoTime() - started > START_WALL_TIME.toNanos()) {
                worker.kill("did not start within " + START_WALL_TIME.toMinutes() + " min");
            }
        }, 100, 100, TimeUnit.MILLISECONDS);
        try {
            WorkerWire.expect(worker.in.readInt(), WorkerWire.READY, "ready signal");
            int version = worker.in.readInt();
            if (version != WorkerWire.VERSION) {
                throw new IOException("protocol version " + version + ", expected " + WorkerWire.VERSION);
            }
            return worker;
        } catch (IOException e) {
            worker.close();
            String why = worker.killedBecause != null ? worker.killedBecause : e.getMessage();
            throw new IOException("the compiler worker " + why + lastWords(worker.stderr()), e);
        } finally {
            deadline.cancel(false);
        }
    }

    /**
     * Compiles one submission.
     *
     * @param stall how long the compile may go without using its CPU time, by the wall clock less
     *              the worker's waits for a CPU: a backstop for a worker that hangs or is stopped
     * @throws HarmedException when the worker ran out of time or memory, crashed, broke the
     *                         protocol or stalled; it is gone then
     */
    Compilation compile(WorkerWire.Request request, Duration stall) throws HarmedException {
        if (broken) {
            throw new IllegalStateException("a harmed worker is not used again");
        }
        OptionalLong cpuBefore = cpuNanos();
        // the backstop for a compile that does not use its CPU time counts the wall clock less the waits for a CPU
        ChildClock clock = new ChildClock(process.pid(), CARRIERS);
        ScheduledFuture<?> watch = WATCHDOG.scheduleAtFixedRate(() -> {
            OptionalLong cpu = cpuNanos(); // unknown once the worker is gone: then its end says why
            boolean cpuOut = cpu.isPresent() && cpuBefore.isPresent()
                    && cpu.getAsLong() - cpuBefore.getAsLong() > limits.cpuTime().toNanos();
            if (cpuOut) {
                kill(TIMED_OUT);
            } else if (clock.charged() > stall.toNanos()) {
                kill(stalledMessage(stall));
            }
        }, 50, 50, TimeUnit.MILLISECONDS);
        try {
            WorkerWire.writeRequest(out, request);
            return WorkerWire.readCompilation(in);
        } catch (IOException e) {
            broken = true;
            throw harm(e);
        } finally {
            watch.cancel(false);
        }
    }

    private HarmedException harm(IOException cause) {
        if (killedBecause != null) {
            close();
            return killedBecause.equals(TIMED_OUT) ? new HarmedException(Harm.TIMEOUT, limits.timeoutMessage())
                    : new HarmedException(Harm.STALLED, killedBecause);
        }
        // What it says cannot be trusted once it breaks the protocol; otherwise let it finish dying, to learn why.
        boolean exited = !(cause instanceof WorkerWire.ProtocolException) && waitFor(Duration.ofSeconds(5));
        close();
        String stderr = stderr();
        if (stderr.contains("OutOfMemoryError")) {
            return new HarmedException(Harm.OUT_OF_MEMORY, limits.memoryMessage());
        }
        String what = cause instanceof WorkerWire.ProtocolException ? "broke its protocol (" + cause.getMessage() + ")"
                : exited ? "ended with exit status " + process.exitValue() : "stopped answering (" + cause.getMessage() + ")";
        return new HarmedException(Harm.CRASH, "the compiler " + what + " on this source" + lastWords(stderr));
    }

    /**
     * Said of a compile stopped by its backstop: not the source's limit (that is CPU time), but a
     * worker that neither computed nor waited for a CPU that long, which no source makes javac do.
     */
    static String stalledMessage(Duration stall) {
        return "the compiler made no progress on this source for " + stall.toSeconds() + " s (not counting its waits"
                + " for a CPU) and was stopped";
    }

    /** CPU time of the whole worker (all its threads), when the OS says (the wall clock bounds it anyway). */
    private OptionalLong cpuNanos() {
        Optional<Duration> cpu = process.isAlive() ? process.info().totalCpuDuration() : Optional.empty();
        return cpu.map(d -> OptionalLong.of(d.toNanos())).orElse(OptionalLong.empty());
    }

    private boolean waitFor(Duration time) {
        try {
            return process.waitFor(time.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void kill(String why) {
        if (killedBecause == null) {
            killedBecause = why;
        }
        process.destroyForcibly();
    }

    boolean isAlive() {
        return !broken && process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        broken = true;
        process.destroyForcibly();
        waitFor(Duration.ofSeconds(5));
    }

    private void drain(InputStream stderr) {
        byte[] buffer = new byte[4096];
        try (stderr) {
            int n;
            while ((n = stderr.read(buffer)) > 0) {
                synchronized (stderrTail) {
                    stderrTail.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                    if (stderrTail.length() > 2 * STDERR_KEPT) {
                        stderrTail.delete(0, stderrTail.length() - STDERR_KEPT);
                    }
                }
            }
        } catch (IOException e) {
            // the worker is gone
        }
    }

    /** What the worker wrote to standard error; everything it wrote, once it has ended. */
    private String stderr() {
        if (!process.isAlive()) {
            try {
                drain.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (stderrTail) {
            return stderrTail.toString();
        }
    }

    private static String lastWords(String stderr) {
        String text = stderr.strip();
        if (text.isEmpty()) {
            return "";
        }
        String last = text.lines().reduce((a, b) -> b).orElse("");
        return ": " + (last.length() > 300 ? last.substring(0, 300) + "..." : last);
    }
}

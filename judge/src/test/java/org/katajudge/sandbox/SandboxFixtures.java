package org.katajudge.sandbox;

import org.junit.jupiter.api.Assumptions;
import org.katajudge.Spinners;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.SolutionPolicy;
import org.katajudge.compile.SourceFile;
import org.katajudge.compile.SubmissionCompiler;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.ValueType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What the sandbox tests share: compiling hostile sources with the policy OFF (so that what the
 * policy would reject reaches the child JVM), launchers that skip an isolation this machine
 * lacks, and looking for processes a submission may have left behind.
 */
final class SandboxFixtures {

    /** Small limits, so hostile calls end fast: 64 MiB heap, 300 ms a call, 1 MiB of output, 4 KiB kept. */
    static final Limits SMALL = new Limits(64, 4, Duration.ofMillis(300), Duration.ofSeconds(20), 1 << 20, 4096);

    /** The class name every test submission uses. */
    static final String CLASS = "Hostile";

    private static final SubmissionCompiler COMPILER = new SubmissionCompiler(SolutionPolicy.standard());

    /** The processes of each session {@link #open} opened, noted as it opened. */
    private static final Map<SandboxSession, List<ProcessHandle>> TREES =
            Collections.synchronizedMap(new WeakHashMap<>());

    private SandboxFixtures() {
    }

    /** A method the submission declares: {@code public static returns name(parameters...)}. */
    static LoadRequest.Method method(String name, ValueType returns, ValueType... parameters) {
        return new LoadRequest.Method(name, List.of(parameters), returns);
    }

    /**
     * Compiles {@code source} (declaring public class {@value #CLASS}) with the
     * policy off, and asks for {@code methods}, in that order.
     */
    static LoadRequest request(String source, LoadRequest.Method... methods) {
        return new LoadRequest(CLASS, compile(source, methods), List.of(methods));
    }

    /** The class bytes of {@code source}, whose class must declare {@code methods}. */
    static java.util.Map<String, byte[]> compile(String source, LoadRequest.Method... methods) {
        List<EntryPoint> entryPoints = new ArrayList<>();
        for (LoadRequest.Method method : methods) {
            entryPoints.add(entryPoint(method));
        }
        Compilation compilation = COMPILER.compile(List.of(new SourceFile(CLASS + ".java", source)), CLASS,
                entryPoints, false);
        if (compilation instanceof Compilation.Compiled compiled) {
            return compiled.classes();
        }
        return fail("the test submission does not compile: " + compilation);
    }

    /** An entry point with only a signature: enough for the compiler's signature check. */
    private static EntryPoint entryPoint(LoadRequest.Method method) {
        EntryPoint.Builder builder = EntryPoint.method(method.name()).returns(method.returns());
        for (int i = 0; i < method.parameters().size(); i++) {
            builder.parameter(method.parameters().get(i), "p" + i);
        }
        return builder
                .reference(args -> { throw new UnsupportedOperationException("no reference in sandbox tests"); })
                .generator(choices -> { throw new UnsupportedOperationException("no generator in sandbox tests"); })
                .renderer(Arrays::toString)
                .build();
    }

    /** A launcher with {@code isolation}, or the test is skipped (not failed) when it does not work here. */
    static SandboxLauncher launcher(Isolation isolation, Limits limits) {
        try {
            return SandboxLauncher.create(Optional.of(isolation), limits);
        } catch (SandboxException e) {
            Assumptions.abort("skipped: " + e.getMessage()); // "isolation bwrap does not work on this machine ..."
            throw new AssertionError("unreachable");
        }
    }

    /** A launcher with the strongest isolation that works here, as the judge picks it. */
    static SandboxLauncher strongest(Limits limits) {
        try {
            return SandboxLauncher.create(Optional.empty(), limits);
        } catch (SandboxException e) {
            throw new AssertionError("the default isolation must always work", e);
        }
    }

    /**
     * Opens a session; its processes (the child and all below it, the JVM included) are noted as
     * it opens, so that {@link #survivorsOf} can tell whether any of them outlived it.
     */
    static SandboxSession open(SandboxLauncher launcher, LoadRequest request) {
        SandboxSession session;
        try {
            session = launcher.open(request, false);
        } catch (SandboxException | SubmissionLoadException e) {
            throw new AssertionError("the sandbox did not open: " + e.getMessage(), e);
        }
        List<ProcessHandle> tree = new ArrayList<>();
        ProcessHandle.of(session.childPid()).ifPresent(child -> {
            tree.add(child);
            tree.addAll(child.descendants().toList());
        });
        TREES.put(session, tree);
        return session;
    }

    /**
     * The processes of {@code session}, as it opened, still alive after {@code within}: none may
     * be once it ended. A test looks at its own session's processes only, not at every child of
     * this JVM (other tests run beside it).
     */
    static List<ProcessHandle> survivorsOf(SandboxSession session, Duration within) {
        List<ProcessHandle> tree = TREES.getOrDefault(session, List.of());
        long deadline = System.nanoTime() + within.toNanos();
        List<ProcessHandle> alive = tree.stream().filter(SandboxFixtures::running).toList();
        while (!alive.isEmpty() && System.nanoTime() < deadline) {
            pause();
            alive = tree.stream().filter(SandboxFixtures::running).toList();
        }
        return alive;
    }

    /**
     * Alive and not a zombie: a process of a killed tree is re-parented to init, and waits there to
     * be reaped (here and in containers, init may take its time); it runs nothing and holds nothing.
     */
    private static boolean running(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", String.valueOf(process.pid()), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (java.io.IOException | RuntimeException gone) {
            return process.isAlive();
        }
    }

    /** One call of method {@code method} on {@code args}; exactly one result. */
    static CallResult callOnce(SandboxSession session, int method, Object... args) {
        List<CallResult> results = session.call(method, List.<Object[]>of(args));
        assertEquals(1, results.size(), () -> "one result for one case: " + results);
        return results.get(0);
    }

    static Object[] args(Object... values) {
        return values;
    }

    /** A number for {@code sleep} that no other process on the machine has on its command line. */
    static String uniqueSleepSeconds() {
        return "601." + (100000 + ThreadLocalRandom.current().nextInt(900000));
    }

    /** The live processes with {@code marker} among their command-line arguments. */
    static List<ProcessHandle> processesWith(String marker) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> Arrays.asList(a).contains(marker)).orElse(false)
                        || p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .toList();
    }

    /** Waits until no process carries {@code marker}; the survivors, if some are still there after {@code within}. */
    static List<ProcessHandle> survivorsAfter(String marker, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        List<ProcessHandle> survivors = processesWith(marker);
        while (!survivors.isEmpty() && System.nanoTime() < deadline) {
            pause();
            survivors = processesWith(marker);
        }
        return survivors;
    }

    /** Kills what a failed test may have left running, so that it cannot hold pipes or disturb the next test. */
    static void killProcessesWith(String marker) {
        processesWith(marker).forEach(ProcessHandle::destroyForcibly);
    }

    /** The process ids of this JVM's child processes now. */
    static Set<Long> descendants() {
        return ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    /**
     * This JVM's child processes still alive after {@code within}, but for those alive {@code before}
     * (other tests' idle compiler workers, kept for the next engine): the sandbox must leave none.
     */
    static List<ProcessHandle> descendantsAfter(Set<Long> before, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        List<ProcessHandle> left = newSince(before);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            pause();
            left = newSince(before);
        }
        return left;
    }

    private static List<ProcessHandle> newSince(Set<Long> before) {
        return ProcessHandle.current().descendants().filter(p -> !before.contains(p.pid())).toList();
    }

    /**
     * A CPU made busy on purpose: {@code spinners} CPU-bound processes (each in a session of its own,
     * as other users' jobs are) pinned to one CPU, and children opened through {@link
     * OneBusyCpu#open} moved onto the same one, so that a child gets at most a share of
     * 1/(spinners + 1) of a CPU whatever the rest of the machine does. Closing it stops the spinners.
     */
    static OneBusyCpu oneBusyCpu(int spinners) throws java.io.IOException {
        Assumptions.assumeTrue(Tools.onPath("taskset"), "no taskset (util-linux) here");
        String allowed = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/thread-self/status")).stream()
                .filter(line -> line.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
                .substring("Cpus_allowed_list:".length()).strip();
        String cpu = allowed.split("[,-]")[0];
        return new OneBusyCpu(cpu, Spinners.onCpu(cpu, spinners));
    }

    /** See {@link #oneBusyCpu(int)}. */
    static final class OneBusyCpu implements AutoCloseable {
        private final String cpu;
        private final Spinners spinners;

        private OneBusyCpu(String cpu, Spinners spinners) {
            this.cpu = cpu;
            this.spinners = spinners;
        }

        /**
         * Opens a session and moves its child, every process and thread of it, onto the busy CPU
         * (the threads it starts later inherit that); the judge's own threads stay free.
         */
        SandboxSession open(SandboxLauncher launcher, LoadRequest request) throws Exception {
            SandboxSession session = SandboxFixtures.open(launcher, request);
            try {
                ProcessHandle child = ProcessHandle.of(session.childPid()).orElseThrow();
                List<ProcessHandle> tree = new ArrayList<>(List.of(child));
                tree.addAll(child.descendants().toList());
                for (ProcessHandle process : tree) {
                    Process taskset = new ProcessBuilder("taskset", "-a", "-p", "-c", cpu, String.valueOf(process.pid()))
                            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                    assertEquals(0, taskset.waitFor(), "taskset -a -p -c " + cpu + " " + process.pid());
                }
                return session;
            } catch (Exception | AssertionError e) {
                session.close();
                throw e;
            }
        }

        @Override
        public void close() {
            spinners.close();
        }
    }

    static String describe(List<ProcessHandle> processes) {
        return processes.stream().map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList().toString();
    }

    static long millisSince(long startNanos) {
        return Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}

package org.katajudge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A busy machine made on purpose: CPU-bound shell loops, each in a session of its own (the kernel
 * shares a CPU between sessions, its autogroups, and each child of the judge has a session of its
 * own too), optionally pinned to one CPU. Closing stops them and waits for their end; a test JVM
 * that never closes them (killed, or a fork ended by a time-out) does not leave them spinning: each
 * stops by itself within a few milliseconds of the JVM's end (14 left from killed runs had kept a
 * shared machine busy for an hour).
 */
public final class Spinners implements AutoCloseable {

    /** Spins while the process $1 lives, looking every 10,000 rounds (kill and [ are the shell's own). */
    private static final String SPIN = "while kill -0 \"$1\" 2>/dev/null; do i=0; while [ $i -lt 10000 ]; do i=$((i+1)); done; done";

    private final List<Process> processes = new ArrayList<>();

    private Spinners() {
    }

    /** {@code count} spinners, free to run on any CPU. */
    public static Spinners start(int count) throws IOException {
        return start(count, List.of());
    }

    /** {@code count} spinners on CPU {@code cpu} only ({@code taskset}, which the caller checked is there). */
    public static Spinners onCpu(String cpu, int count) throws IOException {
        return start(count, List.of("taskset", "-c", cpu));
    }

    /** Two spinners per core: every core busy, twice over. */
    public static Spinners twicePerCore() throws IOException {
        return start(2 * Runtime.getRuntime().availableProcessors());
    }

    private static Spinners start(int count, List<String> prefix) throws IOException {
        Spinners spinners = new Spinners();
        try {
            for (int i = 0; i < count; i++) {
                List<String> command = new ArrayList<>(prefix);
                command.addAll(List.of("setsid", "sh", "-c", SPIN, "spinner", String.valueOf(ProcessHandle.current().pid())));
                spinners.processes.add(new ProcessBuilder(command)
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
            }
        } catch (IOException | RuntimeException e) {
            spinners.close();
            throw e;
        }
        return spinners;
    }

    /** The spinners' processes, for a test that moves them (or checks they run). */
    public List<Process> processes() {
        return List.copyOf(processes);
    }

    @Override
    public void close() {
        for (Process spinner : processes) {
            spinner.destroyForcibly();
        }
        for (Process spinner : processes) {
            try {
                spinner.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}

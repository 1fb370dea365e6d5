package org.katajudge.sandbox.runner;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The clocks of one thread: its CPU time in user and in kernel mode and its state from its
 * /proc/PID/task/TID/stat (utime and stime, in clock ticks of 10 ms; state R is running or
 * waiting for a CPU, S and D blocked), and the time it ran and the time it waited for a CPU from
 * its schedstat (nanoseconds, exact; absent on kernels without CONFIG_SCHED_INFO, all zeros when
 * the kernel keeps no such figures).
 */
final class ThreadClock {

    static final int USER = 0;
    static final int BLOCKED = 1;
    static final int RUNNABLE = 2;
    /** Nanoseconds waited for a CPU in all, or -1 when unknown. */
    static final int WAITED = 3;
    /** Nanoseconds run on a CPU in all (user and kernel mode), or -1 when unknown. */
    static final int RUN = 4;
    /** CPU time in kernel mode, in nanoseconds of whole clock ticks. */
    static final int SYSTEM = 5;
    private static final long NANOS_PER_TICK = 10_000_000L; // USER_HZ is 100 on Linux
    private final RandomAccessFile stat;
    private final RandomAccessFile schedstat;
    private final byte[] buffer = new byte[1024];

    private ThreadClock(RandomAccessFile stat, RandomAccessFile schedstat) {
        this.stat = stat;
        this.schedstat = schedstat;
    }

    /** The clock of the thread whose /proc directory is {@code task} (tests: a directory of their own). */
    static ThreadClock of(Path task) throws IOException {
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

    /** The time a thread ran between two samples: by schedstat, else by its user time. */
    static long ran(long[] now, long[] before) {
        return now[RUN] >= 0 && before[RUN] >= 0 ? now[RUN] - before[RUN] : now[USER] - before[USER];
    }

    /**
     * {user CPU nanoseconds, 1 if blocked, 1 if running or waiting for a CPU, nanoseconds waited
     * for a CPU or -1, nanoseconds run or -1, kernel CPU nanoseconds}, or null when unknown.
     */
    long[] sample() {
        if (stat == null) {
            return null;
        }
        try {
            stat.seek(0);
            int length = stat.read(buffer);
            String line = new String(buffer, 0, Math.max(0, length), StandardCharsets.US_ASCII);
            String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
            long[] schedule = schedule();
            return reading(fields[0].charAt(0), Long.parseLong(fields[11]) * NANOS_PER_TICK,
                    Long.parseLong(fields[12]) * NANOS_PER_TICK, schedule[0], schedule[1]);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** A sample as {@link #sample()} makes it, of a thread in {@code state} (a letter of /proc's stat). */
    static long[] reading(char state, long userNanos, long systemNanos, long runNanos, long waitedNanos) {
        return new long[] {userNanos, state == 'S' || state == 'D' ? 1 : 0, state == 'R' ? 1 : 0, waitedNanos,
                runNanos, systemNanos};
    }

    /** The nanoseconds waited for a CPU in all, or -1 when unknown. */
    long waitedNanos() {
        return schedule()[1];
    }

    /**
     * {run, waited} from schedstat ("run_ns wait_ns slices"), each -1 when unknown; the run is
     * unknown too when the thread never ran by schedstat's count (the kernel keeps no figures:
     * "0 0 0").
     */
    private long[] schedule() {
        if (schedstat == null) {
            return new long[] {-1, -1};
        }
        try {
            schedstat.seek(0);
            int length = schedstat.read(buffer);
            String[] figures = new String(buffer, 0, Math.max(0, length), StandardCharsets.US_ASCII).strip().split(" ");
            long waited = Long.parseLong(figures[1]);
            return new long[] {Long.parseLong(figures[2]) > 0 ? Long.parseLong(figures[0]) : -1, waited};
        } catch (IOException | RuntimeException e) {
            return new long[] {-1, -1};
        }
    }
}

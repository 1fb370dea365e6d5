package org.katajudge.compile;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What compiling one submission may take. javac is not built for hostile input: a few kilobytes
 * of doubling string constants fill any heap, a short chain of generic types takes minutes. So
 * the judge compiles in a worker JVM of its own with a bounded heap and a deadline in CPU time
 * (a busy machine does not fail a compile), and refuses large sources before javac sees them.
 *
 * @param maxSourceBytes all of a submission's sources together (UTF-8 bytes on disk, or characters in memory)
 * @param maxFiles       source files of one submission
 * @param cpuTime        CPU time of one compile in the worker; wall-clock time is bounded too, far above it ({@link #wallTime})
 * @param heapMegabytes  the worker JVM's heap ({@code -Xmx})
 * @param stackMegabytes the stack of the worker's compiling thread (javac and the policy scanner recurse)
 */
public record CompileLimits(long maxSourceBytes, int maxFiles, Duration cpuTime, int heapMegabytes, int stackMegabytes) {

    /** 256 KiB of sources in at most 100 files, 10 s of CPU, 384 MiB of heap, 256 MiB of stack. */
    public static final CompileLimits DEFAULT = new CompileLimits(256 << 10, 100, Duration.ofSeconds(10), 384, 256);

    static final String SIMPLIFY = "simplify its constant expressions, generic types or nesting";
    static final String NESTED_TOO_DEEPLY = "the compiler gave up on this source: it is nested too deeply ("
            + SIMPLIFY + ")";

    /** The most the sources of a submission may be configured to take (a worker reads a file of at most 16 MiB). */
    public static final long MAX_SOURCE_BYTES = 4L << 20;

    public CompileLimits {
        if (maxSourceBytes < 1 || maxSourceBytes > MAX_SOURCE_BYTES || maxFiles < 1 || cpuTime.isNegative()
                || cpuTime.isZero() || heapMegabytes < 32
                || stackMegabytes < 1) {
            throw new IllegalArgumentException("unusable compile limits: " + this);
        }
    }

    public CompileLimits withCpuTime(Duration time) {
        return new CompileLimits(maxSourceBytes, maxFiles, time, heapMegabytes, stackMegabytes);
    }

    public CompileLimits withHeapMegabytes(int megabytes) {
        return new CompileLimits(maxSourceBytes, maxFiles, cpuTime, megabytes, stackMegabytes);
    }

    public CompileLimits withMaxSourceBytes(long bytes) {
        return new CompileLimits(bytes, maxFiles, cpuTime, heapMegabytes, stackMegabytes);
    }

    /**
     * Wall-clock time of one compile, less the worker's waits for a CPU: a backstop for a worker
     * that does not use its CPU time. The waits are left out because a busy machine gives it little
     * (at load 35-49 on 2 cores an accepted sample's compile took more than this by the wall clock).
     */
    public Duration wallTime() {
        return cpuTime.multipliedBy(3).plusSeconds(20);
    }

    /**
     * Why a submission of these files is too large to compile, if it is.
     *
     * @param files the number of files
     * @param size  their total size (bytes or characters)
     */
    public Optional<String> tooLarge(int files, long size) {
        if (files > maxFiles) {
            return Optional.of("the submission has " + files + " source files, more than the " + maxFiles
                    + " a kata solution may have");
        }
        if (size > maxSourceBytes) {
            return Optional.of("the submission's sources take " + kib(size) + " together, more than the "
                    + kib(maxSourceBytes) + " a kata solution may take");
        }
        return Optional.empty();
    }

    /** As {@link #tooLarge(int, long)}, for sources in memory (counted in characters). */
    public Optional<String> tooLarge(List<SourceFile> sources) {
        return tooLarge(sources.size(), sources.stream().mapToLong(s -> s.text().length()).sum());
    }

    /** The message of a compile that ran out of time. */
    public String timeoutMessage() {
        long millis = cpuTime.toMillis();
        return "the compiler gave up on this source after " + (millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms")
                + ": " + SIMPLIFY;
    }

    /** The message of a compile that ran out of memory. */
    public String memoryMessage() {
        return "the compiler ran out of memory (" + heapMegabytes + " MiB) on this source: " + SIMPLIFY;
    }

    private static String kib(long bytes) {
        return bytes % 1024 == 0 ? (bytes >> 10) + " KiB" : String.format(java.util.Locale.ROOT, "%.1f KiB", bytes / 1024.0);
    }
}

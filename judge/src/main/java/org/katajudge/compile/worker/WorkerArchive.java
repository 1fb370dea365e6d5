package org.katajudge.compile.worker;

import org.katajudge.cache.JudgeCache;
import org.katajudge.jvm.JvmEnvironment;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A class-data-sharing archive of a compiler worker (javac's classes and the judge's compiler,
 * parsed and verified), kept in the judge's cache ({@link JudgeCache}, entry {@code
 * compiler-cds-<key>}): a worker that maps it is ready in about a third of the wall time and two
 * thirds of the CPU time. It is written by a training worker that compiles only the judge's own
 * warm-up source ({@link CompilerWorker#WARM_UP}), never a submission's, and holds classes of the
 * JDK and the judge only. Only where the worker's class path is jars (CDS archives nothing from a
 * directory of classes: a judge run from its build folders, as in its own tests, goes without).
 * A worker that cannot map it (a mismatch) starts without it: compiling is the same either way.
 */
final class WorkerArchive {

    /**
     * On JDK 25 and later, an AOT cache (JEP 483, 514: classes loaded and linked, with method
     * profiles) in place of a dynamic CDS archive: measured on a worker's start and warm-up, about
     * 420 ms of CPU against 540 with the CDS archive and 790 with neither (docs/benchmarks.md).
     */
    static final boolean AOT = Runtime.version().feature() >= 25;
    static final String FILE_NAME = AOT ? "worker.aot" : "worker.jsa";
    /** How long a training worker may take to start and write its archive, however loaded the machine. */
    private static final long TRAINING_SECONDS = 300;

    private WorkerArchive() {
    }

    /** The entry's name for workers started with {@code command}; empty where no archive can serve them. */
    static Optional<String> name(List<String> command) {
        int cp = command.indexOf("-cp");
        if (cp < 0 || cp + 1 >= command.size()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>(command);
        parts.add(System.getProperty("java.runtime.version", "") + (AOT ? " aot" : " cds"));
        for (String entry : command.get(cp + 1).split(File.pathSeparator)) {
            Path jar = Path.of(entry);
            try {
                if (!Files.isRegularFile(jar) || !entry.endsWith(".jar")) {
                    return Optional.empty();
                }
                parts.add(Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis());
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Optional.of("compiler-cds-" + JudgeCache.key(parts.toArray(String[]::new)));
    }

    /** {@code command} with {@code archive} mapped. */
    static List<String> mapping(List<String> command, Path archive) {
        List<String> mapped = new ArrayList<>(command);
        if (AOT) {
            mapped.remove("-Xshare:auto"); // an AOT cache takes no -Xshare option
            mapped.add(1, "-XX:AOTCache=" + archive);
        } else {
            mapped.addAll(1, List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto"));
        }
        return mapped;
    }

    /** {@code command} without an archive {@link #mapping} put in. */
    static List<String> unmapped(List<String> command) {
        List<String> plain = new ArrayList<>(command);
        if (plain.size() > 2 && plain.get(1).startsWith("-XX:SharedArchiveFile=")) {
            plain.subList(1, 3).clear();
        } else if (plain.size() > 1 && plain.get(1).startsWith("-XX:AOTCache=")) {
            plain.remove(1);
        }
        return plain;
    }

    /**
     * The archive for {@code command} when the cache has it; else empty, and, where one can serve
     * these workers, a daemon thread (returned, started) that trains one for later runs.
     */
    static Optional<Path> find(List<String> command, List<Thread> training) {
        Optional<JudgeCache> cache = JudgeCache.standard();
        Optional<String> name = name(command);
        if (cache.isEmpty() || name.isEmpty()) {
            return Optional.empty();
        }
        Optional<Path> existing = existing(cache.get(), name.get());
        if (existing.isPresent()) {
            return existing;
        }
        Thread thread = new Thread(() -> cache.get().entry(name.get(), dir -> train(command, dir.resolve(FILE_NAME))),
                "kata-judge-compiler-archive");
        thread.setDaemon(true);
        thread.start();
        training.add(thread);
        return Optional.empty();
    }

    /** The archive for {@code command} when the cache has it; never trains one. */
    static Optional<Path> existing(List<String> command) {
        Optional<JudgeCache> cache = JudgeCache.standard();
        Optional<String> name = name(command);
        return cache.isEmpty() || name.isEmpty() ? Optional.empty() : existing(cache.get(), name.get());
    }

    private static Optional<Path> existing(JudgeCache cache, String name) {
        return cache.existing(name).map(dir -> dir.resolve(FILE_NAME));
    }

    /** The archive for {@code command}, trained now when the cache does not have it yet. */
    static Optional<Path> prepare(List<String> command) {
        Optional<JudgeCache> cache = JudgeCache.standard();
        Optional<String> name = name(command);
        if (cache.isEmpty() || name.isEmpty()) {
            return Optional.empty();
        }
        return cache.get().entry(name.get(), dir -> train(command, dir.resolve(FILE_NAME))).map(dir -> dir.resolve(FILE_NAME));
    }

    /** Starts a worker that writes the archive at its end, lets it warm up, then ends it by closing its input. */
    private static void train(List<String> command, Path archive) throws IOException {
        List<String> dumping = new ArrayList<>(command);
        dumping.remove(CompilerWorker.NO_WARM_UP); // the warm-up loads what a compile needs into the archive
        if (AOT) {
            dumping.remove("-Xshare:auto");
            dumping.add(1, "-XX:AOTCacheOutput=" + archive); // the JVM assembles the cache as it ends
        } else {
            dumping.add(1, "-XX:ArchiveClassesAtExit=" + archive);
        }
        Process process = JvmEnvironment.stated(new ProcessBuilder(dumping)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (InputStream out = process.getInputStream()) {
            byte[] ready = out.readNBytes(8); // READY and the protocol's version: the warm-up compile is done
            process.getOutputStream().close(); // the worker ends, writing the archive
            if (ready.length != 8 || !process.waitFor(TRAINING_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0
                    || !Files.isRegularFile(archive)) {
                throw new IOException("the training worker wrote no archive");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            process.destroyForcibly();
        }
    }
}

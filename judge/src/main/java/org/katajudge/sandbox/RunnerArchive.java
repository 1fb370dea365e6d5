package org.katajudge.sandbox;

import org.katajudge.cache.JudgeCache;
import org.katajudge.kata.ValueType;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A class-data-sharing archive of the runner, so that a child JVM maps the classes it needs
 * (the runner's, and those of java.base it uses beyond a bare JVM's: reflection, the capture of
 * the standard streams, the clock of its watchdog) already parsed and verified instead of
 * loading them from the jar and the runtime image: the child's start costs less CPU time.
 *
 * <p>The archive is a dynamic CDS archive on top of the child runtime's own, written once per
 * isolation mode and kept in the judge's cache ({@link SandboxCache}, entry {@link #cacheName}), or,
 * with the cache off or refused, once per judge process, by a training run: a child started exactly as a
 * submission's (the same runtime, class path, options, isolation and mounts, which the archive
 * must match) holding {@link ArchiveTraining}, the judge's own code, never a submission's. It
 * holds nothing of any submission, it is the judge user's, read-only to everyone, and each child
 * maps it read-only and copy-on-write, like the runtime's own archive: nothing passes between two
 * children through it. Classes that a submission defines are never in it. A child that cannot use it
 * (a mismatch) starts without it; results are the same with and without it ({@code
 * -Dkatajudge.cds=off} turns it off).
 */
final class RunnerArchive {

    /** The archive's name in the training child's scratch directory. */
    static final String FILE_NAME = "runner.jsa";
    /**
     * How long the training child may take to write the archive as it ends (a second of CPU time,
     * more on a loaded machine); one that takes longer is killed and its archive not kept.
     */
    static final Duration DUMP_TIME = Tools.PATIENCE;

    /** Per isolation mode: the archive, or empty when it is off or could not be made. */
    private static final Map<Isolation, Optional<Path>> ARCHIVES = new ConcurrentHashMap<>();
    private static volatile Path directory;

    private RunnerArchive() {
    }

    /** The archive for children of {@code launcher}: made on first use (one training child), then reused. */
    static Optional<Path> of(SandboxLauncher launcher) {
        if (!enabled()) {
            return Optional.empty();
        }
        return ARCHIVES.computeIfAbsent(launcher.isolation(), isolation -> train(launcher));
    }

    static boolean enabled() {
        return !System.getProperty("katajudge.cds", "on").equals("off") && ChildRuntime.get().linked();
    }

    /**
     * Runs the training child and keeps what it wrote as the judge's own read-only file; empty when
     * anything fails (children then start without an archive, only slower).
     */
    private static Optional<Path> train(SandboxLauncher launcher) {
        Optional<JudgeCache> cache = SandboxCache.get();
        if (cache.isPresent()) {
            // the archive alone in the directory children see (mounted at /cds under bubblewrap)
            Optional<Path> entry = cache.get().entry(cacheName(launcher), dir -> {
                if (train(launcher, Files.createDirectory(dir.resolve("archive")).resolve(FILE_NAME)).isEmpty()) {
                    throw new IOException("the training child wrote no archive");
                }
            });
            if (entry.isPresent()) {
                return Optional.of(entry.get().resolve("archive").resolve(FILE_NAME));
            }
        }
        try {
            return train(launcher, directory().resolve("runner-" + launcher.isolation().optionValue() + ".jsa"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The archive's entry in the cache: {@code runner-cds-<isolation>-<key>}, the key holding all the
     * archive must match (the runtime, the runner's jar, the children's options, the user they run as).
     */
    static String cacheName(SandboxLauncher launcher) {
        ChildRuntime runtime = ChildRuntime.get();
        return "runner-cds-" + launcher.isolation().optionValue() + "-" + JudgeCache.key(
                runtime.home().toString(), String.valueOf(runtime.linked()), System.getProperty("java.runtime.version", ""),
                RunnerClassPath.jar().toString(), String.join(" ", ChildCommand.jvmOptions(Limits.DEFAULT, false)),
                String.join(" ", runtime.moduleOptions()), String.valueOf(ChildUser.switches()));
    }

    /** Runs the training child, which writes the archive to {@code target}; empty when it did not. */
    private static Optional<Path> train(SandboxLauncher launcher, Path target) {
        LoadRequest request;
        try {
            request = trainingRequest();
        } catch (IOException e) {
            return Optional.empty();
        }
        SandboxLauncher trainer = launcher.withLimits(Limits.DEFAULT);
        try (SandboxSession session = trainer.open(request, false, Optional.empty(), true, scratch -> keep(scratch, target))) {
            for (int round = 0; round < 2; round++) {
                // more than 15 calls a method: reflection's generated accessors are used too
                session.call(0, cases(20, i -> new Object[] {i}));
                session.call(1, cases(20, i -> new Object[] {i}));
                session.call(2, cases(20, i -> new Object[] {"case " + i + " \u00e9\u4e2d"}));
                session.call(3, cases(20, i -> new Object[] {new int[] {i, i + 1, -i}}));
                session.call(4, cases(20, i -> new Object[] {new int[][] {{i, 1}, {2, 3}, {4, i}}}));
                session.call(5, cases(3, i -> new Object[] {i}));
                session.reset();
            }
        } catch (SandboxException | SubmissionLoadException | RuntimeException e) {
            return Optional.empty();
        }
        return Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) ? Optional.of(target) : Optional.empty();
    }

    private interface Case {
        Object[] of(int i);
    }

    private static List<Object[]> cases(int count, Case make) {
        List<Object[]> cases = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            cases.add(make.of(i));
        }
        return cases;
    }

    /** Copies the archive out of the training child's scratch directory into a file of the judge's own. */
    private static void keep(Path scratch, Path target) {
        Path written = scratch.resolve(FILE_NAME);
        if (!Files.isRegularFile(written, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Path part = Files.createTempFile(target.getParent(), "runner-", ".part");
            try (InputStream in = Files.newInputStream(written, LinkOption.NOFOLLOW_LINKS)) {
                Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
            }
            Files.setPosixFilePermissions(part, PosixFilePermissions.fromString("r--r--r--"));
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            // no archive: children start without one
        }
    }

    /** The judge's own directory of archives, readable by every child, created once per judge process (in {@link JudgeDirectory}). */
    static Path directory() throws IOException {
        Path path = directory;
        if (path == null) {
            synchronized (RunnerArchive.class) {
                if (directory == null) {
                    Path created = Files.createDirectory(JudgeDirectory.root().resolve("cds"));
                    Files.setPosixFilePermissions(created, PosixFilePermissions.fromString("rwxr-xr-x"));
                    directory = created;
                }
                path = directory;
            }
        }
        return path;
    }

    private static LoadRequest trainingRequest() throws IOException {
        String resource = ArchiveTraining.class.getName().replace('.', '/') + ".class";
        byte[] bytes;
        try (InputStream in = RunnerArchive.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing " + resource);
            }
            bytes = in.readAllBytes();
        }
        return new LoadRequest(ArchiveTraining.class.getName(), Map.of(ArchiveTraining.class.getName(), bytes), List.of(
                new LoadRequest.Method("twice", List.of(ValueType.INT), ValueType.INT),
                new LoadRequest.Method("even", List.of(ValueType.INT), ValueType.BOOLEAN),
                new LoadRequest.Method("upper", List.of(ValueType.STRING), ValueType.STRING),
                new LoadRequest.Method("reversed", List.of(ValueType.INT_ARRAY), ValueType.INT_ARRAY),
                new LoadRequest.Method("transposed", List.of(ValueType.INT_MATRIX), ValueType.INT_MATRIX),
                new LoadRequest.Method("fails", List.of(ValueType.INT), ValueType.INT)));
    }
}

package org.katajudge.sandbox;

import org.katajudge.cache.JudgeCache;
import org.katajudge.files.Trees;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * The Java runtime child JVMs run on: java.base and nothing else, so that no JDK tool
 * ({@code ToolProvider}: javac, jar, jpackage...) and no other module is within a submission's
 * reach.
 *
 * <p>Preferably a runtime image made once with {@code jlink --add-modules java.base} (with its
 * own CDS archive, so a child starts as fast as on the full JDK) and kept for later runs in the
 * judge's cache ({@link SandboxCache}, entry {@code runtime-<jdk>}), or, with the cache off or
 * refused, in the system's temp directory, checked to be the judge user's own and writable by
 * nobody else. When
 * jlink is missing (a JRE) or fails, the judge's own JDK with {@code --limit-modules java.base},
 * which is as narrow but starts slower (the JDK's CDS archive cannot be used with that option).
 * A process without a cache that finds no image in the temp directory makes one only once it has
 * started a few children ({@link DeferredRuntime}): for one submission, making it costs more than
 * it saves.
 */
final class ChildRuntime {

    /** The runtime of this process, unless it is {@link #deferred}'s to say (one of the two is set once prepared). */
    private static volatile ChildRuntime instance;
    private static volatile DeferredRuntime deferred;

    private final Path home;
    private final boolean linked;

    private ChildRuntime(Path home, boolean linked) {
        this.home = home;
        this.linked = linked;
    }

    /** The runtime for this judge process, made on first use (for a child's command: {@link #forChild}). */
    static ChildRuntime get() {
        prepareOnce();
        DeferredRuntime later = deferred;
        return later == null ? instance : later.current();
    }

    /** The runtime for a child about to start, which it counts ({@link DeferredRuntime}). */
    static ChildRuntime forChild() {
        prepareOnce();
        DeferredRuntime later = deferred;
        return later == null ? instance : later.forChild();
    }

    private static void prepareOnce() {
        if (instance == null && deferred == null) {
            synchronized (ChildRuntime.class) {
                if (instance == null && deferred == null) {
                    prepare();
                }
            }
        }
    }

    /** The JDK at {@code javaHome} narrowed to java.base by {@code --limit-modules}. */
    static ChildRuntime narrowed(Path javaHome) {
        return new ChildRuntime(javaHome, false);
    }

    /** The runtime's home directory. */
    Path home() {
        return home;
    }

    /** Its {@code java}. */
    String java() {
        return home.resolve("bin").resolve("java").toString();
    }

    /** The options that narrow the module graph: none for a java.base-only image. */
    List<String> moduleOptions() {
        return linked ? List.of() : List.of("--limit-modules", "java.base");
    }

    /** Whether this is a jlinked java.base image (else the judge's JDK, narrowed by an option). */
    boolean linked() {
        return linked;
    }

    private static void prepare() {
        Path javaHome = Path.of(System.getProperty("java.home"));
        Optional<ToolProvider> jlink = ToolProvider.findFirst("jlink");
        if (jlink.isEmpty() || System.getProperty("katajudge.jlink", "on").equals("off")) {
            instance = narrowed(javaHome);
            return;
        }
        Optional<JudgeCache> cache = SandboxCache.get();
        if (cache.isPresent()) {
            try {
                String name = "runtime-" + key(javaHome);
                Optional<Path> entry = cache.get().entry(name, dir -> build(jlink.get(), javaHome, dir.resolve("image")));
                if (entry.isPresent()) {
                    instance = new ChildRuntime(entry.get().resolve("image"), true);
                    return;
                }
            } catch (IOException | RuntimeException e) {
                // no cached image: one in the temp directory, as without a cache
            }
        }
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try {
            Path shared = tmp.resolve(cacheName(javaHome));
            if (usable(shared)) {
                instance = new ChildRuntime(shared, true);
                return;
            }
        } catch (IOException | RuntimeException e) {
            // not usable: as when there is none
        }
        deferred = new DeferredRuntime(narrowed(javaHome), () -> inTemp(tmp, javaHome, jlink.get()));
    }

    /** {@link #prepare(Path, Path, ToolProvider)}, an image that is not the shared one deleted at exit. */
    private static ChildRuntime inTemp(Path tmp, Path javaHome, ToolProvider jlink) throws IOException {
        ChildRuntime runtime = prepare(tmp, javaHome, jlink);
        if (!runtime.home.getFileName().toString().equals(cacheName(javaHome))) {
            // not the cache (the name is taken by something not ours): this process's own image
            Runtime.getRuntime().addShutdownHook(new Thread(() -> Trees.deleteQuietly(runtime.home)));
        }
        return runtime;
    }

    /**
     * The cached image in {@code tmp} when it is usable, else a new one, kept as the cache when
     * the name is free, else returned as it is (the caller deletes it at exit). The cache's name
     * holds the judge's user, so that two users of one machine do not take each other's name.
     */
    static ChildRuntime prepare(Path tmp, Path javaHome, ToolProvider jlink) throws IOException {
        Path cache = tmp.resolve(cacheName(javaHome));
        if (usable(cache)) {
            return new ChildRuntime(cache, true);
        }
        Path built = build(jlink, javaHome, tmp.resolve(cache.getFileName() + ".part-" + ProcessHandle.current().pid()
                + "-" + System.nanoTime()));
        try {
            Files.move(built, cache, StandardCopyOption.ATOMIC_MOVE);
            return new ChildRuntime(cache, true);
        } catch (IOException e) {
            // taken meanwhile by another judge process, or by something that is not ours
            if (usable(cache)) {
                Trees.deleteQuietly(built);
                return new ChildRuntime(cache, true);
            }
            return new ChildRuntime(built, true);
        }
    }

    /** {@code kata-judge-runtime-<jdk>-<user>}. */
    static String cacheName(Path javaHome) throws IOException {
        return "kata-judge-runtime-" + key(javaHome) + "-" + HexFormat.of().formatHex(
                sha256(System.getProperty("user.name", "")), 0, 4);
    }

    /** The cache directory's name part: which JDK it was made from. */
    private static String key(Path javaHome) throws IOException {
        String jdk = javaHome.toRealPath() + "\n" + System.getProperty("java.runtime.version", "") + "\n"
                + Files.getLastModifiedTime(javaHome.resolve("release"));
        return HexFormat.of().formatHex(sha256(jdk), 0, 8);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A complete image owned by the judge's user that no one else can write. */
    private static boolean usable(Path image) throws IOException {
        if (!Files.isDirectory(image, LinkOption.NOFOLLOW_LINKS) || !Files.exists(image.resolve(".complete"))) {
            return false;
        }
        try (Stream<Path> files = Files.walk(image)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (JudgeCache.unsafe(file).isPresent()) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * jlink's image of java.base, then its CDS archive, dumped by the image's own java with its
     * output kept (jlink's {@code --generate-cds-archive} lets the dump print its warnings about
     * classes of other modules on the judge's console).
     */
    private static Path build(ToolProvider jlink, Path javaHome, Path target) throws IOException {
        List<String> args = new ArrayList<>(List.of("--add-modules", "java.base", "--strip-debug", "--no-header-files",
                "--no-man-pages", "--output", target.toString()));
        Path binary = javaHome.resolve("bin").resolve("jlink");
        if (Files.isExecutable(binary)) {
            // a JVM of its own, C1 only (the jlink command costs 7 s of CPU time with C2's compiles, 3 with
            // C1 only, on a 2-core machine), its temp files in a directory of ours, gone even if it fails
            Path scratch = Files.createTempDirectory(target.getParent(), target.getFileName() + ".jlink-");
            List<String> command = new ArrayList<>(List.of(binary.toString(), "-J-XX:TieredStopAtLevel=1",
                    "-J-XX:+UseSerialGC", "-J-Djava.io.tmpdir=" + scratch));
            command.addAll(args);
            try {
                Tools.run(Tools.PATIENCE.multipliedBy(2), command.toArray(String[]::new));
            } catch (IOException e) {
                Trees.deleteQuietly(target);
                throw e;
            } finally {
                Trees.deleteQuietly(scratch);
            }
        } else {
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            PrintStream print = new PrintStream(log, true, StandardCharsets.UTF_8);
            if (jlink.run(print, print, args.toArray(String[]::new)) != 0) {
                Trees.deleteQuietly(target);
                throw new IOException("jlink failed: " + log.toString(StandardCharsets.UTF_8).strip());
            }
        }
        Path java = target.resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            Trees.deleteQuietly(target);
            throw new IOException("jlink made no " + java);
        }
        try {
            Tools.run(Tools.PATIENCE.multipliedBy(2), java.toString(), "-Xshare:dump"); // the image's default CDS archive
        } catch (IOException e) {
            Trees.deleteQuietly(target);
            throw e;
        }
        readableByAll(target);
        Files.writeString(target.resolve(".complete"), "");
        Files.setPosixFilePermissions(target.resolve(".complete"), EnumSet.of(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ));
        return target;
    }

    /** Children may run as another user: everyone may read (and, where the owner may, run) the image. */
    static void readableByAll(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (Files.isSymbolicLink(file)) {
                    continue;
                }
                Set<PosixFilePermission> permissions = EnumSet.of(PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ);
                if (Files.isDirectory(file) || Files.getPosixFilePermissions(file).contains(PosixFilePermission.OWNER_EXECUTE)) {
                    permissions.addAll(EnumSet.of(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE,
                            PosixFilePermission.OTHERS_EXECUTE));
                }
                Files.setPosixFilePermissions(file, permissions);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make " + root + " readable for the child", e);
        }
    }
}

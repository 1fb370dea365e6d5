package org.katajudge.sandbox;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
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
 * own CDS archive, so a child starts as fast as on the full JDK) and kept in the system's temp
 * directory for later runs, checked to be the judge user's own and writable by nobody else. When
 * jlink is missing (a JRE) or fails, the judge's own JDK with {@code --limit-modules java.base},
 * which is as narrow but starts about 60 ms slower (the JDK's CDS archive cannot be used with
 * that option).
 */
final class ChildRuntime {

    private static volatile ChildRuntime instance;

    private final Path home;
    private final boolean linked;

    private ChildRuntime(Path home, boolean linked) {
        this.home = home;
        this.linked = linked;
    }

    /** The runtime for this judge process, made on first use. */
    static ChildRuntime get() {
        ChildRuntime runtime = instance;
        if (runtime == null) {
            synchronized (ChildRuntime.class) {
                if (instance == null) {
                    instance = prepare();
                }
                runtime = instance;
            }
        }
        return runtime;
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

    private static ChildRuntime prepare() {
        Path javaHome = Path.of(System.getProperty("java.home"));
        Optional<ToolProvider> jlink = ToolProvider.findFirst("jlink");
        if (jlink.isEmpty() || System.getProperty("katajudge.jlink", "on").equals("off")) {
            return new ChildRuntime(javaHome, false);
        }
        try {
            Path cache = Path.of(System.getProperty("java.io.tmpdir"), "kata-judge-runtime-" + key(javaHome));
            if (usable(cache)) {
                return new ChildRuntime(cache, true);
            }
            Path built = build(jlink.get(), cache.resolveSibling(cache.getFileName() + ".part-" + ProcessHandle.current().pid()
                    + "-" + System.nanoTime()));
            try {
                Files.move(built, cache, StandardCopyOption.ATOMIC_MOVE);
                return new ChildRuntime(cache, true);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException | java.nio.file.DirectoryNotEmptyException e) {
                if (usable(cache)) { // another judge process was first
                    Directories.delete(built);
                    return new ChildRuntime(cache, true);
                }
                // someone else's, or broken: keep ours for this process only
                Runtime.getRuntime().addShutdownHook(new Thread(() -> Directories.delete(built)));
                return new ChildRuntime(built, true);
            }
        } catch (IOException | RuntimeException e) {
            return new ChildRuntime(javaHome, false);
        }
    }

    /** The cache directory's name part: which JDK it was made from. */
    private static String key(Path javaHome) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(javaHome.toRealPath().toString().getBytes(StandardCharsets.UTF_8));
            digest.update(System.getProperty("java.runtime.version", "").getBytes(StandardCharsets.UTF_8));
            digest.update(Files.getLastModifiedTime(javaHome.resolve("release")).toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A complete image owned by the judge's user that no one else can write. */
    private static boolean usable(Path image) throws IOException {
        if (!Files.isDirectory(image, LinkOption.NOFOLLOW_LINKS) || !Files.exists(image.resolve(".complete"))) {
            return false;
        }
        UserPrincipal me = currentUser();
        try (Stream<Path> files = Files.walk(image)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (Files.isSymbolicLink(file) || !Files.getOwner(file, LinkOption.NOFOLLOW_LINKS).equals(me)) {
                    return false;
                }
                Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
                if (permissions.contains(PosixFilePermission.GROUP_WRITE) || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static UserPrincipal currentUser() throws IOException {
        Path probe = Files.createTempFile("kata-judge-owner-", "");
        try {
            return Files.getOwner(probe);
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    private static Path build(ToolProvider jlink, Path target) throws IOException {
        List<String> args = new ArrayList<>(List.of("--add-modules", "java.base", "--strip-debug", "--no-header-files",
                "--no-man-pages", "--generate-cds-archive", "--output", target.toString()));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(log, true, StandardCharsets.UTF_8);
        int status = jlink.run(print, print, args.toArray(String[]::new));
        if (status != 0 || !Files.isExecutable(target.resolve("bin").resolve("java"))) {
            Directories.delete(target);
            throw new IOException("jlink failed: " + log.toString(StandardCharsets.UTF_8).strip());
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

package org.katajudge.cache;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * What the judge computes once and keeps on disk across runs, one directory per entry: the child
 * runtime image, the runner's jar and class-data archive, the compiler worker's archive. Each
 * entry's name holds a key of everything it depends on ({@link #key}), so a new JDK or a new judge
 * build simply finds no entry and makes its own.
 *
 * <p>Safe to share between judge processes and never a way in for a submission:
 * <ul>
 * <li>the cache's directory and every file below it must be the judge user's own and writable by
 *     nobody else (no symbolic links); a directory that is not is refused with one line on stderr,
 *     and the judge then makes what it needs for the one run, as without a cache;</li>
 * <li>an entry is built in a directory of its own ({@code <name>.part-<pid>-<n>}), listed with
 *     each file's size (and a class-data archive's CRC-32) in {@value #COMPLETE}, made read-only and renamed into place atomically:
 *     two judges starting at once each build one, the first rename wins and the other uses the
 *     winner's; a half-built entry is never under an entry's name;</li>
 * <li>before use an entry is checked again (ownership, modes, the listed sizes and checksums); one that does not
 *     check out is rebuilt, and an entry that cannot be kept is the run's own, deleted at exit.</li>
 * </ul>
 * Children read entries only (mounted read-only under bubblewrap; as another user when the judge
 * is root). What an entry holds never decides a verdict: a JVM that cannot map an archive starts
 * without it.
 *
 * <p>One file past 300 lines: an entry's life (built apart, sealed, checked, moved into place, found
 * again) is one protocol, read in one place; removing old entries is {@link Pruning}'s.
 *
 * <p>The directory: {@code -Dkatajudge.cache=DIR}, else the environment's {@value #ENV}, else
 * {@code $XDG_CACHE_HOME/kata-judge}, else {@code ~/.cache/kata-judge}; {@code off} for no cache.
 */
public final class JudgeCache {

    /** The environment variable naming the cache directory (or {@code off}). */
    public static final String ENV = "KATA_JUDGE_CACHE";
    /** The system property naming it, before the environment. */
    public static final String PROPERTY = "katajudge.cache";
    /** The file in each complete entry listing its files and their sizes. */
    static final String COMPLETE = ".complete";

    private static volatile Optional<JudgeCache> standard;
    /** Whether this process said it builds the caches: once a process. */
    private static final AtomicBoolean ANNOUNCED = new AtomicBoolean();

    private final Path root;

    private JudgeCache(Path root) {
        this.root = root;
    }

    /** What builds an entry's files into an empty directory. */
    @FunctionalInterface
    public interface Build {
        void into(Path directory) throws IOException;
    }

    /** The configured cache, checked once per process; empty when off or refused. */
    public static Optional<JudgeCache> standard() {
        Optional<JudgeCache> cache = standard;
        if (cache == null) {
            synchronized (JudgeCache.class) {
                if (standard == null) {
                    standard = configured().flatMap(JudgeCache::open);
                }
                cache = standard;
            }
        }
        return cache;
    }

    /** Whether the directory is named by the property or the environment variable (not a default). */
    public static boolean explicit() {
        String property = System.getProperty(PROPERTY);
        String env = System.getenv(ENV);
        return (property != null && !property.isBlank()) || (env != null && !env.isBlank());
    }

    /** The directory asked for (property, environment, XDG, home), before any check; empty for {@code off}. */
    public static Optional<Path> configured() {
        String given = System.getProperty(PROPERTY);
        if (given == null || given.isBlank()) {
            given = System.getenv(ENV);
        }
        if (given != null && !given.isBlank()) {
            return given.strip().equals("off") ? Optional.empty() : Optional.of(Path.of(given.strip()));
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Optional.of(Path.of(xdg, "kata-judge"));
        }
        String home = System.getProperty("user.home");
        return home == null || home.isBlank() ? Optional.empty() : Optional.of(Path.of(home, ".cache", "kata-judge"));
    }

    /**
     * The cache in {@code directory}, created when missing; empty, with one line on stderr, when it
     * is not safe to use (another user's, writable by others, not a directory).
     */
    public static Optional<JudgeCache> open(Path directory) {
        try {
            if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(directory);
                Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            Path real = directory.toRealPath();
            Optional<String> unsafe = unsafe(real);
            if (unsafe.isPresent()) {
                System.err.println("kata-judge: cache directory " + directory + " not used: " + unsafe.get());
                return Optional.empty();
            }
            return Optional.of(new JudgeCache(real));
        } catch (IOException | RuntimeException e) {
            System.err.println("kata-judge: cache directory " + directory + " not used: " + e.getMessage());
            return Optional.empty();
        }
    }

    public Path root() {
        return root;
    }

    /** Whether every directory from / down to the cache lets other users through (a root judge's children). */
    public boolean reachableByAll() {
        for (Path dir = root; dir != null; dir = dir.getParent()) {
            try {
                if (!Files.getPosixFilePermissions(dir).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                    return false;
                }
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
        }
        return true;
    }

    /** A short key of everything an entry depends on. */
    public static String key(String... parts) {
        return HexFormat.of().formatHex(sha256(String.join("\n", parts).getBytes(StandardCharsets.UTF_8)), 0, 10);
    }

    /** The SHA-256 of {@code bytes}. */
    public static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The entry {@code name} when it is there and checks out (checked once per process); never builds. */
    public Optional<Path> existing(String name) {
        Path entry = root.resolve(name);
        if (CHECKED.contains(entry)) {
            return Optional.of(entry);
        }
        if (!intact(entry)) {
            return Optional.empty();
        }
        CHECKED.add(entry);
        Pruning.markUsed(entry);
        return Optional.of(entry);
    }

    /** Entries found intact by this process: checked once, since only the judge's user can change them. */
    private static final Set<Path> CHECKED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * The entry {@code name}: the one there when it checks out, else one built now by {@code build}
     * (kept as the entry when possible, else this process's own, deleted at exit); empty when it
     * cannot be built.
     */
    public Optional<Path> entry(String name, Build build) {
        return entry(name, build, true);
    }

    /**
     * {@link #entry(String, Build)}, built without saying so: for an entry whose build may end
     * without building anything, as the judge's own archive does when its training run is a usage
     * error (every such run said it built the caches, "once", and built none). The runs that
     * build the other entries say it.
     */
    public Optional<Path> entryUnannounced(String name, Build build) {
        return entry(name, build, false);
    }

    private Optional<Path> entry(String name, Build build, boolean announce) {
        Optional<Path> existing = existing(name);
        if (existing.isPresent()) {
            return existing;
        }
        if (announce && ANNOUNCED.compareAndSet(false, true)) {
            System.err.println("kata-judge: building the judge's caches in " + root + " (once; later runs start faster)");
        }
        Path part = root.resolve(name + ".part-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        try {
            Files.createDirectory(part);
            build.into(part);
            seal(part);
        } catch (IOException | RuntimeException e) {
            delete(part);
            return Optional.empty();
        }
        Path entry = root.resolve(name);
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                Files.move(part, entry, StandardCopyOption.ATOMIC_MOVE);
                Pruning.prune(root, name);
                return Optional.of(entry);
            } catch (IOException e) {
                if (intact(entry)) { // another judge's, built meanwhile
                    delete(part);
                    return Optional.of(entry);
                }
                // stale or broken: moved aside (then deleted), and ours takes its name
                try {
                    Path aside = root.resolve(name + ".stale-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
                    Files.move(entry, aside, StandardCopyOption.ATOMIC_MOVE);
                    delete(aside);
                } catch (IOException | RuntimeException ignored) {
                    // not ours to move: keep ours for this run
                }
            }
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(part), "kata-judge-cache-cleanup"));
        return Optional.of(part);
    }

    /**
     * A directory of the cache for small files the judge keeps to itself, {@code <kind>-<key>}, mode
     * 700: see {@link PrivateDirectories}.
     */
    public Optional<Path> privateDirectory(String kind, String key) {
        return PrivateDirectories.of(root, kind, key);
    }

    /** Lists every file with its size, then makes the whole entry read-only for everyone (directories passable). */
    private static void seal(Path entry) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(entry)) {
            for (Path file : (Iterable<Path>) files.sorted()::iterator) {
                if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    lines.add(Files.size(file) + " " + checksum(file) + " " + entry.relativize(file));
                }
            }
        }
        if (lines.isEmpty()) {
            throw new IOException("nothing was built");
        }
        Files.write(entry.resolve(COMPLETE), lines, StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.walk(entry)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (Files.isSymbolicLink(file)) {
                    throw new IOException("a symbolic link in a cache entry: " + file);
                }
                boolean passable = Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)
                        || Files.getPosixFilePermissions(file).contains(PosixFilePermission.OWNER_EXECUTE);
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(
                        Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS) ? "rwxr-xr-x" : passable ? "r-xr-xr-x" : "r--r--r--"));
            }
        }
    }

    /** Complete (every listed file there with its size), the judge user's, and writable by nobody else. */
    static boolean intact(Path entry) {
        try {
            if (!Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS) || unsafe(entry).isPresent()) {
                return false;
            }
            Path complete = entry.resolve(COMPLETE);
            if (!Files.isRegularFile(complete, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            int files = 0;
            for (String line : Files.readAllLines(complete, StandardCharsets.UTF_8)) {
                String[] fields = line.split(" ", 3);
                Path file = entry.resolve(fields[fields.length - 1]).normalize();
                if (fields.length != 3 || !file.startsWith(entry) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                        || Files.size(file) != Long.parseLong(fields[0]) || !checksum(file).equals(fields[1])) {
                    return false;
                }
                files++;
            }
            try (Stream<Path> all = Files.walk(entry)) {
                for (Path file : (Iterable<Path>) all::iterator) {
                    if (unsafe(file).isPresent()) {
                        return false;
                    }
                }
            }
            return files > 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * A class-data archive's or AOT cache's CRC-32 (a JVM trusts what it maps: a damaged archive can crash it, or
     * worse), {@code -} for any other file, whose size is checked only. CRC-32, not a cryptographic
     * hash: it is there against damage (a disk, a copy); against tampering stand the ownership and
     * the modes, and it costs some 10 ms for the archives of a run, not 100.
     */
    private static String checksum(Path file) throws IOException {
        if (!file.getFileName().toString().endsWith(".jsa") && !file.getFileName().toString().endsWith(".aot")) {
            return "-";
        }
        // mapped, not read through a buffer: the judge's own archive (26 MB) is checked at every start
        CRC32 crc = new CRC32();
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long size = channel.size();
            for (long at = 0; at < size; at += Integer.MAX_VALUE) {
                crc.update(channel.map(java.nio.channels.FileChannel.MapMode.READ_ONLY, at, Math.min(Integer.MAX_VALUE, size - at)));
            }
        }
        return Long.toHexString(crc.getValue());
    }

    /**
     * Why {@code path} may not be trusted: a link, another user's, or writable by group or others
     * (the judge's files outside its cache are checked the same way: the children's runtime without
     * a cache, the claims of child users).
     */
    public static Optional<String> unsafe(Path path) throws IOException {
        if (Files.isSymbolicLink(path)) {
            return Optional.of("a symbolic link");
        }
        if (!Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS).equals(currentUid())) {
            return Optional.of("owned by " + Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName()
                    + ", not by the judge's user");
        }
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
        if (permissions.contains(PosixFilePermission.GROUP_WRITE) || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
            return Optional.of("writable by other users");
        }
        return Optional.empty();
    }

    private static volatile Integer uid;

    /**
     * The judge's user id: the owner of {@code /proc/self}, which is the process's (no lookup of
     * a name, no random temporary file: this runs in every judge's start); else the owner of a file
     * made for the purpose.
     */
    private static Integer currentUid() throws IOException {
        Integer me = uid;
        if (me == null) {
            Path self = Path.of("/proc/self");
            if (Files.isDirectory(self)) {
                me = (Integer) Files.getAttribute(self, "unix:uid");
            } else {
                Path probe = Files.createTempFile("kata-judge-owner-", "");
                try {
                    me = (Integer) Files.getAttribute(probe, "unix:uid");
                } finally {
                    Files.deleteIfExists(probe);
                }
            }
            uid = me;
        }
        return me;
    }

    /** Deletes {@code dir} and all below it, giving write permission back to what was sealed. */
    static void delete(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                        Files.setPosixFilePermissions(p, EnumSet.allOf(PosixFilePermission.class).stream()
                                .filter(x -> x.name().startsWith("OWNER")).collect(java.util.stream.Collectors.toSet()));
                    }
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | RuntimeException ignored) {
            // what is left is never taken for an entry: its name is not one
        }
    }
}

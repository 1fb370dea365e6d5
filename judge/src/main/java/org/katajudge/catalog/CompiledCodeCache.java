package org.katajudge.catalog;

import org.katajudge.cache.JudgeCache;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Compiled kata code on disk, keyed by the hash of what it was compiled from, so loading a kata
 * folder a second time costs a file read instead of a javac run.
 *
 * <p>One file per key, {@code <key>.classes}: the class files and a SHA-256 of the whole content.
 * It is written to a temporary file in the same directory and renamed into place atomically, so a
 * concurrent run sees the old entry, the new one or none, never half of one; an entry that does not
 * check out (truncated, altered, unreadable) is ignored and rewritten.
 *
 * <p>The directory: {@code -Dkatajudge.cache=DIR} when set, else {@code $KATA_JUDGE_CACHE}, else {@code $XDG_CACHE_HOME/kata-judge},
 * else {@code ~/.cache/kata-judge}, else {@code kata-judge-<user>} in the temporary directory; the
 * first that can be created is used, and without any the judge compiles every time.
 */
public final class CompiledCodeCache {

    private static final byte[] MAGIC = "kata-judge compiled kata code 1\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /** No kata's classes come near this; a larger file is not an entry. */
    private static final long MAX_ENTRY_BYTES = 64L << 20;

    private static volatile CompiledCodeCache standard;

    private final Optional<Path> directory;
    private final AtomicInteger hits = new AtomicInteger();
    private final AtomicInteger misses = new AtomicInteger();

    /** @param directory where entries live, created when needed; empty for no cache */
    public CompiledCodeCache(Optional<Path> directory) {
        this.directory = directory;
    }

    /** The cache every command uses, in the directory described above. */
    public static CompiledCodeCache standard() {
        CompiledCodeCache cache = standard;
        if (cache == null) {
            synchronized (CompiledCodeCache.class) {
                if (standard == null) {
                    standard = new CompiledCodeCache(defaultDirectory());
                }
                cache = standard;
            }
        }
        return cache;
    }

    /** The cache's directory, if it has one. */
    public Optional<Path> directory() {
        return directory;
    }

    /** How many lookups found a valid entry. */
    public int hits() {
        return hits.get();
    }

    /** How many lookups found none (or a broken one), so the caller compiled. */
    public int misses() {
        return misses.get();
    }

    /** The classes stored under {@code key}, when a valid entry exists. */
    Optional<Map<String, byte[]>> read(String key) {
        Optional<Map<String, byte[]>> classes = directory.flatMap(dir -> readEntry(dir.resolve(key + ".classes")));
        (classes.isPresent() ? hits : misses).incrementAndGet();
        return classes;
    }

    /** Stores {@code classes} under {@code key}; a cache that cannot be written is only slower. */
    void write(String key, Map<String, byte[]> classes) {
        if (directory.isEmpty()) {
            return;
        }
        Path dir = directory.get();
        Path entry = dir.resolve(key + ".classes");
        Path temporary = dir.resolve(key + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        try {
            Files.createDirectories(dir);
            Files.write(temporary, encode(classes));
            try {
                Files.move(temporary, entry, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, entry, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException ignored) {
                // a stray temporary file is harmless: it is never read as an entry
            }
        }
    }

    /** Forgets a broken entry, so the next run does not trip over it again. */
    void discard(String key) {
        directory.ifPresent(dir -> {
            try {
                Files.deleteIfExists(dir.resolve(key + ".classes"));
            } catch (IOException ignored) {
                // rewritten on the next store anyway
            }
        });
    }

    private static Optional<Map<String, byte[]>> readEntry(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_ENTRY_BYTES) {
                return Optional.empty();
            }
            return decode(Files.readAllBytes(file));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static byte[] encode(Map<String, byte[]> classes) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.write(MAGIC);
            out.writeInt(classes.size());
            for (Map.Entry<String, byte[]> entry : new TreeMap<>(classes).entrySet()) {
                out.writeUTF(entry.getKey());
                out.writeInt(entry.getValue().length);
                out.write(entry.getValue());
            }
            out.flush();
            byte[] content = bytes.toByteArray();
            out.write(sha256(content));
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e); // a byte array does not fail
        }
    }

    static Optional<Map<String, byte[]>> decode(byte[] file) {
        if (file.length < MAGIC.length + 4 + 32) {
            return Optional.empty();
        }
        byte[] content = Arrays.copyOf(file, file.length - 32);
        if (!MessageDigest.isEqual(sha256(content), Arrays.copyOfRange(file, file.length - 32, file.length))
                || !Arrays.equals(MAGIC, Arrays.copyOf(content, MAGIC.length))) {
            return Optional.empty();
        }
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(content, MAGIC.length, content.length - MAGIC.length));
            int count = in.readInt();
            Map<String, byte[]> classes = new TreeMap<>();
            for (int i = 0; i < count; i++) {
                String name = in.readUTF();
                int length = in.readInt();
                if (length < 0 || length > in.available()) {
                    return Optional.empty();
                }
                classes.put(name, in.readNBytes(length));
            }
            return in.available() == 0 && count > 0 ? Optional.of(classes) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static Optional<Path> defaultDirectory() {
        if (JudgeCache.explicit()) { // named as the judge's other caches are: that directory, or none for "off"
            return JudgeCache.configured().flatMap(CompiledCodeCache::usable);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        String home = System.getProperty("user.home");
        for (Path candidate : new Path[] {
                xdg != null && !xdg.isBlank() ? Path.of(xdg, "kata-judge") : null,
                home != null && !home.isBlank() ? Path.of(home, ".cache", "kata-judge") : null,
                Path.of(System.getProperty("java.io.tmpdir"), "kata-judge-" + System.getProperty("user.name", "user"))}) {
            if (candidate != null) {
                Optional<Path> usable = usable(candidate);
                if (usable.isPresent()) {
                    return usable;
                }
            }
        }
        return Optional.empty();
    }

    /** The directory for kata classes below {@code root}, when it can be created and written. */
    private static Optional<Path> usable(Path root) {
        try {
            Path dir = root.resolve("kata-classes");
            Files.createDirectories(dir);
            return Files.isWritable(dir) ? Optional.of(dir) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}

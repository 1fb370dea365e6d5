package org.katajudge.launch;

import org.katajudge.cache.JudgeCache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The class-data archive of the judge's own classes, an entry of the judge's cache: made by the
 * judge's first relaunched run on a machine (its JVM writes the archive as it exits,
 * {@code -XX:ArchiveClassesAtExit}) and mapped by every later one. Its entry's name holds a key
 * of all the archive depends on: the JDK, the judge's jar (path, size, time) and the JVM options
 * the judge runs with; the JVM checks the jar again itself, and a JVM that cannot map an archive
 * starts without it ({@code -Xshare:auto}). A JDK that cannot make one leaves an entry saying so,
 * so that no later run tries again.
 */
final class JudgeArchive {

    /** The archive's file in its entry. */
    static final String FILE_NAME = "judge.jsa";
    /** The file of an entry that says this JDK made no archive. */
    static final String NONE = "none";
    /** The JVM options of a judge with its archive: archives quiet (their warnings would land in the output). */
    static final List<String> QUIET = List.of("-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");

    private final JudgeCache cache;
    private final String name;

    private JudgeArchive(JudgeCache cache, String name) {
        this.cache = cache;
        this.name = name;
    }

    /** The judge's archive for {@code jar} run with {@code jvmOptions}, in {@code cache}. */
    static Optional<JudgeArchive> of(JudgeCache cache, Path jar, List<String> jvmOptions) {
        try {
            String key = key(System.getProperty("java.home", ""), System.getProperty("java.runtime.version", ""),
                    jar.toAbsolutePath().toString(), String.valueOf(Files.size(jar)),
                    String.valueOf(Files.getLastModifiedTime(jar).toMillis()), String.join(" ", jvmOptions));
            return Optional.of(new JudgeArchive(cache, "judge-cds-" + key));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * A 64-bit FNV-1a hash of the parts, in hex: not JudgeCache's SHA-256, whose provider costs some
     * 12 ms in every judge's start. Enough: the name only finds the entry; the JVM itself refuses an
     * archive made for another jar or JDK.
     */
    static String key(String... parts) {
        long hash = 0xcbf29ce484222325L;
        for (String part : parts) {
            for (int i = 0; i < part.length(); i++) {
                hash = (hash ^ part.charAt(i)) * 0x100000001b3L;
            }
            hash = (hash ^ '\n') * 0x100000001b3L;
        }
        return Long.toHexString(hash);
    }

    String name() {
        return name;
    }

    /** What the cache holds: the archive, or that this JDK makes none; empty when nothing is there yet. */
    Optional<Optional<Path>> existing() {
        return cache.existing(name).map(entry -> {
            Path archive = entry.resolve(FILE_NAME);
            return Files.isRegularFile(archive, LinkOption.NOFOLLOW_LINKS) ? Optional.of(archive) : Optional.empty();
        });
    }

    /** What makes the entry's files, given where the archive is to be written: true when it ran to a clean end. */
    @FunctionalInterface
    interface Dump {
        boolean into(Path archive) throws IOException;
    }

    /**
     * Builds the entry by {@code dump}, a run of the judge that writes the archive as it ends. Kept
     * only when that run ended cleanly; when it did so without writing an archive (a JDK with no
     * base archive to extend), the entry says {@value #NONE}.
     */
    void build(Dump dump) {
        cache.entry(name, directory -> {
            Path archive = directory.resolve(FILE_NAME);
            if (!dump.into(archive)) {
                throw new IOException("the run that was to write the judge's archive did not end cleanly");
            }
            if (!Files.isRegularFile(archive, LinkOption.NOFOLLOW_LINKS) || Files.size(archive) == 0) {
                Files.deleteIfExists(archive);
                Files.writeString(directory.resolve(NONE), "this JVM wrote no class-data archive\n");
            }
        });
    }
}

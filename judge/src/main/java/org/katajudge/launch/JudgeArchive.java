package org.katajudge.launch;

import org.katajudge.cache.JudgeCache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The class-data archive of the judge's own classes, an entry of the judge's cache: made after the
 * judge's first relaunched run on a machine (which lists the classes it loads; a static archive of
 * them is written once it has ended, see {@link #build}) and mapped by every later one. Its entry's name holds a key
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
            List<String> parts = new ArrayList<>(madeFor(jar));
            parts.add(String.join(" ", jvmOptions));
            return Optional.of(new JudgeArchive(cache, "judge-cds-" + key(parts.toArray(String[]::new))));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** What an archive for {@code jar} is made for, the JVM options aside: the JDK and the jar (path, size, time). */
    static List<String> madeFor(Path jar) throws IOException {
        return List.of(System.getProperty("java.home", ""), System.getProperty("java.runtime.version", ""),
                jar.toAbsolutePath().toString(), String.valueOf(Files.size(jar)),
                String.valueOf(Files.getLastModifiedTime(jar).toMillis()));
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

    /** A run of the judge that lists the classes it loads in {@code classList}: true when it ran to a clean end. */
    @FunctionalInterface
    interface Training {
        boolean listing(Path classList) throws IOException;
    }

    /**
     * Builds the entry: {@code training} runs the judge, which lists every class it loads
     * ({@code -XX:DumpLoadedClassList}); then a JVM with {@code jvmOptions} writes a static archive
     * of those classes and the JDK's ({@code -Xshare:dump}). Static, not a dynamic archive of the
     * classes beyond the JDK's: it also holds picocli's, whose Java 5 class files a dynamic archive
     * refuses, and it maps all in one; chess-square-color's fresh grade cost 0.69 s of CPU against
     * 0.95 s with a dynamic archive. Kept only when the training ended cleanly; when no archive
     * could be written (a JVM without CDS), the entry says {@value #NONE}, so no later run tries again.
     */
    void build(Training training, Path jar, List<String> jvmOptions) {
        // said by the training run, when it builds the other entries: a usage error builds none, and says nothing
        cache.entryUnannounced(name, directory -> {
            Path classList = directory.resolve("classes.lst");
            Path archive = directory.resolve(FILE_NAME);
            if (!training.listing(classList)) {
                throw new IOException("the run that was to list the judge's classes did not end cleanly");
            }
            boolean written = Files.isRegularFile(classList, LinkOption.NOFOLLOW_LINKS) && dump(classList, archive, jar, jvmOptions);
            Files.deleteIfExists(classList);
            if (!written) {
                Files.deleteIfExists(archive);
                Files.writeString(directory.resolve(NONE), "this JVM wrote no class-data archive\n");
            }
        });
    }

    /** Writes the static archive of {@code classList}'s classes for {@code jar}; whether it was written. */
    private static boolean dump(Path classList, Path archive, Path jar, List<String> jvmOptions) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-Xshare:dump", "-XX:SharedClassListFile=" + classList, "-XX:SharedArchiveFile=" + archive));
        command.addAll(TunedOptions.of(jvmOptions, false));
        command.addAll(List.of("-cp", jar.toString()));
        try {
            Process dumping = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return dumping.waitFor() == 0 && Files.isRegularFile(archive, LinkOption.NOFOLLOW_LINKS) && Files.size(archive) > 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}

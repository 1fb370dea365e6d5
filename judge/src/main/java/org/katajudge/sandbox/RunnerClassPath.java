package org.katajudge.sandbox;

import org.katajudge.cache.JudgeCache;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * The child JVM's whole class path: the runner's classes, {@link #CLASSES} and no other, copied
 * out of the judge into a jar ({@value #JAR_NAME}) alone in a private directory. Not the judge's
 * jar: nothing of the judge, the references or Jackson is reachable from a submission's JVM. A
 * jar rather than a directory of classes because class-data sharing ({@link RunnerArchive})
 * archives classes from jars only.
 */
public final class RunnerClassPath {

    /** The runner's package, as a resource path. */
    static final String PACKAGE = "org/katajudge/sandbox/runner/";

    /**
     * The runner's classes, each by its name in {@link #PACKAGE}: the child's class list, explicit
     * so that the runner may be split into classes of one job each without costing a child's
     * start anything (they are all in the runner's archive, {@link RunnerArchive}). A class of the
     * package missing here would be a NoClassDefFoundError in every child, perhaps only on a rare
     * path: RunnerClassPathTest compares the list with what was compiled.
     */
    static final List<String> CLASSES = List.of("Runner", "CallLoop", "SubmissionClasses", "BytesClassLoader",
            "Answers", "Watchdog", "CallTime", "CallPresence", "ThreadClock", "OutputCapture", "Wire", "JudgeWatch");

    /** The jar's name in {@link #directory()}. */
    public static final String JAR_NAME = "runner.jar";

    private static volatile Path directory;

    private RunnerClassPath() {
    }

    /** The runner's jar, in {@link #directory()}. */
    public static Path jar() {
        return directory().resolve(JAR_NAME);
    }

    /** The directory holding the runner's jar (and, in the cache, its list of files), found or made once per judge process. */
    public static Path directory() {
        Path path = directory;
        if (path == null) {
            synchronized (RunnerClassPath.class) {
                if (directory == null) {
                    directory = extract();
                }
                path = directory;
            }
        }
        return path;
    }

    /**
     * The jar in the judge's cache ({@link SandboxCache}, entry {@code runner-<hash of its classes>}),
     * where it keeps its path and time from run to run, as the runner's archive requires; else in
     * this process's own directory.
     */
    private static Path extract() {
        try {
            Map<String, byte[]> classes = classes();
            Optional<JudgeCache> cache = SandboxCache.get();
            if (cache.isPresent()) {
                MessageDigest digest = sha256();
                classes.forEach((name, bytes) -> {
                    digest.update(name.getBytes(StandardCharsets.UTF_8));
                    digest.update(bytes);
                });
                Optional<Path> entry = cache.get().entry("runner-jar-" + HexFormat.of().formatHex(digest.digest(), 0, 10),
                        dir -> write(classes, Files.createDirectory(dir.resolve("classpath"))));
                if (entry.isPresent()) {
                    return entry.get().resolve("classpath"); // the jar alone: the entry's list of files stays outside
                }
            }
            Path root = Files.createDirectory(JudgeDirectory.root().resolve("runner"));
            write(classes, root);
            ChildRuntime.readableByAll(root); // children may run as another user
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the runner's class path", e);
        }
    }

    private static Map<String, byte[]> classes() throws IOException {
        Map<String, byte[]> classes = new LinkedHashMap<>();
        for (String name : CLASSES) {
            String resource = PACKAGE + name + ".class";
            try (InputStream in = RunnerClassPath.class.getClassLoader().getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IOException("missing " + resource);
                }
                classes.put(resource, in.readAllBytes());
            }
        }
        return classes;
    }

    private static void write(Map<String, byte[]> classes, Path directory) throws IOException {
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(directory.resolve(JAR_NAME)))) {
            for (Map.Entry<String, byte[]> each : classes.entrySet()) {
                JarEntry entry = new JarEntry(each.getKey());
                entry.setTime(0);
                jar.putNextEntry(entry);
                jar.write(each.getValue());
                jar.closeEntry();
            }
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

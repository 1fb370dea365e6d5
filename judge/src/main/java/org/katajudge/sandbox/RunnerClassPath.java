package org.katajudge.sandbox;

import org.katajudge.sandbox.runner.Runner;
import org.katajudge.sandbox.runner.Wire;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * The child JVM's whole class path: the runner's few classes, copied out of the judge into a
 * jar ({@value #JAR_NAME}) alone in a private directory. Not the judge's jar: nothing of the
 * judge, the references or Jackson is reachable from a submission's JVM. A jar rather than a
 * directory of classes because class-data sharing ({@link RunnerArchive}) archives classes from
 * jars only.
 */
public final class RunnerClassPath {

    /** The jar's name in {@link #directory()}. */
    public static final String JAR_NAME = "runner.jar";

    private static volatile Path directory;

    private RunnerClassPath() {
    }

    /** The runner's jar, in {@link #directory()}. */
    public static Path jar() {
        return directory().resolve(JAR_NAME);
    }

    /** The directory holding the runner's jar and nothing else, created once per judge process (in {@link JudgeDirectory}). */
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

    /** The runner's classes: {@link Runner}, its nested classes and {@link Wire}; nothing else. */
    static List<Class<?>> classes() {
        List<Class<?>> classes = new ArrayList<>(List.of(Runner.class, Wire.class));
        classes.addAll(List.of(Runner.class.getDeclaredClasses()));
        return classes;
    }

    private static Path extract() {
        try {
            Path root = Files.createDirectory(JudgeDirectory.root().resolve("runner"));
            try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(root.resolve(JAR_NAME)))) {
                for (Class<?> type : classes()) {
                    String resource = type.getName().replace('.', '/') + ".class";
                    try (InputStream in = RunnerClassPath.class.getClassLoader().getResourceAsStream(resource)) {
                        if (in == null) {
                            throw new IOException("missing " + resource);
                        }
                        JarEntry entry = new JarEntry(resource);
                        entry.setTime(0);
                        jar.putNextEntry(entry);
                        in.transferTo(jar);
                        jar.closeEntry();
                    }
                }
            }
            ChildRuntime.readableByAll(root); // children may run as another user
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the runner's class path", e);
        }
    }
}

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

/**
 * The child JVM's whole class path: the runner's few classes, copied out of the judge into a
 * private directory. Not the judge's jar: nothing of the judge, the references or Jackson is
 * reachable from a submission's JVM.
 */
public final class RunnerClassPath {

    private static volatile Path directory;

    private RunnerClassPath() {
    }

    /** The directory holding the runner's classes, created once per judge process. */
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
            Path root = Files.createTempDirectory("kata-judge-runner-");
            for (Class<?> type : classes()) {
                String resource = type.getName().replace('.', '/') + ".class";
                Path target = root.resolve(resource);
                Files.createDirectories(target.getParent());
                try (InputStream in = RunnerClassPath.class.getClassLoader().getResourceAsStream(resource)) {
                    if (in == null) {
                        throw new IOException("missing " + resource);
                    }
                    Files.copy(in, target);
                }
            }
            ChildRuntime.readableByAll(root); // children may run as another user
            Runtime.getRuntime().addShutdownHook(new Thread(() -> Directories.delete(root)));
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the runner's class path", e);
        }
    }
}

package org.katajudge.compile.worker;

import org.katajudge.cache.JudgeCache;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A compiler worker's class path: the judge's jar as it is, or, for a judge run from its class
 * folders (its own tests, an IDE), each folder copied into a jar kept in the judge's cache (entry
 * {@code worker-classes-<key>}, the key naming the folder and every file's path, size and time).
 * Class-data sharing archives classes from jars only, so that is what lets such workers map an
 * archive ({@link WorkerArchive}) too: a worker that does is ready for about two thirds of the CPU,
 * and the judge's own test run starts some 300 of them. The jar holds what the folder holds, the
 * classes the worker loads from either are the same bytes; without a cache the folder is used as
 * it is. Made once per folder and judge process (a folder's classes do not change under a running
 * judge), and once per build of them in the cache.
 */
final class WorkerClassPath {

    private static final String KIND = "worker-classes";
    private static final String JAR = "classes.jar";
    private static final Map<Path, Path> JARRED = new ConcurrentHashMap<>();

    private WorkerClassPath() {
    }

    /** The class path of {@code entries} (jars and class folders), each folder as its jar where the cache keeps one. */
    static String of(List<Path> entries) {
        List<String> path = new ArrayList<>();
        for (Path entry : entries) {
            path.add((Files.isDirectory(entry) ? JARRED.computeIfAbsent(entry, WorkerClassPath::jarred) : entry).toString());
        }
        return String.join(File.pathSeparator, path);
    }

    /** {@code folder} as a jar in the cache, or the folder itself where none can be kept. */
    private static Path jarred(Path folder) {
        Optional<JudgeCache> cache = JudgeCache.standard();
        if (cache.isEmpty()) {
            return folder;
        }
        try {
            List<Path> files = files(folder);
            List<String> key = new ArrayList<>(List.of(folder.toAbsolutePath().toString()));
            for (Path file : files) {
                BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                key.add(folder.relativize(file) + " " + attributes.size() + " " + attributes.lastModifiedTime().toMillis());
            }
            return cache.get().entry(KIND + "-" + JudgeCache.key(key.toArray(String[]::new)), directory -> write(folder, files, directory.resolve(JAR)))
                    .map(entry -> entry.resolve(JAR)).filter(Files::isRegularFile).orElse(folder);
        } catch (IOException | RuntimeException e) {
            return folder; // slower to start, the same worker
        }
    }

    /** The regular files below {@code folder}, in a stable order. */
    private static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)).sorted().toList();
        }
    }

    private static void write(Path folder, List<Path> files, Path jar) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            for (Path source : files) {
                out.putNextEntry(new JarEntry(folder.relativize(source).toString().replace(File.separatorChar, '/')));
                Files.copy(source, out);
                out.closeEntry();
            }
        }
    }
}

package org.katajudge.compile.worker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.compile.CompileLimits;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A judge run from its class folders (as here, in its own tests) starts its compiler workers from
 * jars of those folders, so that they can map a class-data archive like the packaged judge's.
 */
class WorkerClassPathTest {

    @TempDir
    Path temp;

    @Test
    void aClassFolderBecomesAJarOfTheSameFilesAndAChangedFolderAnotherOne() throws IOException {
        Path folder = Files.createDirectories(temp.resolve("classes"));
        Files.createDirectories(folder.resolve("org/example"));
        Files.write(folder.resolve("org/example/A.class"), new byte[] {(byte) 0xCA, (byte) 0xFE, 1, 2});
        Files.writeString(folder.resolve("org/example/policy.txt"), "data stays data\n");

        Path jar = Path.of(WorkerClassPath.of(List.of(folder)));
        assertTrue(jar.toString().endsWith(".jar"), jar.toString());
        assertEquals(Map.of("org/example/A.class", List.of(0xCA, 0xFE, 1, 2),
                "org/example/policy.txt", bytes("data stays data\n".getBytes())), contents(jar));

        // the same folder in a new judge process: the same jar from the cache
        Path another = Files.createDirectories(temp.resolve("copy"));
        Files.createDirectories(another.resolve("org/example"));
        Files.write(another.resolve("org/example/A.class"), new byte[] {(byte) 0xCA, (byte) 0xFE, 1, 2, 3});
        Files.setLastModifiedTime(another.resolve("org/example/A.class"), FileTime.fromMillis(0));
        Path changed = Path.of(WorkerClassPath.of(List.of(another)));
        assertNotEquals(jar, changed, "another folder, other files: another jar");
        assertEquals(Map.of("org/example/A.class", List.of(0xCA, 0xFE, 1, 2, 3)), contents(changed));
    }

    @Test
    void theWorkersOfAJudgeRunFromItsClassFoldersStartFromJars() {
        List<String> command = WorkerProcess.command(CompileLimits.DEFAULT);
        String classPath = command.get(command.indexOf("-cp") + 1);
        for (String entry : classPath.split(File.pathSeparator)) {
            assertTrue(entry.endsWith(".jar") && Files.isRegularFile(Path.of(entry)), "a jar: " + entry);
        }
        assertTrue(WorkerArchive.name(command).isPresent(), "so they can have an archive: " + command);
    }

    private static Map<String, List<Integer>> contents(Path jar) throws IOException {
        Map<String, List<Integer>> contents = new TreeMap<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry entry : java.util.Collections.list(file.entries())) {
                contents.put(entry.getName(), bytes(file.getInputStream(entry).readAllBytes()));
            }
        }
        return contents;
    }

    private static List<Integer> bytes(byte[] bytes) {
        Integer[] values = new Integer[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            values[i] = bytes[i] & 0xFF;
        }
        return Arrays.asList(values);
    }
}

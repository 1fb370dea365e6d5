package org.katajudge.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** A Maven local repository in a folder: artifacts installed as {@code mvn install} lays them out. */
final class LocalRepository {

    private final Path root;

    LocalRepository(Path root) {
        this.root = root;
    }

    Path root() {
        return root;
    }

    /**
     * Installs a module: its pom and, unless it is a pom-only module, its jar.
     *
     * @param jar the jar, or null for a pom
     */
    void install(String groupId, String artifactId, String version, Path pom, Path jar) throws IOException {
        Path folder = root.resolve(groupId.replace('.', '/')).resolve(artifactId).resolve(version);
        Files.createDirectories(folder);
        Files.copy(check(pom), folder.resolve(artifactId + "-" + version + ".pom"), StandardCopyOption.REPLACE_EXISTING);
        if (jar != null) {
            Files.copy(check(jar), folder.resolve(artifactId + "-" + version + ".jar"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** A file the repository holds, found by its name, e.g. {@code junit-platform-engine-1.10.2.jar}. */
    Path find(String fileName) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.getFileName().toString().equals(fileName)).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + fileName + " in " + root));
        }
    }

    private static Path check(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new AssertionError(file + " is missing: the integration tests need the reactor's packaged modules;"
                    + " run them from the repository root, e.g. mvn -B verify");
        }
        return file;
    }
}

package org.katajudge.sandbox;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.katajudge.cache.JudgeCache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.STRING;
import static org.katajudge.sandbox.SandboxFixtures.callOnce;
import static org.katajudge.sandbox.SandboxFixtures.method;

/**
 * The judge's on-disk cache is what every later child starts from, so a submission that could
 * write it would reach every later run: a submission (policy off) tries to write, overwrite,
 * truncate, delete and chmod what its own child maps from the cache (the runtime image, the
 * runner's jar and archive), by their paths on the host and as mounted under bubblewrap, and to
 * add a file to the cache; nothing of the cache may change. Where that is the policy's job only (a
 * judge that is not root, without bubblewrap, whose children are its own user) the test is skipped.
 */
class CacheIntegrityTest {

    private static final String POISON = """
            import java.io.FileOutputStream;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.nio.file.attribute.PosixFilePermissions;

            public class Hostile {
                /** Tries every way to change each newline-separated path; what succeeded, one line each. */
                public static String poison(String paths) {
                    StringBuilder done = new StringBuilder();
                    for (String line : paths.split("\\n")) {
                        Path path = Path.of(line);
                        try {
                            Files.writeString(path.resolve("poison"), "poison");
                            done.append("created in ").append(path).append('\\n');
                        } catch (Exception e) { }
                        try (FileOutputStream out = new FileOutputStream(path.toFile(), true)) {
                            out.write(1);
                            done.append("appended to ").append(path).append('\\n');
                        } catch (Exception e) { }
                        try {
                            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxrwxrwx"));
                            done.append("chmod ").append(path).append('\\n');
                        } catch (Exception e) { }
                        try {
                            new FileOutputStream(path.toFile()).close();
                            done.append("truncated ").append(path).append('\\n');
                        } catch (Exception e) { }
                        try {
                            Files.delete(path);
                            done.append("deleted ").append(path).append('\\n');
                        } catch (Exception e) { }
                    }
                    return done.toString();
                }
            }
            """;

    @ParameterizedTest
    @EnumSource(Isolation.class)
    void aSubmissionCannotChangeTheCache(Isolation isolation) throws IOException {
        Optional<JudgeCache> cache = SandboxCache.get();
        assertTrue(cache.isPresent(), "the build runs tests with a cache of their own (katajudge.cache)");
        Assumptions.assumeTrue(isolation == Isolation.BWRAP || ChildUser.switches(),
                "a judge that is not root, without bubblewrap: its children are its own user, the policy is the wall");
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SandboxFixtures.SMALL);
        Path archive = launcher.prepareCaches().orElseThrow(() -> new AssertionError("no runner archive in the cache"));
        Path runtime = ChildRuntime.get().home();
        Path jar = RunnerClassPath.jar();
        assertTrue(archive.startsWith(cache.get().root()) && runtime.startsWith(cache.get().root())
                && jar.startsWith(cache.get().root()), "the child maps what is in the cache");
        List<Path> entries = List.of(entryOf(cache.get(), archive), entryOf(cache.get(), runtime), entryOf(cache.get(), jar));
        Map<String, String> before = snapshot(entries);

        List<String> targets = new ArrayList<>(List.of(cache.get().root().toString(), archive.toString(),
                archive.getParent().toString(), jar.toString(), jar.getParent().toString(), runtime.toString(),
                runtime.resolve("lib").resolve("modules").toString(), runtime.resolve("bin").resolve("java").toString()));
        targets.addAll(List.of("/cds", "/cds/" + archive.getFileName(), "/runner", "/runner/" + jar.getFileName(),
                "/jdk/lib/modules", "/jdk/bin/java"));
        LoadRequest request = SandboxFixtures.request(POISON, method("poison", STRING, STRING));
        String done;
        try (SandboxSession session = SandboxFixtures.open(launcher, request)) {
            CallResult result = callOnce(session, 0, String.join("\n", targets));
            done = String.valueOf(result.value());
        }
        assertEquals("", done.strip(), "what the submission did to the cache");
        assertEquals(before, snapshot(entries), "the cache's entries are unchanged");
        assertFalse(Files.exists(cache.get().root().resolve("poison"), LinkOption.NOFOLLOW_LINKS));
    }

    /** The cache entry (the directory right below the cache's root) holding {@code file}. */
    private static Path entryOf(JudgeCache cache, Path file) {
        return cache.root().resolve(cache.root().relativize(file).getName(0));
    }

    /** Every file below {@code entries}: its content's hash and its mode. */
    private static Map<String, String> snapshot(List<Path> entries) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (Path entry : entries) {
            try (Stream<Path> walk = Files.walk(entry)) {
                for (Path file : (Iterable<Path>) walk::iterator) {
                    String mode = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS).toString();
                    String content = Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                            ? HexFormat.of().formatHex(JudgeCache.sha256(Files.readAllBytes(file))) : "dir";
                    files.put(file.toString(), mode + " " + content);
                }
            }
        }
        return files;
    }
}

package org.katajudge.sandbox;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.INT_ARRAY;
import static org.katajudge.kata.ValueType.STRING;
import static org.katajudge.sandbox.SandboxFixtures.SMALL;
import static org.katajudge.sandbox.SandboxFixtures.method;

/**
 * The runner's class-data-sharing archive: a child really maps it (read from the child's own
 * /proc/self/maps), it is the judge's read-only file, and a child answers the same with it and
 * without it, results and failures alike.
 */
class RunnerArchiveTest {

    private static final String SOURCE = """
            public class Hostile {
                public static String maps(int unused) throws Exception {
                    StringBuilder found = new StringBuilder();
                    for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/maps"))) {
                        if (line.endsWith(".jsa") && found.indexOf(line.substring(line.lastIndexOf(' ') + 1)) < 0) {
                            found.append(line.substring(line.lastIndexOf(' ') + 1)).append('\\n');
                        }
                    }
                    return found.toString();
                }

                public static int[] squares(int n) {
                    int[] out = new int[n];
                    for (int i = 0; i < n; i++) {
                        out[i] = i * i;
                    }
                    return out;
                }

                public static String describe(String text) {
                    if (text.isEmpty()) {
                        throw new IllegalStateException("empty: " + text.length());
                    }
                    return text.toUpperCase() + ":" + text.chars().sum();
                }
            }
            """;

    private static final LoadRequest REQUEST = SandboxFixtures.request(SOURCE,
            method("maps", STRING, INT),
            method("squares", INT_ARRAY, INT),
            method("describe", STRING, STRING));

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void aChildMapsTheRunnersArchive(Isolation isolation) throws Exception {
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL);
        Assumptions.assumeTrue(RunnerArchive.enabled(), "class-data sharing is off (no jlinked child runtime)");
        Optional<Path> archive = RunnerArchive.of(launcher);
        assertTrue(archive.isPresent(), "the training run wrote no archive");
        try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
            String mapped = (String) SandboxFixtures.callOnce(session, 0, 0).value();
            String expected = isolation == Isolation.BWRAP ? "/cds/" + archive.get().getFileName() : archive.get().toString();
            assertTrue(mapped.lines().toList().contains(expected), "mapped: " + mapped + ", expected " + expected);
        }
        // the judge's own file, which no child can change
        Path file = archive.get();
        assertFalse(Files.isSymbolicLink(file));
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ),
                permissions);
        assertEquals(owner(Files.createTempFile("kata-judge-owner-", "")), owner(file));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void aChildAnswersTheSameWithTheArchiveAndWithout(Isolation isolation) throws Exception {
        SandboxLauncher launcher = SandboxFixtures.launcher(isolation, SMALL);
        List<String> with;
        try (SandboxSession session = SandboxFixtures.open(launcher, REQUEST)) {
            with = answers(session);
        }
        List<String> without;
        try (SandboxSession session = launcher.open(REQUEST, false, Optional.empty(), false, scratch -> { })) {
            String mapped = (String) SandboxFixtures.callOnce(session, 0, 0).value();
            assertFalse(mapped.contains("runner-"), "no archive of the runner is mapped: " + mapped);
            assertTrue(mapped.contains("classes.jsa"), "the runtime's own archive is: " + mapped);
            without = answers(session);
        }
        assertEquals(without, with);
    }

    @org.junit.jupiter.api.Test
    void theArchiveHoldsEveryClassOfTheRunner() throws Exception {
        // The runner is split into classes of one job each: that costs a child's start nothing only
        // when every one of them is in the archive. The JVM lists what an archive holds (its base,
        // the runtime's, then this one); the class path of a child without isolation is the jar's
        // own path, so the archive of that mode can be read from here.
        SandboxLauncher launcher = SandboxFixtures.launcher(Isolation.NONE, SMALL);
        Assumptions.assumeTrue(RunnerArchive.enabled(), "class-data sharing is off (no jlinked child runtime)");
        Path archive = RunnerArchive.of(launcher).orElseThrow(() -> new AssertionError("the training run wrote no archive"));
        List<String> command = new ArrayList<>(List.of(ChildRuntime.get().java()));
        command.addAll(ChildCommand.jvmOptions(Limits.DEFAULT, false));
        command.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-XX:+PrintSharedArchiveAndExit",
                "-cp", RunnerClassPath.jar().toString(), "org.katajudge.sandbox.runner.Runner"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String listing = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        process.waitFor();
        java.util.regex.Matcher archived = java.util.regex.Pattern
                .compile("(?m)^\\s*\\d+: org\\.katajudge\\.sandbox\\.runner\\.(\\S+) app_loader$").matcher(listing);
        java.util.Set<String> classes = new java.util.TreeSet<>();
        while (archived.find()) {
            classes.add(archived.group(1));
        }
        assertEquals(new java.util.TreeSet<>(RunnerClassPath.CLASSES), classes, listing);
    }

    private static List<String> answers(SandboxSession session) {
        List<String> answers = new ArrayList<>();
        for (int n : new int[] {0, 1, 7}) {
            answers.add(java.util.Arrays.toString((int[]) SandboxFixtures.callOnce(session, 1, n).value()));
        }
        for (String text : new String[] {"knight", "", "é中"}) {
            CallResult result = SandboxFixtures.callOnce(session, 2, text);
            answers.add(result.outcome() + " " + result.value() + " " + result.detail());
        }
        return answers;
    }

    private static String owner(Path file) throws IOException {
        try {
            return Files.getOwner(file, LinkOption.NOFOLLOW_LINKS).getName();
        } finally {
            if (file.getFileName().toString().startsWith("kata-judge-owner-")) {
                Files.deleteIfExists(file);
            }
        }
    }
}

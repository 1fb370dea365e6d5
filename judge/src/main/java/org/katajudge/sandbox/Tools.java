package org.katajudge.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The operating system's tools the sandbox uses when they are there (util-linux, mostly). */
final class Tools {

    private Tools() {
    }

    /**
     * How long the judge waits for a tool it runs (mkfifo, setpriv, a probe's java -version) before
     * it calls it hung: minutes, because on a loaded machine a few milliseconds of CPU can take
     * seconds, and a tool that is merely slow must not be taken for one that does not work (which
     * would, for one, fall back to a weaker isolation).
     */
    static final Duration PATIENCE = Duration.ofMinutes(2);

    /** Each tool's path once found ({@link #path}): before the flags below, which look for theirs as the class loads. */
    private static final Map<String, String> PATHS = new ConcurrentHashMap<>();

    /** setsid: an unisolated child gets its own process group. */
    static final boolean SETSID = onPath("setsid");
    /** prlimit: resource limits without a shell. */
    static final boolean PRLIMIT = onPath("prlimit");
    /** setpriv: a root judge runs its children as another user. */
    static final boolean SETPRIV = onPath("setpriv");

    /** Whether {@code tool} is on the judge's PATH (its absolute directories: {@link #path}). */
    static boolean onPath(String tool) {
        return !path(tool).equals(tool);
    }

    /**
     * The wrapper {@code tool} as a child's command names it: its absolute path along the judge's
     * PATH (the bare name when it is not there). A wrapper is exec'd by the one before it, along the
     * environment the child gets, whose PATH is /usr/bin:/bin: by name, a tool found by the judge and
     * its probe elsewhere (/usr/local/bin, a Nix profile) would not be found for a child.
     */
    static String path(String tool) {
        return PATHS.computeIfAbsent(tool, name -> Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":"))
                .filter(dir -> !dir.isEmpty() && Path.of(dir).isAbsolute())
                .map(dir -> Path.of(dir, name))
                .filter(Files::isExecutable)
                .findFirst().map(Path::toString).orElse(name));
    }

    /**
     * Runs {@code command} to its end; its output (stdout and stderr) is kept and said only when it
     * fails: a nonzero status, no end within {@code timeout}, or an interruption.
     */
    static void run(Duration timeout, String... command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said;
        try (InputStream out = process.getInputStream()) {
            said = new String(out.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " failed: " + said);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command[0], e);
        }
    }

    /**
     * Read-only binds for what the files of {@code home} link to outside it (Debian's JDK keeps
     * its conf/ and security/ under /etc/java-NN-openjdk): those targets, and nothing else of /etc.
     */
    static List<String> bindsOutsideHome(Path home) {
        Set<Path> targets = new LinkedHashSet<>();
        try (Stream<Path> files = Files.walk(home)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (Files.isSymbolicLink(file)) {
                    try {
                        Path target = file.toRealPath();
                        if (!target.startsWith(home.toRealPath()) && !target.startsWith("/usr")) {
                            targets.add(target);
                        }
                    } catch (IOException dangling) {
                        // a link to nothing: nothing to bind
                    }
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        List<String> binds = new ArrayList<>();
        for (Path target : targets) {
            binds.addAll(List.of("--ro-bind", target.toString(), target.toString()));
        }
        return binds;
    }
}

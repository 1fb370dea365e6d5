package org.katajudge.similarity;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Finds a JDK of at least a given version for the similarity worker, which JPlag 6 needs (Java 21;
 * a JDK, since JPlag parses with javac). In order: {@value #VARIABLE} (when set it must be one:
 * no fallback hides a typo), the JDK running the judge, {@code JAVA_HOME}, then the JDKs installed
 * in the usual places ({@code /usr/lib/jvm}, {@code /usr/java}, {@code /opt/java}, {@code /opt},
 * {@code ~/.sdkman/candidates/java}, {@code ~/.jdks}, macOS's {@code /Library/Java/JavaVirtualMachines}),
 * the newest first. A JDK is told by its {@code release} file: its {@code JAVA_VERSION} and
 * {@code jdk.compiler} among its {@code MODULES}.
 */
public final class JavaFinder {

    /** The environment variable naming the JDK home to run the worker with. */
    public static final String VARIABLE = "KATAJUDGE_SIMILARITY_JAVA_HOME";

    /**
     * A JDK found.
     *
     * @param home    its home folder
     * @param version its feature version (21, 25...)
     */
    public record Jdk(Path home, int version) {

        /** Its {@code bin/java}. */
        public Path java() {
            return home.resolve("bin").resolve("java");
        }
    }

    private final Map<String, String> environment;
    private final Path running;
    private final List<Path> installRoots;

    /**
     * @param environment  the environment variables ({@link System#getenv()})
     * @param running      the home of the JDK running the judge ({@code java.home})
     * @param installRoots the folders whose every entry may be a JDK home
     */
    public JavaFinder(Map<String, String> environment, Path running, List<Path> installRoots) {
        this.environment = Map.copyOf(environment);
        this.running = running;
        this.installRoots = List.copyOf(installRoots);
    }

    /** The finder for this machine. */
    public static JavaFinder forThisMachine() {
        Path home = Path.of(System.getProperty("user.home", "/"));
        return new JavaFinder(System.getenv(), Path.of(System.getProperty("java.home")), List.of(
                Path.of("/usr/lib/jvm"), Path.of("/usr/java"), Path.of("/opt/java"), Path.of("/opt"),
                home.resolve(".sdkman/candidates/java"), home.resolve(".jdks"),
                Path.of("/Library/Java/JavaVirtualMachines")));
    }

    /**
     * A JDK of at least {@code minimum}.
     *
     * @param needs says who needs it, for the message ({@code JPlag 6.0.0})
     * @throws SimilarityException of kind {@link SimilarityException.Kind#UNAVAILABLE} when there is none
     */
    public Jdk find(int minimum, String needs) throws SimilarityException {
        String named = environment.get(VARIABLE);
        if (named != null && !named.isBlank()) {
            Path home = Path.of(named.trim());
            Optional<Jdk> jdk = jdk(home);
            if (jdk.isEmpty()) {
                throw new SimilarityException(SimilarityException.Kind.UNAVAILABLE, VARIABLE + "=" + named
                        + " is not a JDK (no release file naming jdk.compiler, or no bin/java); " + needs
                        + " needs a JDK " + minimum + " or newer");
            }
            if (jdk.get().version() < minimum) {
                throw new SimilarityException(SimilarityException.Kind.UNAVAILABLE, VARIABLE + "=" + named
                        + " is Java " + jdk.get().version() + "; " + needs + " needs Java " + minimum + " or newer");
            }
            return jdk.get();
        }
        List<Path> candidates = new ArrayList<>();
        candidates.add(running);
        String javaHome = environment.get("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            candidates.add(Path.of(javaHome.trim()));
        }
        for (Path candidate : candidates) {
            Optional<Jdk> jdk = jdk(candidate);
            if (jdk.isPresent() && jdk.get().version() >= minimum) {
                return jdk.get();
            }
        }
        List<Jdk> installed = new ArrayList<>();
        for (Path root : installRoots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(root)) {
                for (Path entry : entries) {
                    jdk(entry).or(() -> jdk(entry.resolve("Contents/Home"))).ifPresent(installed::add);
                }
            } catch (IOException | RuntimeException e) {
                // an unreadable folder holds no JDK we can use
            }
        }
        return installed.stream().filter(j -> j.version() >= minimum)
                .max(Comparator.comparingInt(Jdk::version).thenComparing(j -> j.home().toString(), Comparator.reverseOrder()))
                .orElseThrow(() -> new SimilarityException(SimilarityException.Kind.UNAVAILABLE, needs
                        + " needs a JDK " + minimum + " or newer, and none was found (the judge runs on Java "
                        + jdk(running).map(Jdk::version).map(String::valueOf).orElse(System.getProperty("java.specification.version"))
                        + "; looked at " + VARIABLE + ", JAVA_HOME and " + String.join(", ",
                        installRoots.stream().map(Path::toString).toList())
                        + "): install one (e.g. Temurin 21 or 25) or set " + VARIABLE + " to its home"));
    }

    /** The JDK at {@code home}, if it is one: a {@code release} file naming its version and {@code jdk.compiler}. */
    static Optional<Jdk> jdk(Path home) {
        try {
            Path release = home.resolve("release");
            if (!Files.isRegularFile(release) || !Files.isRegularFile(home.resolve("bin").resolve("java"))) {
                return Optional.empty();
            }
            Properties properties = new Properties();
            try (InputStream in = Files.newInputStream(release)) {
                properties.load(in);
            }
            String version = unquote(properties.getProperty("JAVA_VERSION", ""));
            String modules = unquote(properties.getProperty("MODULES", ""));
            if (version.isEmpty() || !List.of(modules.split("\\s+")).contains("jdk.compiler")) {
                return Optional.empty();
            }
            String feature = version.startsWith("1.") ? version.substring(2) : version;
            int end = 0;
            while (end < feature.length() && Character.isDigit(feature.charAt(end))) {
                end++;
            }
            return end == 0 ? Optional.empty() : Optional.of(new Jdk(home.toAbsolutePath().normalize(),
                    Integer.parseInt(feature.substring(0, end))));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String unquote(String value) {
        String trimmed = value.trim();
        return trimmed.length() >= 2 && trimmed.startsWith("\"") && trimmed.endsWith("\"")
                ? trimmed.substring(1, trimmed.length() - 1) : trimmed;
    }
}

package org.katajudge.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Maven build of a project, in its own process, against a private local repository that
 * holds the judge's artifacts as {@code mvn install} lays them out. Everything else comes from the
 * outer build's local repository (a {@code file://} remote: copied, not downloaded), then Maven
 * Central. The shared {@code ~/.m2} is never written.
 */
final class NestedMaven {

    private static final long TIMEOUT_MINUTES = 10;

    private final Path repository;
    private final Path settings;
    private final boolean offline;

    /**
     * @param repository the private local repository
     * @param outer      the outer build's local repository
     * @param offline    whether the outer build is offline: then so is this one, but for {@code file://}
     */
    NestedMaven(Path repository, Path outer, boolean offline, Path work) throws IOException {
        this.repository = repository;
        this.offline = offline;
        this.settings = work.resolve("settings.xml");
        Files.createDirectories(work);
        String remote = outer.toUri().toString();
        String repositories = """
                      <%1$s><id>outer-local</id><url>%2$s</url>
                        <releases><checksumPolicy>ignore</checksumPolicy></releases><snapshots><enabled>false</enabled></snapshots></%1$s>
                      <%1$s><id>central</id><url>https://repo.maven.apache.org/maven2</url>
                        <snapshots><enabled>false</enabled></snapshots></%1$s>
                """;
        Files.writeString(settings, """
                <settings>
                  <profiles><profile><id>nested</id>
                    <repositories>
                %s    </repositories>
                    <pluginRepositories>
                %s    </pluginRepositories>
                  </profile></profiles>
                  <activeProfiles><activeProfile>nested</activeProfile></activeProfiles>
                </settings>
                """.formatted(repositories.formatted("repository", remote), repositories.formatted("pluginRepository", remote)));
    }

    /**
     * Runs {@code mvn ARGS} in {@code project}.
     *
     * @return the exit status and everything Maven printed
     */
    Build run(Path project, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(mvn(), "-B", "-Dstyle.color=never", "-s", settings.toString(),
                "-Dmaven.repo.local=" + repository));
        if (offline) {
            command.addAll(List.of("-o", "-Daether.offline.protocols=file"));
        }
        command.addAll(args);
        Path log = Files.createTempFile(project.getParent(), project.getFileName() + "-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().remove("MAVEN_ARGS");
        Process process = builder.start();
        if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("the nested build did not finish in " + TIMEOUT_MINUTES + " minutes: " + command
                    + "\n" + tail(Files.readString(log, StandardCharsets.UTF_8)));
        }
        return new Build(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8), command);
    }

    private static String mvn() {
        String home = System.getProperty("maven.home");
        if (home != null && !home.isBlank()) {
            Path mvn = Path.of(home, "bin", System.getProperty("os.name").startsWith("Windows") ? "mvn.cmd" : "mvn");
            if (Files.isExecutable(mvn)) {
                return mvn.toString();
            }
        }
        return "mvn";
    }

    static String tail(String log) {
        List<String> lines = log.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size()));
    }

    /**
     * One nested build.
     *
     * @param status  Maven's exit status
     * @param log     what it printed
     * @param command how it was run
     */
    record Build(int status, String log, List<String> command) {

        @Override
        public String toString() {
            return "exit " + status + " of " + String.join(" ", command) + "\n" + tail(log);
        }
    }
}

package org.katajudge.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the kata-judge repository the judge belongs to, for its {@code katas/} and
 * {@code submissions/}: {@code -Dkatajudge.home}, {@code $KATA_JUDGE_HOME}, the repository that
 * holds the running {@code judge/target/judge.jar}, or the current directory. Without one the
 * judge still works from the katas bundled in its jar.
 */
final class JudgeHome {

    private JudgeHome() {
    }

    static Optional<Path> locate() {
        String property = System.getProperty("katajudge.home");
        if (property != null) {
            return Optional.of(Path.of(property));
        }
        String environment = System.getenv("KATA_JUDGE_HOME");
        if (environment != null && !environment.isBlank()) {
            return Optional.of(Path.of(environment));
        }
        Optional<Path> fromJar = jarLocation().map(jar -> jar.getParent()) // judge/target
                .map(Path::getParent)                                       // judge
                .map(Path::getParent)                                       // the repository
                .filter(JudgeHome::isHome);
        if (fromJar.isPresent()) {
            return fromJar;
        }
        Path current = Path.of("").toAbsolutePath();
        return isHome(current) ? Optional.of(current) : Optional.empty();
    }

    private static boolean isHome(Path path) {
        return path != null && Files.isDirectory(path.resolve("katas"));
    }

    private static Optional<Path> jarLocation() {
        try {
            var source = JudgeHome.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return Optional.empty();
            }
            Path location = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(location) ? Optional.of(location) : Optional.empty();
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}

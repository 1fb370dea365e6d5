package org.katajudge.similarity;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Finding a JDK 21+ for JPlag, and saying clearly when there is none. Fake JDK homes, made here. */
class JavaFinderTest {

    @TempDir
    Path dir;

    private Path jdk(String name, String version, boolean compiler) throws IOException {
        Path home = dir.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin/java"), "");
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\nMODULES=\"java.base"
                + (compiler ? " jdk.compiler" : "") + "\"\n");
        return home;
    }

    @Test
    void theNewestInstalledJdkOfTheVersionNeededIsTaken() throws IOException, SimilarityException {
        Path running = jdk("running-17", "17.0.15", true);
        Path installs = dir.resolve("jvm");
        Files.createDirectories(installs);
        Path jdk21 = jdk("jvm/jdk-21", "21.0.2", true);
        Path jdk25 = jdk("jvm/temurin-25", "25.0.3", true);
        jdk("jvm/jre-26", "26", false); // no javac: JPlag parses with it
        JavaFinder.Jdk found = new JavaFinder(Map.of(), running, List.of(installs)).find(21, "JPlag");
        assertEquals(jdk25.toAbsolutePath().normalize(), found.home());
        assertEquals(25, found.version());
        assertEquals(jdk21.toAbsolutePath().normalize(),
                new JavaFinder(Map.of("JAVA_HOME", jdk21.toString()), running, List.of(installs)).find(21, "JPlag").home(),
                "JAVA_HOME before the installed ones");
    }

    @Test
    void theVariableWinsAndAWrongOneIsAnErrorNotAFallback() throws IOException {
        Path running = jdk("running-25", "25", true);
        Path old = jdk("old", "17.0.1", true);
        SimilarityException tooOld = assertThrows(SimilarityException.class, () -> new JavaFinder(
                Map.of(JavaFinder.VARIABLE, old.toString()), running, List.of()).find(21, "JPlag 6.0.0"));
        assertEquals(SimilarityException.Kind.UNAVAILABLE, tooOld.kind());
        assertTrue(tooOld.getMessage().contains("is Java 17; JPlag 6.0.0 needs Java 21 or newer"), tooOld.getMessage());
        SimilarityException notAJdk = assertThrows(SimilarityException.class, () -> new JavaFinder(
                Map.of(JavaFinder.VARIABLE, dir.resolve("nothing").toString()), running, List.of()).find(21, "JPlag"));
        assertTrue(notAJdk.getMessage().contains("is not a JDK"), notAJdk.getMessage());
    }

    @Test
    void withoutAnyJdkOfTheVersionTheMessageSaysWhereItLookedAndWhatToDo() throws IOException {
        Path running = jdk("running-17", "17.0.15", true);
        SimilarityException none = assertThrows(SimilarityException.class, () -> new JavaFinder(
                Map.of("JAVA_HOME", running.toString()), running, List.of(dir.resolve("jvm"))).find(21, "JPlag 6.0.0"));
        assertEquals(SimilarityException.Kind.UNAVAILABLE, none.kind());
        assertTrue(none.getMessage().startsWith("JPlag 6.0.0 needs a JDK 21 or newer, and none was found (the judge runs on Java 17"),
                none.getMessage());
        assertTrue(none.getMessage().contains(JavaFinder.VARIABLE) && none.getMessage().contains(dir.resolve("jvm").toString()),
                none.getMessage());
    }
}

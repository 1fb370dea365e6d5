package org.katajudge.sandbox;


import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.katajudge.ClassFiles;
import org.katajudge.sandbox.CallResult.Outcome;
import org.katajudge.sandbox.runner.Runner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.STRING;
import static org.katajudge.sandbox.SandboxFixtures.SMALL;
import static org.katajudge.sandbox.SandboxFixtures.callOnce;
import static org.katajudge.sandbox.SandboxFixtures.method;

/**
 * The child JVM's class path is the runner and nothing else, so a submission cannot reach the
 * judge, the reference solutions or the libraries even by reflection.
 */
class RunnerClassPathTest {

    private static final String RUNNER_PACKAGE = "org/katajudge/sandbox/runner/";

    /** Classes of the judge's JVM a submission must not load: the answers, the judge, its libraries. */
    private static final List<String> JUDGE_CLASSES = List.of(
            "org.katajudge.reference.squarecolor.SquareColor",
            "com.fasterxml.jackson.databind.ObjectMapper",
            "org.katajudge.sandbox.SandboxSession",
            "org.katajudge.compile.SubmissionCompiler",
            "org.apache.commons.exec.DefaultExecutor",
            "org.apache.commons.compress.archivers.tar.TarArchiveInputStream",
            "org.apache.commons.csv.CSVFormat",
            "org.junit.jupiter.api.Test");

    private static final String LOADER = """
            public class Hostile {
                /** Tries its own loader, then the JVM's class path; "hidden" when not found. */
                public static String tryLoad(String name) {
                    return "own:" + attempt(name, Hostile.class.getClassLoader())
                            + " system:" + attempt(name, ClassLoader.getSystemClassLoader());
                }

                private static String attempt(String name, ClassLoader loader) {
                    try {
                        Class.forName(name, false, loader);
                        return "loaded";
                    } catch (ClassNotFoundException e) {
                        return "hidden";
                    } catch (Throwable e) {
                        return e.toString();
                    }
                }

                public static int forName(String name) throws Exception {
                    Class.forName(name);
                    return 1;
                }

                public static String classPath(int unused) {
                    return System.getProperty("java.class.path");
                }
            }
            """;

    private static final LoadRequest REQUEST = SandboxFixtures.request(LOADER,
            method("tryLoad", STRING, STRING),
            method("forName", INT, STRING),
            method("classPath", STRING, INT));
    private static final int TRY_LOAD = 0;
    private static final int FOR_NAME = 1;
    private static final int CLASS_PATH = 2;

    /** The entries of the runner's jar, by name. */
    private static Map<String, byte[]> runnerEntries() throws IOException {
        Map<String, byte[]> entries = new TreeMap<>();
        try (JarFile jar = new JarFile(RunnerClassPath.jar().toFile())) {
            for (JarEntry entry : java.util.Collections.list(jar.entries())) {
                try (InputStream in = jar.getInputStream(entry)) {
                    entries.put(entry.getName(), in.readAllBytes());
                }
            }
        }
        return entries;
    }

    @Test
    void theDirectoryHoldsOnlyTheRunnersJar() throws IOException {
        Path root = RunnerClassPath.directory();
        try (Stream<Path> walk = Files.walk(root)) {
            assertEquals(List.of(RunnerClassPath.JAR_NAME), walk.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString()).toList());
        }
    }

    @Test
    void theJarHoldsOnlyTheRunnersClasses() throws IOException {
        List<String> files = List.copyOf(runnerEntries().keySet());
        assertTrue(files.contains(RUNNER_PACKAGE + "Runner.class"), files::toString);
        assertTrue(files.contains(RUNNER_PACKAGE + "Wire.class"), files::toString);
        for (String file : files) {
            assertTrue(file.matches("org/katajudge/sandbox/runner/(Runner|Wire)(\\$[A-Za-z0-9_$]+)?\\.class"),
                    "not a runner class: " + file);
        }
        List<String> expected = RunnerClassPath.classes().stream()
                .map(type -> type.getName().replace('.', '/') + ".class").sorted().toList();
        assertEquals(expected, files, "exactly the classes RunnerClassPath lists, nothing else");
    }

    @Test
    void theRunnersClassesReferToNothingOfTheJudge() throws IOException {
        // A reference to a judge or library class would be a NoClassDefFoundError in the child,
        // perhaps only on a rare path; class names sit in the constant pool as plain UTF-8.
        Pattern foreign = Pattern.compile("(org/katajudge/[A-Za-z/]+|com/fasterxml|org/apache|org/junit)");
        for (Map.Entry<String, byte[]> file : runnerEntries().entrySet()) {
            String bytes = new String(file.getValue(), StandardCharsets.ISO_8859_1);
            Matcher matcher = foreign.matcher(bytes);
            List<String> references = new ArrayList<>();
            while (matcher.find()) {
                if (!matcher.group().startsWith(RUNNER_PACKAGE)) {
                    references.add(matcher.group());
                }
            }
            assertEquals(List.of(), references, file.getKey() + " refers outside the runner");
        }
    }

    @Test
    void everyClassOfTheRunnersPackageIsInTheJar() throws Exception {
        // an anonymous or local class is not among the declared classes RunnerClassPath ships:
        // it would be a NoClassDefFoundError in every child
        Path compiled = Path.of(Runner.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve(RUNNER_PACKAGE);
        List<String> built;
        try (Stream<Path> list = Files.list(compiled)) {
            built = list.map(p -> RUNNER_PACKAGE + p.getFileName()).filter(n -> n.endsWith(".class")).sorted().toList();
        }
        assertEquals(built, List.copyOf(runnerEntries().keySet()));
    }

    @Test
    void theRunnerMakesNoInvokedynamicCall() throws IOException {
        // A lambda, method reference or (indy) string concatenation starts java.lang.invoke in
        // every child JVM: 8 to 25 ms of CPU time each (README, class throughput). The pom compiles
        // with -XDstringConcat=inline; the runner's own code must not use lambdas.
        for (Map.Entry<String, byte[]> file : runnerEntries().entrySet()) {
            assertEquals(0, ClassFiles.invokedynamicEntries(file.getValue()), file.getKey() + " uses invokedynamic");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void aSubmissionCannotLoadTheJudgesClasses(Isolation isolation) {
        try (SandboxSession session = SandboxFixtures.open(SandboxFixtures.launcher(isolation, SMALL), REQUEST)) {
            for (String name : JUDGE_CLASSES) {
                assertEquals("own:hidden system:hidden", callOnce(session, TRY_LOAD, name).value(), name);
            }
            // the runner is on the class path (it must be), but not visible from the submission's loader
            String runner = (String) callOnce(session, TRY_LOAD, "org.katajudge.sandbox.runner.Runner").value();
            assertTrue(runner.startsWith("own:hidden "), runner);

            CallResult forName = callOnce(session, FOR_NAME, JUDGE_CLASSES.get(0));
            assertEquals(Outcome.THREW, forName.outcome(), forName::toString);
            assertTrue(forName.detail().startsWith("java.lang.ClassNotFoundException: " + JUDGE_CLASSES.get(0)),
                    forName.detail());

            String classPath = (String) callOnce(session, CLASS_PATH, 0).value();
            assertEquals(isolation == Isolation.BWRAP ? "/runner/" + RunnerClassPath.JAR_NAME
                    : RunnerClassPath.jar().toString(), classPath, "the runner's jar is the whole class path");
            assertFalse(classPath.contains("jackson") || classPath.contains("reference"), classPath);
        }
    }
}

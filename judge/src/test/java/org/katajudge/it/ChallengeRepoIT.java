package org.katajudge.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code examples/challenge-repo} built for real with Maven (Surefire 3, as a challenge repository
 * is), copied out of this tree into a temporary folder with a local Maven repository that holds
 * nothing but the judge, installed there as {@code mvn install} installs it (the example's README
 * builds it from source: see {@link ExampleSetupTest}): the README's command goes red on the wrong
 * solutions, each by name (JUnit 5.10, the oldest Platform supported, with the repository's own
 * Jupiter test), and green once they are fixed; correct solutions pass on JUnit 6; no solution at
 * all fails (no Jupiter); and the replay command a failure prints shows the case again.
 *
 * <p>Runs in {@code integration-test}, after the jars are packaged (failsafe; {@code mvn verify}).
 * Third-party artifacts come from the outer build's local repository as a read-only
 * {@code file://} remote, then Maven Central (see {@link NestedMaven}).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ChallengeRepoIT {

    private static final Path EXAMPLE = TestHome.root().resolve("examples/challenge-repo");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Outside this tree: the example's copies, their local Maven repository, the nested builds' settings. */
    @TempDir
    static Path work;
    private static LocalRepository repository;
    private static NestedMaven maven;
    private static WrongBuild wrongBuild;

    @BeforeAll
    static void installTheJudgeInAnEmptyLocalRepository() throws IOException {
        assertFalse(work.startsWith(TestHome.root()), "the copies are made outside the tree: " + work);
        repository = new LocalRepository(work.resolve("m2"));
        assertFalse(Files.exists(repository.root()), "an empty local repository");
        // What `mvn -DskipTests install` of this tree puts there: the parent pom and the three modules.
        String version = property("katajudge.it.version");
        Path root = TestHome.root();
        repository.install("org.katajudge", "kata-judge-parent", version, root.resolve("pom.xml"), null);
        for (String module : List.of("api", "reference")) {
            repository.install("org.katajudge", "kata-judge-" + module, version, root.resolve(module + "/pom.xml"),
                    root.resolve(module + "/target/kata-judge-" + module + "-" + version + ".jar"));
        }
        repository.install("org.katajudge", "kata-judge", version, root.resolve("judge/pom.xml"),
                Path.of(property("katajudge.it.jar")));
        maven = new NestedMaven(repository.root(), Path.of(property("katajudge.it.outer")),
                System.getProperty("katajudge.it.offline", "").contains("true"), work);
    }

    @Test
    @Order(1)
    void aRepositoryStartedFromTheExampleGoesRedOnItsWrongSolutionsAndGreenOnceTheyAreFixed() throws Exception {
        WrongBuild wrong = wrongBuild();
        NestedMaven.Build build = wrong.build;
        assertNotEquals(0, build.status(), build::toString);
        assertTrue(build.log().contains("BUILD FAILURE"), build::toString);
        assertTrue(build.log().contains("SolutionsTest.knight-moves › carol › "), "the console names carol: " + build);
        assertTrue(build.log().contains("SolutionsTest.chess-square-color › dave › "), "the console names dave: " + build);
        assertEquals(Set.of("knight-moves › carol", "chess-square-color › dave"), failingSolutions(wrong.report));
        // what the README shows of this build is what it gives
        String readme = Files.readString(EXAMPLE.resolve("README.md"));
        Matcher counts = Pattern.compile("Tests run: (\\d+), Failures: (\\d+), Errors: (\\d+)").matcher(readme);
        assertTrue(counts.find(), "the README shows the build's counts");
        Element suite = wrong.report.getDocumentElement();
        assertEquals(List.of(counts.group(1), counts.group(2), counts.group(3)),
                List.of(suite.getAttribute("tests"), suite.getAttribute("failures"), suite.getAttribute("errors")),
                "the README's counts are the build's");
        Matcher replay = Pattern.compile("\nreplay: +(mvn [^\n]*)").matcher(readme);
        assertTrue(replay.find(), "the README shows a replay command");
        String failure = testcase(wrong.report, "chess-square-color › dave › enumerated cases of isLight")
                .getElementsByTagName("failure").item(0).getTextContent();
        assertTrue(failure.contains("replay:   " + replay.group(1)), "the README's failure is dave's as the build reports it: " + failure);

        // The fix: carol's and dave's code made right (here, the code of alice and bob), nothing else changed.
        Path fixed = copyOfExample("my-katas-fixed");
        Files.copy(fixed.resolve("solutions/knight-moves/alice/KnightMoves.java"),
                fixed.resolve("solutions/knight-moves/carol/KnightMoves.java"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(fixed.resolve("solutions/chess-square-color/bob/SquareColor.java"),
                fixed.resolve("solutions/chess-square-color/dave/SquareColor.java"), StandardCopyOption.REPLACE_EXISTING);
        NestedMaven.Build green = theReadmesCommands(fixed);
        assertEquals(0, green.status(), green::toString);
        assertTrue(green.log().contains("BUILD SUCCESS"), green::toString);
        Document report = xml(fixed.resolve("target/surefire-reports/TEST-SolutionsTest.xml"));
        assertEquals(Set.of(), failingSolutions(report));
        assertEquals(graded(wrong.report), graded(report), "the same four solutions graded");
        assertEquals(testcases(wrong.report).size(), testcases(report).size(), "the same tests, all passed");
    }

    @Test
    void wrongSolutionsFailTheBuildEachByNameOnJUnit5WithTheRepositorysOwnTests() throws Exception {
        WrongBuild wrong = wrongBuild();
        NestedMaven.Build build = wrong.build;
        assertNotEquals(0, build.status(), build::toString);

        Document report = wrong.report;
        assertEquals(Set.of("knight-moves › carol", "chess-square-color › dave"), failingSolutions(report));
        assertEquals(Set.of("chess-square-color › bob", "chess-square-color › dave", "knight-moves › alice",
                "knight-moves › carol"), graded(report), "every solution is graded, the correct ones too");
        for (Element test : testcases(report)) {
            NodeList failures = test.getElementsByTagName("failure");
            if (failures.getLength() == 0) {
                continue;
            }
            String text = failures.item(0).getTextContent();
            assertFalse(text.contains("\tat "), "no stack frames: " + text);
            for (String part : List.of("\ninput", "\nexpected: ", "\nwhy:      ",
                    "\nreplay:   mvn test -Dtest=SolutionsTest -Dkatajudge.paths=solutions/")) {
                assertTrue(text.contains(part), "the failure holds " + part.strip() + ": " + text);
            }
        }
        assertEquals("1", xml(wrong.project.resolve("target/surefire-reports/TEST-LayoutTest.xml"))
                .getDocumentElement().getAttribute("tests"), "the repository's own Jupiter test ran beside the judge");
        assertTrue(platformJars(report).stream().allMatch(jar -> jar.contains("-" + oldestPlatform() + ".jar")),
                "the repository's JUnit " + exampleJunit() + " picks the Platform, not the judge: " + platformJars(report));

        // the whole result of a failing solution is in the report files: its first failed test's output
        Element daveRandom = testcase(report, "chess-square-color › dave › enumerated cases of isLight");
        String out = daveRandom.getElementsByTagName("system-out").item(0).getTextContent();
        Matcher line = Pattern.compile("kata-judge result: (\\{.*})").matcher(out);
        assertTrue(line.find(), out);
        JsonNode result = JSON.readTree(line.group(1));
        assertEquals("solutions/chess-square-color/dave", result.get("submission").asText());
        assertEquals("WRONG_ANSWER", result.get("verdict").asText());
        assertEquals("isLight", result.get("counterexample").get("method").asText());
    }

    @Test
    void theReplayCommandOfAFailureShowsTheSameCaseAgain() throws Exception {
        WrongBuild wrong = wrongBuild();
        String failure = testcase(wrong.report, "chess-square-color › dave › enumerated cases of isLight")
                .getElementsByTagName("failure").item(0).getTextContent();
        Matcher replay = Pattern.compile("\nreplay: +(mvn .*)").matcher(failure);
        assertTrue(replay.find(), failure);
        List<String> words = List.of(replay.group(1).strip().split(" +"));
        assertTrue(words.contains("-Dkatajudge.replay.choices=" + choices(failure)), replay.group(1));

        NestedMaven.Build build = maven.run(wrong.project, words.subList(1, words.size())); // the command, as printed
        assertNotEquals(0, build.status(), build::toString);
        Document report = xml(wrong.project.resolve("target/surefire-reports/TEST-SolutionsTest.xml"));
        List<Element> tests = testcases(report);
        assertEquals(List.of("chess-square-color › dave › compiles", "chess-square-color › dave › replay of isLight"),
                tests.stream().map(t -> t.getAttribute("name")).toList(), "only that solution, only that case");
        String replayed = testcase(report, "chess-square-color › dave › replay of isLight")
                .getElementsByTagName("failure").item(0).getTextContent();
        assertEquals(theCase(failure), theCase(replayed));
    }

    @Test
    void correctSolutionsPassOnJUnit6() throws Exception {
        Path project = copyOfExample("all-correct");
        deleteTree(project.resolve("solutions/knight-moves/carol"));
        deleteTree(project.resolve("solutions/chess-square-color/dave"));
        String junit6 = property("katajudge.it.junit6");
        assertTrue(junit6.startsWith("6."), junit6);
        NestedMaven.Build build = maven.run(project, List.of("-Djunit.version=" + junit6, "test"));
        assertEquals(0, build.status(), build::toString);
        assertTrue(build.log().contains("BUILD SUCCESS"), build::toString);
        Document report = xml(project.resolve("target/surefire-reports/TEST-SolutionsTest.xml"));
        Element suite = report.getDocumentElement();
        assertEquals(26, Integer.parseInt(suite.getAttribute("tests")), "compile, examples and random tests of two solutions");
        assertEquals("0", suite.getAttribute("failures"));
        assertEquals("0", suite.getAttribute("errors"));
        assertTrue(platformJars(report).stream().allMatch(jar -> jar.contains("-" + junit6 + ".jar")), platformJars(report).toString());
    }

    @Test
    void noSolutionAtAllFailsTheBuildWithoutJupiterToo() throws Exception {
        Path project = copyOfExample("no-solution");
        deleteTree(project.resolve("solutions"));
        Files.createDirectories(project.resolve("solutions"));
        Files.delete(project.resolve("src/test/java/LayoutTest.java"));
        Path pom = project.resolve("pom.xml");
        String withoutJupiter = Files.readString(pom).replaceAll("(?s)\\s*<!-- jupiter:.*?<!-- /jupiter -->", "");
        assertFalse(withoutJupiter.contains("junit-jupiter"), withoutJupiter);
        Files.writeString(pom, withoutJupiter);

        NestedMaven.Build build = maven.run(project, List.of("test"));
        assertNotEquals(0, build.status(), build::toString);
        assertTrue(build.log().contains("BUILD FAILURE"), build::toString);
        assertTrue(build.log().contains("nothing to grade: no submissions below solutions"), build::toString);
        Element suite = xml(project.resolve("target/surefire-reports/TEST-SolutionsTest.xml")).getDocumentElement();
        assertEquals("1", suite.getAttribute("errors"), "the class fails: never a silent green");
    }

    @Test
    void theEngineCompilesAgainstTheOldestPlatformItSupports() throws Exception {
        wrongBuild(); // its build brought the oldest Platform's jars into the private repository
        String platform = oldestPlatform();
        List<Path> classPath = new ArrayList<>(List.of(
                repository.find("junit-platform-engine-" + platform + ".jar"),
                repository.find("junit-platform-commons-" + platform + ".jar"),
                jarOf(org.opentest4j.AssertionFailedError.class), jarOf(org.apiguardian.api.API.class),
                Path.of(property("katajudge.it.classes")), jarOf(org.katajudge.kata.Kata.class),
                jarOf(com.fasterxml.jackson.databind.JsonNode.class), jarOf(com.fasterxml.jackson.core.JsonParser.class),
                jarOf(com.fasterxml.jackson.annotation.JsonInclude.class), jarOf(org.apache.commons.exec.Executor.class)));
        List<Path> sources;
        try (Stream<Path> files = Files.list(TestHome.root().resolve("judge/src/main/java/org/katajudge/engine"))) {
            sources = files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
        Path classes = Files.createDirectories(work.resolve("engine-on-" + platform));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
            List<String> options = List.of("--release", "17", "-proc:none", "-d", classes.toString(),
                    "-classpath", classPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
            boolean compiled = javac.getTask(null, files, diagnostics, options, null,
                    files.getJavaFileObjectsFromPaths(sources)).call();
            assertTrue(compiled, () -> "the engine uses Platform API newer than " + platform + ":\n"
                    + diagnostics.getDiagnostics().stream().map(Object::toString).collect(Collectors.joining("\n")));
        }
    }

    /**
     * The example as committed (wrong solutions in it), copied out and graded with the README's
     * command, once for the tests that need it.
     */
    private static synchronized WrongBuild wrongBuild() throws Exception {
        if (wrongBuild == null) {
            Path project = copyOfExample("my-katas");
            NestedMaven.Build build = theReadmesCommands(project);
            Path report = project.resolve("target/surefire-reports/TEST-SolutionsTest.xml");
            assertTrue(Files.isRegularFile(report), build::toString);
            wrongBuild = new WrongBuild(project, build, xml(report));
        }
        return wrongBuild;
    }

    /**
     * Runs, in {@code project}, the commands of the example README's section "Grade the solutions",
     * as written.
     *
     * @return the last one's build
     */
    private static NestedMaven.Build theReadmesCommands(Path project) throws IOException, InterruptedException {
        String readme = Files.readString(project.resolve("README.md"));
        int section = readme.indexOf("## Grade the solutions");
        assertTrue(section >= 0, "the example's README says how to grade the solutions");
        int start = readme.indexOf("```sh\n", section) + "```sh\n".length();
        List<String> commands = readme.substring(start, readme.indexOf("```", start)).lines()
                .filter(l -> !l.isBlank()).toList();
        assertFalse(commands.isEmpty(), "a command to grade the solutions");
        NestedMaven.Build build = null;
        for (String command : commands) {
            List<String> words = List.of(command.strip().split(" +"));
            assertEquals("mvn", words.get(0), "a Maven command: " + command);
            build = maven.run(project, words.subList(1, words.size()));
        }
        return build;
    }

    private record WrongBuild(Path project, NestedMaven.Build build, Document report) {
    }

    private static Path copyOfExample(String name) throws IOException {
        Path copy = work.resolve(name);
        deleteTree(copy);
        try (Stream<Path> paths = Files.walk(EXAMPLE)) {
            for (Path path : paths.toList()) {
                Path relative = EXAMPLE.relativize(path);
                if (relative.startsWith("target")) {
                    continue;
                }
                Path target = copy.resolve(relative.toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
        return copy;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** "kata › who" of every solution with a failing test. */
    private static Set<String> failingSolutions(Document report) {
        Set<String> failing = new TreeSet<>();
        for (Element test : testcases(report)) {
            if (test.getElementsByTagName("failure").getLength() + test.getElementsByTagName("error").getLength() > 0) {
                failing.add(solution(test.getAttribute("name")));
            }
        }
        return failing;
    }

    /** "kata › who" of every solution with a test in the report. */
    private static Set<String> graded(Document report) {
        Set<String> graded = new TreeSet<>();
        for (Element test : testcases(report)) {
            graded.add(solution(test.getAttribute("name")));
        }
        return graded;
    }

    private static String solution(String testName) {
        String[] parts = testName.split(" › ");
        assertEquals(3, parts.length, "kata › who › test: " + testName);
        return parts[0] + " › " + parts[1];
    }

    private static List<Element> testcases(Document report) {
        NodeList nodes = report.getElementsByTagName("testcase");
        List<Element> tests = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            tests.add((Element) nodes.item(i));
        }
        return tests;
    }

    private static Element testcase(Document report, String name) {
        return testcases(report).stream().filter(t -> t.getAttribute("name").equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no test " + name));
    }

    /** The JUnit Platform jars of the test class path Surefire recorded. */
    private static List<String> platformJars(Document report) {
        NodeList properties = report.getElementsByTagName("property");
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < properties.getLength(); i++) {
            Element property = (Element) properties.item(i);
            values.put(property.getAttribute("name"), property.getAttribute("value"));
        }
        String classPath = values.getOrDefault("surefire.test.class.path", "");
        List<String> jars = Stream.of(classPath.split(File.pathSeparator))
                .map(p -> Path.of(p).getFileName().toString()).filter(f -> f.startsWith("junit-platform-")).toList();
        assertFalse(jars.isEmpty(), "no Platform jar in the recorded class path: " + classPath);
        return jars;
    }

    /** The lines of a failure from the drawing to the reason. */
    private static String theCase(String failure) {
        Matcher drawn = Pattern.compile("(?s)\n(input.*?\nwhy: [^\n]*)").matcher(failure);
        assertTrue(drawn.find(), failure);
        return drawn.group(1);
    }

    private static String choices(String failure) {
        Matcher choices = Pattern.compile("\nchoices: +([0-9.]+)").matcher(failure);
        assertTrue(choices.find(), failure);
        return choices.group(1);
    }

    private static String exampleJunit() {
        try {
            Matcher version = Pattern.compile("<junit.version>([^<]+)</junit.version>").matcher(Files.readString(EXAMPLE.resolve("pom.xml")));
            assertTrue(version.find());
            return version.group(1);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** JUnit 5.x goes with Platform 1.x: the example's JUnit 5.10.2 runs the engine on Platform 1.10.2. */
    private static String oldestPlatform() {
        String junit = exampleJunit();
        assertTrue(junit.startsWith("5.10."), "the example keeps the oldest JUnit supported: " + junit);
        return "1." + junit.substring(2);
    }

    private static Document xml(Path file) throws IOException {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        } catch (SAXException | ParserConfigurationException e) {
            throw new AssertionError("not XML: " + file, e);
        }
    }

    private static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new AssertionError("system property " + name + " is not set: run the integration tests with Maven (mvn verify)");
        }
        return value;
    }
}

package org.katajudge.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@code mvn -P release} makes is what Maven Central requires: for every published module
 * (the parent pom, {@code kata-judge-api}, {@code kata-judge-reference}, {@code kata-judge-similarity-worker},
 * {@code kata-judge}) a pom
 * with name, description, url, licenses, developers and scm, as Maven resolves it with the release
 * profile on (nested {@code help:effective-pom}); for each jar module its sources and javadoc jars
 * beside the jar; and, given a key, a signature for every file. The signatures are made for real on
 * the smallest module ({@code -pl api}, in a copy of the tree) with a throwaway key, when {@code gpg}
 * is installed. The judge's published jar and pom are the plain module, not the shaded
 * {@code judge.jar}: its pom names every dependency its classes need.
 *
 * <p>Runs in {@code integration-test}, after the jars are packaged (failsafe; {@code mvn verify}).
 */
class ReleaseIT {

    private static final List<String> MODULES = List.of("api", "reference", "similarity-worker", "judge");
    private static final Map<String, String> ARTIFACTS = Map.of(
            "api", "kata-judge-api", "reference", "kata-judge-reference",
            "similarity-worker", "kata-judge-similarity-worker", "judge", "kata-judge");

    @TempDir
    static Path work;
    private static NestedMaven maven;
    private static Path copy;
    private static String version;
    private static Path gnupg;

    @BeforeAll
    static void copyTheTree() throws IOException {
        Assumptions.assumeFalse(System.getProperty("katajudge.it.offline", "").contains("true"),
                "an offline build: the release plugins (gpg, central-publishing, help) cannot be fetched");
        version = System.getProperty("katajudge.it.version");
        assertTrue(version != null && !version.isBlank(), "run with Maven: mvn verify");
        copy = work.resolve("kata-judge");
        Files.createDirectories(copy);
        Files.copy(TestHome.root().resolve("pom.xml"), copy.resolve("pom.xml"));
        for (String module : MODULES) {
            Files.createDirectories(copy.resolve(module));
            Files.copy(TestHome.root().resolve(module + "/pom.xml"), copy.resolve(module + "/pom.xml"));
        }
        TestHome.copyTree(TestHome.root().resolve("api/src/main"), copy.resolve("api/src/main"));
        maven = new NestedMaven(work.resolve("m2"), Path.of(System.getProperty("katajudge.it.outer")), false, work);
    }

    @AfterAll
    static void stopTheGpgAgentWeStarted() throws Exception {
        if (gnupg != null) {
            run(List.of("gpgconf", "--homedir", gnupg.toString(), "--kill", "gpg-agent"));
        }
    }

    @Test
    void everyPublishedPomHasWhatMavenCentralRequires() throws Exception {
        Path output = work.resolve("effective-pom.xml");
        NestedMaven.Build build = maven.run(copy, List.of("-P", "release",
                "org.apache.maven.plugins:maven-help-plugin:3.5.1:effective-pom", "-Doutput=" + output));
        assertEquals(0, build.status(), build::toString);
        Map<String, Element> projects = new LinkedHashMap<>();
        NodeList nodes = xml(output).getElementsByTagName("project");
        for (int i = 0; i < nodes.getLength(); i++) {
            Element project = (Element) nodes.item(i);
            projects.put(text(project, "artifactId"), project);
        }
        assertEquals(Set.of("kata-judge-parent", "kata-judge-api", "kata-judge-reference", "kata-judge-similarity-worker",
                "kata-judge"), projects.keySet());

        Element parent = projects.get("kata-judge-parent");
        String url = text(parent, "url");
        assertTrue(url.startsWith("https://"), url);
        for (Element project : projects.values()) {
            String id = text(project, "artifactId");
            assertEquals("org.katajudge", text(project, "groupId"), id);
            assertEquals(version, text(project, "version"), id);
            assertFalse(text(project, "name").isBlank(), id + " has a name");
            assertTrue(text(project, "description").length() > 20, id + " has a description");
            assertEquals(url, text(project, "url"), id + ": the project's url, not one with the module appended");
            Element license = child(child(project, "licenses"), "license");
            assertFalse(text(license, "name").isBlank(), id);
            assertTrue(text(license, "url").startsWith("https://"), id);
            Element developer = child(child(project, "developers"), "developer");
            assertFalse(text(developer, "name").isBlank(), id);
            Element scm = child(project, "scm");
            for (String field : List.of("connection", "developerConnection", "url")) {
                assertEquals(text(child(parent, "scm"), field), text(scm, field), id + ": scm " + field + " as the parent's");
            }
            if (!id.equals("kata-judge-parent")) {
                Set<String> release = executions(project);
                for (String goal : List.of("maven-source-plugin:jar-no-fork", "maven-javadoc-plugin:jar", "maven-gpg-plugin:sign")) {
                    assertTrue(release.contains(goal), id + " runs " + goal + " in the release profile: " + release);
                }
            }
        }
        Set<String> needed = dependencies(projects.get("kata-judge"), false);
        assertEquals(new TreeSet<>(Set.of("org.katajudge:kata-judge-api", "org.katajudge:kata-judge-reference",
                "com.fasterxml.jackson.core:jackson-databind", "org.apache.commons:commons-exec",
                "org.apache.commons:commons-compress", "org.apache.commons:commons-csv",
                "org.junit.platform:junit-platform-engine")), needed,
                "the published judge is the plain jar: its pom names what its classes need, nothing shaded");
        assertEquals(new TreeSet<>(Set.of("org.junit.platform:junit-platform-launcher", "org.junit.platform:junit-platform-reporting",
                "org.eclipse.jetty:jetty-server", "com.h2database:h2", "org.commonmark:commonmark", "org.slf4j:slf4j-nop",
                "info.picocli:picocli")),
                dependencies(projects.get("kata-judge"), true),
                "the command line's own (its launcher, its parser, serve's server): optional, never on a user's class path");
    }

    @Test
    void everyJarModuleShipsItsSourcesAndJavadocBesideThePlainJar() throws IOException {
        for (String module : MODULES) {
            String base = (module.equals("judge") ? "judge" : ARTIFACTS.get(module)) + "-" + version;
            Path target = TestHome.root().resolve(module + "/target");
            try (JarFile jar = new JarFile(target.resolve(base + ".jar").toFile());
                 JarFile sources = new JarFile(target.resolve(base + "-sources.jar").toFile());
                 JarFile javadoc = new JarFile(target.resolve(base + "-javadoc.jar").toFile())) {
                Set<String> classes = entries(jar, ".class");
                Set<String> sourceFiles = entries(sources, ".java");
                assertFalse(classes.isEmpty(), module);
                for (String type : classes) {
                    if (!type.contains("$") && !type.endsWith("package-info.class") && !type.startsWith("META-INF/")) {
                        assertTrue(sourceFiles.contains(type.replace(".class", ".java")), module + ": the sources of " + type);
                    }
                }
                assertTrue(javadoc.getEntry("index.html") != null, module + ": a javadoc jar with its index");
                assertTrue(classes.stream().allMatch(c -> c.startsWith("org/katajudge/")),
                        module + ": no other project's classes in the published jar");
            }
        }
        try (JarFile shaded = new JarFile(TestHome.root().resolve("judge/target/judge.jar").toFile())) {
            assertTrue(shaded.getEntry("com/fasterxml/jackson/databind/ObjectMapper.class") != null,
                    "the runnable judge.jar is the shaded one, and it is not the published artifact");
        }
    }

    @Test
    void theReleaseProfileSignsEveryFileWithTheKeyGiven() throws Exception {
        Assumptions.assumeTrue(run(List.of("gpg", "--version")).status == 0,
                "gpg is not installed: the release build's signatures are not checked here");
        gnupg = Files.createDirectories(work.resolve("gnupg"));
        Files.setPosixFilePermissions(gnupg, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        Result key = run(List.of("gpg", "--homedir", gnupg.toString(), "--batch", "--pinentry-mode", "loopback",
                "--passphrase", "", "--quick-generate-key", "kata-judge release test <release-test@example.invalid>",
                "ed25519", "sign", "1d"));
        assertEquals(0, key.status, key.output);
        String fingerprint = run(List.of("gpg", "--homedir", gnupg.toString(), "--batch", "--with-colons",
                "--list-secret-keys")).output.lines().filter(l -> l.startsWith("fpr:")).findFirst()
                .map(l -> l.split(":")[9]).orElseThrow(() -> new AssertionError("no key made"));

        NestedMaven.Build build = maven.run(copy, List.of("-P", "release", "-pl", "api", "-DskipTests",
                "-Dgpg.homedir=" + gnupg, "-Dgpg.keyname=" + fingerprint, "verify"));
        assertEquals(0, build.status(), build::toString);
        Path target = copy.resolve("api/target");
        List<Path> signatures;
        try (Stream<Path> files = Files.walk(target)) {
            signatures = files.filter(f -> f.toString().endsWith(".asc")).toList();
        }
        List<String> signed = new ArrayList<>();
        for (Path signature : signatures) {
            String name = signature.getFileName().toString();
            String file = name.substring(0, name.length() - ".asc".length());
            signed.add(file);
            // the pom signed is the module's pom.xml, published as ARTIFACT-VERSION.pom
            Path original = file.endsWith(".pom") ? copy.resolve("api/pom.xml") : target.resolve(file);
            assertTrue(Files.isRegularFile(original), "a signature of nothing: " + signature);
            Result verified = run(List.of("gpg", "--homedir", gnupg.toString(), "--batch", "--verify",
                    signature.toString(), original.toString()));
            assertEquals(0, verified.status, signature + ": " + verified.output);
        }
        String base = "kata-judge-api-" + version;
        assertEquals(new TreeSet<>(Set.of(base + ".jar", base + "-sources.jar", base + "-javadoc.jar", base + ".pom")),
                new TreeSet<>(signed),
                "the jar, its sources, its javadoc and its pom, each signed");
    }

    private static Set<String> executions(Element project) {
        Set<String> goals = new TreeSet<>();
        NodeList plugins = project.getElementsByTagName("plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            if (!(plugin.getParentNode().getParentNode() instanceof Element build) || !build.getTagName().equals("build")) {
                continue; // pluginManagement's are only declarations
            }
            NodeList goalNodes = plugin.getElementsByTagName("goal");
            for (int j = 0; j < goalNodes.getLength(); j++) {
                goals.add(text(plugin, "artifactId") + ":" + goalNodes.item(j).getTextContent().strip());
            }
        }
        return goals;
    }

    /** The compile and runtime dependencies, optional or not, as groupId:artifactId. */
    private static Set<String> dependencies(Element project, boolean optional) {
        Set<String> dependencies = new TreeSet<>();
        for (Element dependency : children(child(project, "dependencies"), "dependency")) {
            String scope = text(dependency, "scope");
            if (scope.equals("test") || scope.equals("provided")) {
                continue;
            }
            if (text(dependency, "optional").equals("true") == optional) {
                assertFalse(text(dependency, "version").isBlank(), "a version for " + text(dependency, "artifactId"));
                dependencies.add(text(dependency, "groupId") + ":" + text(dependency, "artifactId"));
            }
        }
        return dependencies;
    }

    private static Set<String> entries(JarFile jar, String suffix) {
        return jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(suffix)).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Element child(Element parent, String name) {
        List<Element> children = children(parent, name);
        assertFalse(children.isEmpty(), "<" + parent.getTagName() + "> has <" + name + ">");
        return children.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> children = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                children.add(element);
            }
        }
        return children;
    }

    /** A direct child's text, or "" when there is none. */
    private static String text(Element parent, String name) {
        List<Element> children = children(parent, name);
        return children.isEmpty() ? "" : children.get(0).getTextContent().strip();
    }

    private static Document xml(Path file) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    }

    private record Result(int status, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return new Result(-1, e.getMessage());
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("did not end: " + command);
        }
        return new Result(process.exitValue(), output);
    }
}

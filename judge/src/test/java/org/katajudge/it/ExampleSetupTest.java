package org.katajudge.it;

import org.junit.jupiter.api.Test;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The challenge-repository guide ({@code docs/guides/challenge-repos.md}) shows exactly what
 * {@code examples/challenge-repo} uses (which {@link ChallengeRepoIT} builds for real), at the
 * version this build makes.
 */
class ExampleSetupTest {

    private static final Path EXAMPLE = TestHome.root().resolve("examples/challenge-repo");
    private static final Path GUIDE = TestHome.root().resolve("docs/guides/challenge-repos.md");

    @Test
    void theGuideShowsTheExamplesFilesVerbatim() throws IOException {
        String guide = Files.readString(GUIDE);
        String pom = Files.readString(EXAMPLE.resolve("pom.xml"));
        for (String block : new String[] {
                between(pom, "  <dependencyManagement>", "</dependencyManagement>\n"),
                between(pom, "    <dependency>\n      <groupId>org.katajudge</groupId>", "</dependency>\n"),
                Files.readString(EXAMPLE.resolve("src/test/java/SolutionsTest.java")),
                Files.readString(EXAMPLE.resolve(".github/workflows/solutions.yml"))}) {
            assertTrue(guide.contains(block), () -> GUIDE + " does not show, as the example has it:\n" + block);
        }
    }

    @Test
    void theExampleAndTheGuideUseTheVersionThisBuildMakes() throws IOException {
        String version = version(Files.readString(TestHome.root().resolve("pom.xml")), "<artifactId>kata-judge-parent</artifactId>\\s*<version>([^<]+)</version>");
        assertEquals(version, version(Files.readString(EXAMPLE.resolve("pom.xml")), "<kata-judge.version>([^<]+)</kata-judge.version>"));
        assertTrue(Files.readString(GUIDE).contains("`org.katajudge:kata-judge:" + version + "`"),
                GUIDE + " names the coordinates org.katajudge:kata-judge:" + version);
    }

    @Test
    void theJudgesOnlyJUnitDependencyForOthersIsThePlatformEngine() throws IOException {
        String pom = Files.readString(TestHome.root().resolve("judge/pom.xml"));
        Matcher dependencies = Pattern.compile("(?s)<dependency>(.*?)</dependency>").matcher(pom);
        int platformEngine = 0;
        while (dependencies.find()) {
            String dependency = dependencies.group(1);
            boolean transitive = !dependency.contains("<optional>true</optional>") && !dependency.contains("<scope>test</scope>");
            if (dependency.contains("<groupId>org.junit")) {
                boolean engine = dependency.contains("<artifactId>junit-platform-engine</artifactId>");
                assertEquals(engine, transitive, "only junit-platform-engine reaches a user's class path: " + dependency);
                platformEngine += engine ? 1 : 0;
            }
        }
        assertEquals(1, platformEngine);
    }

    private static String between(String text, String start, String end) {
        int from = text.indexOf(start);
        int to = text.indexOf(end, from);
        assertTrue(from >= 0 && to > from, start);
        return text.substring(from, to + end.length());
    }

    private static String version(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertTrue(matcher.find(), regex);
        return matcher.group(1);
    }
}

package org.katajudge.it;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The challenge-repository guide ({@code docs/guides/challenge-repos.md}) shows exactly what
 * {@code examples/challenge-repo} uses (which {@link ChallengeRepoIT} builds for real), at the
 * version this build makes; and the example installs the judge the same way in its README and in
 * its workflow, from a commit of this repository that builds the version its pom names.
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

    @Test
    void theReadmeInstallsTheJudgeExactlyAsTheWorkflowDoes() throws IOException {
        List<String> readme = judgeInstall(Files.readString(EXAMPLE.resolve("README.md")));
        assertEquals(3, readme.size(), readme::toString);
        assertEquals(readme, workflowStep(Files.readString(EXAMPLE.resolve(".github/workflows/solutions.yml")), "Install kata-judge"));
        assertTrue(readme.get(2).startsWith("mvn ") && readme.get(2).endsWith(" install"), readme::toString);
    }

    @Test
    void theJudgeIsPinnedToACommitOfThisRepositoryThatBuildsTheVersionThePomNames() throws Exception {
        String commit = pinnedCommit();
        Assumptions.assumeTrue(git("rev-parse", "--git-dir").status == 0,
                "no git metadata here (a source archive, not a clone): the pinned commit cannot be checked");
        Git pom = git("show", commit + ":pom.xml");
        Assumptions.assumeFalse(pom.status != 0 && git("rev-parse", "--is-shallow-repository").output.strip().equals("true"),
                "a shallow clone: the pinned commit " + commit + " may be outside its history");
        assertEquals(0, pom.status, "the pinned commit " + commit + " is not in this repository: " + pom.output);
        String built = version(pom.output, "<artifactId>kata-judge-parent</artifactId>\\s*<version>([^<]+)</version>");
        assertEquals(built, version(Files.readString(EXAMPLE.resolve("pom.xml")), "<kata-judge.version>([^<]+)</kata-judge.version>"),
                "kata-judge.version is the version the pinned commit builds");
        assertEquals(0, git("cat-file", "-e", commit + ":judge/src/main/java/org/katajudge/engine/KataSolutions.java").status,
                "the pinned commit has the test engine's @KataSolutions");
    }

    /** The commands of the README's section "Where the judge comes from". */
    static List<String> judgeInstall(String readme) {
        int section = readme.indexOf("## Where the judge comes from");
        assertTrue(section >= 0, "the example's README says where the judge comes from");
        int start = readme.indexOf("```sh\n", section) + "```sh\n".length();
        return readme.substring(start, readme.indexOf("```", start)).lines().filter(l -> !l.isBlank()).toList();
    }

    /** The commit the README checks the judge out at. */
    static String pinnedCommit() throws IOException {
        Matcher checkout = Pattern.compile("checkout --quiet ([0-9a-f]{40})$")
                .matcher(judgeInstall(Files.readString(EXAMPLE.resolve("README.md"))).get(1));
        assertTrue(checkout.find(), "a full commit id");
        return checkout.group(1);
    }

    /** The lines of the {@code run: |} block of the workflow step named {@code name}. */
    private static List<String> workflowStep(String workflow, String name) {
        List<String> lines = workflow.lines().toList();
        int step = lines.indexOf("      - name: " + name);
        assertTrue(step >= 0, "the workflow has a step \"" + name + "\"");
        assertEquals("        run: |", lines.get(step + 1));
        List<String> run = new ArrayList<>();
        for (String line : lines.subList(step + 2, lines.size())) {
            if (!line.startsWith("          ")) {
                break;
            }
            run.add(line.strip());
        }
        assertFalse(run.isEmpty());
        return run;
    }

    private record Git(int status, String output) {
    }

    private static Git git(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", TestHome.root().toString()));
        command.addAll(List.of(args));
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return new Git(-1, "no git: " + e.getMessage());
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(1, TimeUnit.MINUTES));
        return new Git(process.exitValue(), output);
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

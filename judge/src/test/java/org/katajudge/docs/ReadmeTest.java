package org.katajudge.docs;

import org.junit.jupiter.api.Test;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * README.md stays what a newcomer needs: its two commands exactly (CI runs the second), a few
 * screens long, and a map of docs/ that names every page.
 */
class ReadmeTest {

    private static final Path ROOT = TestHome.root();
    static final String BUILD_AND_VERIFY = "mvn -B -DskipTests package && java -jar judge/target/judge.jar verify";
    static final String TEST = "mvn -B verify";

    @Test
    void theReadmesFirstBlockIsItsTwoCommandsAndCiRunsTheSecondExactly() throws IOException {
        List<Markdown.CodeBlock> blocks = Markdown.of(Files.readString(ROOT.resolve("README.md"))).codeBlocks();
        List<String> commands = blocks.get(0).text().lines().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        assertEquals(List.of(BUILD_AND_VERIFY, TEST), commands);
        List<String> ci = Files.readAllLines(ROOT.resolve(".ci/run")).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        assertEquals(TEST, ci.get(ci.size() - 1), ".ci/run ends with the README's test command, exactly");
    }

    @Test
    void theReadmeFitsOnAFewScreens() throws IOException {
        int lines = Files.readAllLines(ROOT.resolve("README.md")).size();
        assertTrue(lines <= 300, "README.md has " + lines + " lines: the rest belongs in docs/");
    }

    @Test
    void theMapOfDocsNamesEveryPage() throws IOException {
        Path docs = ROOT.resolve("docs");
        Set<Path> linked = Markdown.of(Files.readString(docs.resolve("README.md"))).links().stream()
                .map(link -> link.target().replaceAll("#.*", ""))
                .filter(target -> !target.isEmpty() && !target.contains(":"))
                .map(target -> docs.resolve(target).normalize())
                .collect(Collectors.toSet());
        Set<String> missing = new TreeSet<>();
        try (Stream<Path> pages = Files.walk(docs)) {
            pages.filter(p -> p.toString().endsWith(".md") && !p.equals(docs.resolve("README.md")))
                    .filter(p -> !docs.relativize(p).startsWith("pending")) // notes waiting to be merged into pages
                    .filter(p -> !linked.contains(p))
                    .forEach(p -> missing.add(ROOT.relativize(p).toString()));
        }
        assertTrue(missing.isEmpty(), "docs/README.md does not link to " + missing);
    }
}

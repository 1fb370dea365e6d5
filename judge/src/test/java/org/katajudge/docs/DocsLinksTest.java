package org.katajudge.docs;

import org.junit.jupiter.api.Test;
import org.katajudge.TestHome;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every relative link and anchor in the repository's Markdown (README.md, docs/, the katas' and
 * the examples' READMEs) leads somewhere: the file or folder exists inside the repository, and the
 * anchor is a heading of the page it points to, as GitHub names headings.
 */
class DocsLinksTest {

    private static final Path ROOT = TestHome.root();

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        int checked = 0;
        for (Path page : pages()) {
            for (Markdown.Link link : Markdown.of(Files.readString(page)).links()) {
                String target = link.target();
                if (target.isEmpty() || target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                    continue; // https:, mailto:: not this test's business
                }
                checked++;
                String where = ROOT.relativize(page) + ":" + link.line() + ": (" + target + ") ";
                int hash = target.indexOf('#');
                String file = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (file.startsWith("/") || !resolved.startsWith(ROOT)) {
                    broken.add(where + "leaves the repository: links are relative to the page");
                } else if (!Files.exists(resolved)) {
                    broken.add(where + "no such file or folder: " + ROOT.relativize(resolved));
                } else if (anchor != null) {
                    if (!resolved.toString().endsWith(".md")) {
                        if (!anchor.matches("L\\d+(-L\\d+)?")) {
                            broken.add(where + "an anchor into a file that is not Markdown");
                        }
                    } else if (!anchors.computeIfAbsent(resolved, DocsLinksTest::anchorsOf).contains(anchor)) {
                        broken.add(where + "no heading #" + anchor + " in " + ROOT.relativize(resolved)
                                + "; its anchors: " + anchors.get(resolved));
                    }
                }
            }
        }
        assertTrue(checked > 100, "the pages link to each other (" + checked + " links checked)");
        assertTrue(broken.isEmpty(), () -> broken.size() + " broken links:\n" + String.join("\n", broken));
    }

    @Test
    void anchorsAreNamedAsGitHubNamesThem() {
        assertEquals("grade", Markdown.slug("`grade`"));
        assertEquals("your-junit-any-of-510-and-6x", Markdown.slug("Your JUnit: any of 5.10+ and 6.x"));
        assertEquals("honest-memory_limit_exceeded", Markdown.slug("Honest `MEMORY_LIMIT_EXCEEDED`"));
        assertEquals("4-compiling", Markdown.slug("4. Compiling"));
        assertEquals("teachers-marks-feedback-and-a-class-report", Markdown.slug("Teachers: marks, feedback and a class report"));
        assertEquals("explanations-explanationreason", Markdown.slug("Explanations: `Explanation.reason`"));
        assertEquals("the-katas-readme", Markdown.slug("The [katas' README](katas/README.md)"));
        Set<String> anchors = Markdown.of("# A\n## Notes\n```\n# not a heading\n```\n### Notes\n## Notes\n").anchors();
        assertEquals(Set.of("a", "notes", "notes-1", "notes-2"), anchors);
        assertFalse(anchors.contains("not-a-heading"));
    }

    @Test
    void linksInCodeAreNotLinks() {
        List<Markdown.Link> links = Markdown.of("""
                See [the guide](docs/a.md#x) and `[not](a-link.md)`.
                ```
                [not](either.md)
                ```
                ![a picture](img.png "title")
                """).links();
        assertEquals(List.of(new Markdown.Link(1, "docs/a.md#x"), new Markdown.Link(5, "img.png")), links);
    }

    /** README.md, docs/**, and every other Markdown file of the repository but build output and templates. */
    static List<Path> pages() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            List<Path> pages = files.filter(f -> f.toString().endsWith(".md"))
                    .filter(f -> !excluded(ROOT.relativize(f)))
                    .sorted().toList();
            assertTrue(pages.contains(ROOT.resolve("README.md")) && pages.contains(ROOT.resolve("docs/README.md")), pages::toString);
            return pages;
        }
    }

    private static boolean excluded(Path relative) {
        for (Path part : relative) {
            String name = part.toString();
            if (name.startsWith(".") || name.equals("target") || name.equals("node_modules")) {
                return true;
            }
        }
        // build output of the benchmarks, the scaffold's templates (placeholders, not pages)
        return relative.startsWith("bench/out") || relative.startsWith("judge/src/main/resources");
    }

    private static Set<String> anchorsOf(Path page) {
        try {
            return Markdown.of(Files.readString(page)).anchors();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}

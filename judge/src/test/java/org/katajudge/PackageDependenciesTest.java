package org.katajudge;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The judge's packages depend on each other one way (docs/architecture.md), read from the imports
 * of its main sources (a name written out in full in the code is not seen): no two packages reach
 * each other, and the packages every part shares ({@code cache}, {@code jvm}, {@code files})
 * import nothing of the judge.
 */
class PackageDependenciesTest {

    private static final Pattern PACKAGE = Pattern.compile("(?m)^package (org\\.katajudge[\\w.]*);");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import (?:static )?(org\\.katajudge\\.[\\w.]+);");

    /** Package to the packages of the judge it imports from (the kata API's included). */
    private static Map<String, Set<String>> imports() throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        Path sources = TestHome.root().resolve("judge/src/main/java");
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String source = Files.readString(file);
                Matcher declared = PACKAGE.matcher(source);
                if (!declared.find()) {
                    continue;
                }
                String from = declared.group(1);
                Set<String> targets = graph.computeIfAbsent(from, k -> new TreeSet<>());
                Matcher imported = IMPORT.matcher(source);
                while (imported.find()) {
                    String to = packageOf(imported.group(1));
                    if (!to.equals(from)) {
                        targets.add(to);
                    }
                }
            }
        }
        return graph;
    }

    /** {@code org.katajudge.report.SafeText} and {@code org.katajudge.report.SafeText.x}: {@code org.katajudge.report}. */
    private static String packageOf(String name) {
        List<String> parts = new ArrayList<>();
        for (String part : name.split("\\.")) {
            if (Character.isUpperCase(part.charAt(0))) {
                break;
            }
            parts.add(part);
        }
        return String.join(".", parts);
    }

    @Test
    void noTwoPackagesReachEachOther() throws IOException {
        Map<String, Set<String>> graph = imports();
        assertTrue(graph.size() > 20, () -> "the judge's packages were not found: " + graph.keySet());
        List<Set<String>> cycles = stronglyConnected(graph).stream().filter(c -> c.size() > 1).toList();
        assertEquals(List.of(), cycles, "packages that import from each other, directly or through others");
    }

    @Test
    void thePackagesEveryPartSharesImportNothingOfTheJudge() throws IOException {
        Map<String, Set<String>> graph = imports();
        for (String shared : List.of("org.katajudge.cache", "org.katajudge.jvm", "org.katajudge.files")) {
            assertTrue(graph.containsKey(shared), shared + " is gone: update this test and architecture.md");
            assertEquals(Set.of(), graph.get(shared), shared + " imports from the judge");
        }
    }

    @Test
    void aCycleIsFound() {
        Map<String, Set<String>> graph = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));
        assertEquals(List.of(Set.of("a", "b", "c")), stronglyConnected(graph).stream().filter(c -> c.size() > 1).toList());
    }

    /** Tarjan's strongly connected components, iteratively (no recursion to run out of). */
    private static List<Set<String>> stronglyConnected(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new HashSet<>();
        List<Set<String>> components = new ArrayList<>();
        int[] next = {0};
        for (String start : new TreeSet<>(graph.keySet())) {
            if (index.containsKey(start)) {
                continue;
            }
            Deque<Map.Entry<String, Iterator<String>>> work = new ArrayDeque<>();
            visit(start, index, low, stack, onStack, next);
            work.push(Map.entry(start, graph.getOrDefault(start, Set.of()).iterator()));
            while (!work.isEmpty()) {
                String node = work.peek().getKey();
                Iterator<String> edges = work.peek().getValue();
                if (edges.hasNext()) {
                    String target = edges.next();
                    if (!index.containsKey(target)) {
                        visit(target, index, low, stack, onStack, next);
                        work.push(Map.entry(target, graph.getOrDefault(target, Set.of()).iterator()));
                    } else if (onStack.contains(target)) {
                        low.put(node, Math.min(low.get(node), index.get(target)));
                    }
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    String parent = work.peek().getKey();
                    low.put(parent, Math.min(low.get(parent), low.get(node)));
                }
                if (low.get(node).equals(index.get(node))) {
                    Set<String> component = new TreeSet<>();
                    String member;
                    do {
                        member = stack.pop();
                        onStack.remove(member);
                        component.add(member);
                    } while (!member.equals(node));
                    components.add(component);
                }
            }
        }
        return components;
    }

    private static void visit(String node, Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack,
                              Set<String> onStack, int[] next) {
        index.put(node, next[0]);
        low.put(node, next[0]);
        next[0]++;
        stack.push(node);
        onStack.add(node);
    }
}

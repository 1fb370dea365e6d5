package org.katajudge.compile;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.katajudge.TestHome;
import org.katajudge.kata.Kata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.compile.TestCompiler.COMPILER;
import static org.katajudge.compile.TestCompiler.assertCompiled;
import static org.katajudge.compile.TestCompiler.assertFailed;
import static org.katajudge.compile.TestCompiler.assertRejected;
import static org.katajudge.compile.TestCompiler.describe;
import static org.katajudge.compile.TestCompiler.kata;

/**
 * The repository's sample submissions through the compiler with the policy on: no false
 * positives on real solutions, every hostile one rejected, and the same answers from several
 * threads at once.
 */
class SubmissionCorpusTest {

    /** A folder of .java files under submissions/KATA/VERDICT/NAME/. */
    record Sample(Path folder, String kataId, String verdict, List<Path> files) {

        String name() {
            return kataId + "/" + verdict + "/" + folder.getFileName();
        }

        Compilation compile() {
            Kata kata = kata(kataId);
            List<SourceFile> sources = new ArrayList<>();
            for (Path file : files) {
                try {
                    sources.add(new SourceFile(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return COMPILER.compile(sources, kata.className(), kata.entryPoints(), true);
        }
    }

    private static List<Sample> samples;

    /** Each sample compiled once, on the test thread: the sequential results. */
    private static final Map<Sample, Compilation> SEQUENTIAL = new HashMap<>();

    private static Compilation sequential(Sample sample) {
        return SEQUENTIAL.computeIfAbsent(sample, Sample::compile);
    }

    @BeforeAll
    static void findSamples() throws IOException {
        Path root = TestHome.submissions();
        Map<Path, List<Path>> byFolder = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p))
                    .sorted()
                    .forEach(p -> byFolder.computeIfAbsent(p.getParent(), k -> new ArrayList<>()).add(p));
        }
        samples = new ArrayList<>();
        for (Map.Entry<Path, List<Path>> entry : byFolder.entrySet()) {
            Path relative = root.relativize(entry.getKey());
            assertTrue(relative.getNameCount() >= 3, "submissions/KATA/VERDICT/NAME/: " + relative);
            samples.add(new Sample(entry.getKey(), relative.getName(0).toString(), relative.getName(1).toString(),
                    entry.getValue()));
        }
    }

    private static Stream<Sample> withVerdict(String... verdicts) {
        Set<String> wanted = Set.of(verdicts);
        return samples.stream().filter(s -> wanted.contains(s.verdict()));
    }

    @Test
    void theCorpusCoversEveryKataAndTheHostileCases() {
        Set<String> katas = samples.stream().map(Sample::kataId).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(Set.of("checkers-game-over", "checkers-safe-spaces", "chess-square-color", "knight-moves",
                "three-man-chess-vectors", "xiangqi-board-validator"), katas);
        for (String kataId : katas) {
            kata(kataId); // every folder is a kata the reference module knows
        }
        assertTrue(withVerdict("accepted").count() >= 6, "accepted solutions");
        assertTrue(withVerdict("wrong_answer").count() >= 6, "wrong answers");
        assertTrue(withVerdict("rejected").count() >= 9, "hostile submissions");
    }

    @TestFactory
    Stream<DynamicTest> realSolutionsCompileWithThePolicyOn() {
        return withVerdict("accepted", "wrong_answer").map(sample -> DynamicTest.dynamicTest(sample.name(), () -> {
            Compilation.Compiled compiled = assertCompiled(sequential(sample));
            assertTrue(compiled.classes().containsKey(kata(sample.kataId()).className()), describe(compiled));
        }));
    }

    @TestFactory
    Stream<DynamicTest> submissionsThatFailOnlyWhenRunCompile() {
        return withVerdict("time_limit_exceeded", "memory_limit_exceeded", "output_limit_exceeded", "run_time_error")
                .map(sample -> DynamicTest.dynamicTest(sample.name(), () -> assertCompiled(sequential(sample))));
    }

    @TestFactory
    Stream<DynamicTest> compileErrorsFail() {
        return withVerdict("compile_error").map(sample -> DynamicTest.dynamicTest(sample.name(),
                () -> assertFailed(sequential(sample))));
    }

    @TestFactory
    Stream<DynamicTest> hostileSubmissionsAreRejected() {
        return withVerdict("rejected").map(sample -> DynamicTest.dynamicTest(sample.name(), () -> {
            Compilation.Rejected rejected = assertRejected(sequential(sample));
            Set<String> sourceNames = sample.files().stream().map(f -> f.getFileName().toString()).collect(Collectors.toSet());
            for (PolicyViolation violation : rejected.violations()) {
                assertTrue(sourceNames.contains(violation.file()), violation::toString);
                assertTrue(violation.line() > 0 && violation.column() > 0, violation::toString);
            }
        }));
    }

    @Test
    void eachHostileSubmissionIsRejectedForWhatItDoes() {
        Map<String, List<String>> expected = new LinkedHashMap<>();
        expected.put("calls-the-reference-from-the-classpath", List.of(
                "11 it reads the JVM's system properties", "11 files", "12 it loads classes", "12 network access",
                "12 files", "13 reflection", "13 it loads classes", "14 reflection", "15 reflection"));
        expected.put("exit-in-static-initializer", List.of("4 " + PolicyScannerTest.EXIT));
        expected.put("kills-its-parent", List.of("4 it sees or signals processes"));
        expected.put("opens-a-socket", List.of("7 network access", "8 network access"));
        expected.put("runtime-halt", List.of("4 " + PolicyScannerTest.HALT));
        expected.put("starts-a-process", List.of("7 it controls processes", "7 it starts processes"));
        expected.put("system-exit", List.of("4 " + PolicyScannerTest.EXIT));
        expected.put("thread-bomb", List.of("10 " + PolicyScannerTest.THREADS));
        expected.put("writes-a-file", List.of("7 files"));
        expected.put("runs-jdk-tools", List.of("8 " + PolicyScannerTest.OTHERWISE));
        String properties = "the JVM's system properties are Properties; a kata solution needs none";
        expected.put("reads-system-properties", List.of("7 " + properties,
                "7 it reads and changes the JVM's system properties", "8 " + properties));
        expected.put("declares-a-finalizer", List.of("5 the JVM runs finalizers on its own thread, outside any call"));
        Map<String, List<String>> actual = new LinkedHashMap<>();
        withVerdict("rejected").filter(s -> s.kataId().equals("chess-square-color")).forEach(sample -> {
            Compilation compilation = sequential(sample);
            actual.put(sample.folder().getFileName().toString(), compilation instanceof Compilation.Rejected rejected
                    ? rejected.violations().stream().map(v -> v.line() + " " + v.why()).toList()
                    : List.of(describe(compilation)));
        });
        assertEquals(expected.keySet(), actual.keySet(), "every hostile sample has its expectation here");
        for (Map.Entry<String, List<String>> entry : expected.entrySet()) {
            assertEquals(entry.getValue(), actual.get(entry.getKey()), entry.getKey());
        }
    }

    @Test
    void compilingFromSeveralThreadsAtOnceGivesTheSameResultsAsOneByOne() throws Exception {
        List<Sample> chosen = new ArrayList<>(samples.stream()
                .filter(s -> s.kataId().equals("chess-square-color") || s.verdict().equals("accepted"))
                .limit(22)
                .toList());
        assertTrue(chosen.size() >= 20, "enough samples: " + chosen.size());
        assertTrue(chosen.stream().map(Sample::verdict).distinct().count() >= 4, "a mix of outcomes");

        Map<String, String> sequential = new TreeMap<>();
        for (Sample sample : chosen) {
            sequential.put(sample.name(), summary(sequential(sample)));
        }

        List<Sample> work = new ArrayList<>(chosen);
        Collections.shuffle(work, new Random(20240601));
        int threads = 3;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Map.Entry<String, String>>> futures = new ArrayList<>();
            for (Sample sample : work) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return Map.entry(sample.name(), summary(sample.compile()));
                }));
            }
            start.countDown();
            Map<String, List<String>> concurrent = new TreeMap<>();
            for (Future<Map.Entry<String, String>> future : futures) {
                Map.Entry<String, String> result = future.get(60, TimeUnit.SECONDS);
                concurrent.computeIfAbsent(result.getKey(), k -> new ArrayList<>()).add(result.getValue());
            }
            assertEquals(sequential.keySet(), concurrent.keySet());
            for (Map.Entry<String, String> entry : sequential.entrySet()) {
                assertEquals(List.of(entry.getValue()), concurrent.get(entry.getKey()), entry.getKey());
            }
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
        }
        assertFalse(sequential.values().stream().allMatch(s -> s.startsWith("Compiled")), "not only successes");
    }

    /** What a compilation gave, comparable across runs: class bytes by digest, messages as text. */
    private static String summary(Compilation compilation) {
        if (compilation instanceof Compilation.Compiled compiled) {
            Map<String, String> digests = new TreeMap<>();
            compiled.classes().forEach((name, bytes) -> digests.put(name, sha256(bytes)));
            return "Compiled " + digests + " " + compiled.warnings();
        }
        return describe(compilation);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

package org.katajudge.compile;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.katajudge.TestHome;
import org.katajudge.kata.Kata;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.compile.TestCompiler.SQUARE_COLOR;
import static org.katajudge.compile.TestCompiler.assertCompiled;
import static org.katajudge.compile.TestCompiler.assertFailed;
import static org.katajudge.compile.TestCompiler.describe;
import static org.katajudge.compile.TestCompiler.kata;

/**
 * {@link SubmissionCompiler} reusing javac's context ({@link ReusedJavac}): every compilation gives
 * exactly what a fresh javac gives (outcome, messages, class bytes), whatever was compiled before
 * it in the same context; nothing of one submission is visible to the next. Surefire runs the
 * tests with the exports a compiler worker has.
 */
class ReusedJavacTest {

    /** A fresh javac task for every compilation: what every outcome must equal. */
    private static final SubmissionCompiler FRESH = new SubmissionCompiler(SolutionPolicy.standard(), false);

    private static SubmissionCompiler reusing() {
        return new SubmissionCompiler(SolutionPolicy.standard(), true);
    }

    /** The sources and kata of a submission. */
    record Submission(String name, Kata kata, List<SourceFile> sources) {

        Compilation compileWith(SubmissionCompiler compiler) {
            return compiler.compile(sources, kata.className(), kata.entryPoints(), true);
        }
    }

    private static Submission squareColor(String name, SourceFile... sources) {
        return new Submission(name, SQUARE_COLOR, List.of(sources));
    }

    /** What a compilation gave, comparable across compilers: class bytes by digest, every message with its place. */
    static String summary(Compilation compilation) {
        StringBuilder text = new StringBuilder(compilation.getClass().getSimpleName()).append('\n');
        if (compilation instanceof Compilation.Compiled compiled) {
            text.append("main ").append(compiled.mainClass()).append('\n');
            new TreeMap<>(compiled.classes()).forEach((name, bytes) -> text.append(name).append(' ').append(sha256(bytes))
                    .append('\n'));
            compiled.warnings().forEach(w -> text.append("warning ").append(w).append('\n'));
        } else if (compilation instanceof Compilation.Failed failed) {
            failed.errors().forEach(e -> text.append("error ").append(e).append('\n'));
        } else {
            ((Compilation.Rejected) compilation).violations().forEach(v -> text.append("violation ").append(v).append('\n'));
        }
        compilation.notes().forEach(n -> text.append("note ").append(n).append('\n'));
        return text.toString();
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Each folder under {@code root} holding .java files is a submission: of {@code kata}, or
     * (null) of the kata its first folder names.
     */
    static List<Submission> submissions(Path root, Kata kata) throws IOException {
        Map<Path, List<Path>> byFolder = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p)).sorted()
                    .forEach(p -> byFolder.computeIfAbsent(p.getParent(), k -> new ArrayList<>()).add(p));
        }
        List<Submission> found = new ArrayList<>();
        for (Map.Entry<Path, List<Path>> entry : byFolder.entrySet()) {
            List<SourceFile> sources = new ArrayList<>();
            for (Path file : entry.getValue()) {
                sources.add(new SourceFile(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8)));
            }
            Path relative = root.relativize(entry.getKey());
            found.add(new Submission(relative.toString(), kata != null ? kata : kata(relative.getName(0).toString()),
                    sources));
        }
        return found;
    }

    @Test
    void surefireRunsTheTestsWithTheExportsOfACompilerWorker() {
        assertTrue(ReusedJavac.available(), "judge/pom.xml's surefire argLine: " + SubmissionCompiler.REUSE_JVM_OPTIONS);
        SubmissionCompiler compiler = new SubmissionCompiler(SolutionPolicy.standard());
        assertTrue(compiler.reusesContexts());
        Submission parity = squareColor("parity", new SourceFile("SquareColor.java", PARITY));
        for (int i = 0; i < 3; i++) {
            assertCompiled(parity.compileWith(compiler));
        }
        assertEquals(2, compiler.contextsReused());
        assertEquals(0, compiler.contextsDiscarded());
        assertFalse(FRESH.reusesContexts());
    }

    @Test
    void aContextRetiresAfterItsCompilationsAndTheNextStartsAFreshOne() {
        SubmissionCompiler compiler = reusing();
        Submission parity = squareColor("parity", new SourceFile("SquareColor.java", PARITY));
        String fresh = summary(parity.compileWith(FRESH));
        for (int i = 0; i < ReusedJavac.MAX_USES + 2; i++) {
            assertEquals(fresh, summary(parity.compileWith(compiler)), "compilation " + (i + 1));
        }
        assertEquals(1, compiler.contextsRetired(), "retired once, after " + ReusedJavac.MAX_USES);
        assertEquals(0, compiler.contextsDiscarded());
        // MAX_USES - 1 reuses in the first context, 1 in the second (its second compilation)
        assertEquals(ReusedJavac.MAX_USES, compiler.contextsReused());
    }

    static final String PARITY = """
            public class SquareColor {
                public static boolean isLight(String coordinate) {
                    return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
                }
            }
            """;

    @Nested
    class TheSampleSubmissions {

        private static List<Submission> samples;
        private static Map<String, String> fresh;

        @BeforeAll
        static void compileEachWithAFreshJavac() throws IOException {
            samples = submissions(TestHome.submissions(), null);
            fresh = new LinkedHashMap<>();
            for (Submission sample : samples) {
                fresh.put(sample.name(), summary(sample.compileWith(FRESH)));
            }
        }

        /** Compiles {@code order} in one reusing compiler, and says where it differs from a fresh javac. */
        private static SubmissionCompiler assertSameAsFresh(List<Submission> order) {
            SubmissionCompiler compiler = reusing();
            List<String> differences = new ArrayList<>();
            for (Submission sample : order) {
                String reused = summary(sample.compileWith(compiler));
                if (!reused.equals(fresh.get(sample.name()))) {
                    differences.add(sample.name() + ": fresh javac gave\n" + fresh.get(sample.name()) + "reused gave\n" + reused);
                }
            }
            assertEquals(List.of(), differences);
            return compiler;
        }

        @Test
        void theCorpusHasSamplesOfEveryOutcome() {
            assertTrue(samples.size() >= 60, "samples: " + samples.size());
            for (String outcome : List.of("Compiled", "Failed", "Rejected")) {
                assertTrue(fresh.values().stream().anyMatch(s -> s.startsWith(outcome)), outcome);
            }
        }

        @Test
        void inOrder() {
            SubmissionCompiler compiler = assertSameAsFresh(samples);
            assertTrue(compiler.contextsReused() > samples.size() / 2, "reused " + compiler.contextsReused()
                    + " times, discarded " + compiler.contextsDiscarded() + " (last: " + compiler.lastLeftover() + ")");
        }

        @Test
        void inReverseOrder() {
            List<Submission> reverse = new ArrayList<>(samples);
            Collections.reverse(reverse);
            assertSameAsFresh(reverse);
        }

        @Test
        void shuffledThenEachTwiceInARow() {
            List<Submission> shuffled = new ArrayList<>(samples);
            Collections.shuffle(shuffled, new Random(20260501));
            assertSameAsFresh(shuffled.stream().flatMap(s -> Stream.of(s, s)).toList());
        }

        @Test
        void everyKatasSamplesAfterEveryOtherKatas() {
            Map<String, List<Submission>> byKata = samples.stream().collect(Collectors.groupingBy(s -> s.kata().id(),
                    TreeMap::new, Collectors.toList()));
            List<Submission> interleaved = new ArrayList<>();
            int longest = byKata.values().stream().mapToInt(List::size).max().orElse(0);
            for (int i = 0; i < longest; i++) {
                for (List<Submission> kataSamples : byKata.values()) {
                    if (i < kataSamples.size()) {
                        interleaved.add(kataSamples.get(i));
                    }
                }
            }
            assertSameAsFresh(interleaved);
        }
    }

    /**
     * What one submission declares is gone for the next in the same context: the next gets what a
     * fresh javac gives it. Each test compiles the first, then the next, in a new reusing compiler.
     */
    @Nested
    class NothingOfASubmissionReachesTheNext {

        /**
         * Compiles {@code first} then {@code next} in one reusing compiler: {@code next} must come out
         * as from a fresh javac, in the context {@code first} used (which is what these tests are about).
         */
        private Compilation afterAnother(Submission first, Submission next) {
            SubmissionCompiler compiler = reusing();
            first.compileWith(compiler);
            Compilation compilation = next.compileWith(compiler);
            assertEquals(summary(next.compileWith(FRESH)), summary(compilation), next.name() + " after " + first.name());
            assertEquals(1, compiler.contextsReused(), () -> "the context reused, not discarded: " + compiler.lastLeftover());
            return compilation;
        }

        /**
         * Compiles {@code first}, whose context must be discarded for what it leaves ({@code leftover}),
         * then {@code next}, which must come out as from a fresh javac.
         */
        private Compilation afterAnotherDiscarded(Submission first, String leftover, Submission next) {
            SubmissionCompiler compiler = reusing();
            first.compileWith(compiler);
            String left = compiler.lastLeftover();
            Compilation compilation = next.compileWith(compiler);
            assertEquals(summary(next.compileWith(FRESH)), summary(compilation), next.name() + " after " + first.name());
            assertEquals(leftover, left, "what the first left");
            assertEquals(0, compiler.contextsReused(), "the next in a new context");
            return compilation;
        }

        private static String firstError(Compilation compilation) {
            return assertFailed(compilation).errors().get(0).message();
        }

        /** SquareColor, whose isLight returns {@code expression}, after {@code imports}. */
        private static SourceFile solution(String imports, String expression) {
            return new SourceFile("SquareColor.java", imports + """

                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            return %s;
                        }
                    }
                    """.formatted(expression));
        }

        private final Submission withPackageLeak = squareColor("a submission with package leak",
                solution("import leak.Helper;", "Helper.light(coordinate)"),
                new SourceFile("leak/Helper.java", """
                        package leak;

                        public class Helper {
                            public static boolean light(String coordinate) {
                                return (coordinate.charAt(0) + coordinate.charAt(1)) % 2 == 1;
                            }
                        }
                        """));

        @Test
        void aPackageOfTheFirstDoesNotExistForTheNext() {
            Compilation compilation = afterAnotherDiscarded(withPackageLeak, "package leak",
                    squareColor("imports leak.*", solution("import leak.*;", "true")));
            assertEquals("package leak does not exist", firstError(compilation));
        }

        @Test
        void aClassOfTheFirstsPackageIsNotFoundByItsQualifiedName() {
            Compilation compilation = afterAnotherDiscarded(withPackageLeak, "package leak",
                    squareColor("uses leak.Helper", solution("", "leak.Helper.light(coordinate)")));
            assertTrue(firstError(compilation).startsWith("package leak does not exist"), firstError(compilation));
        }

        @Test
        void aHelperClassOfTheFirstInTheDefaultPackageIsNotVisibleToTheNext() {
            Submission first = squareColor("declares Helper", solution("", "new Helper().light(coordinate)"),
                    new SourceFile("Helper.java", """
                            class Helper {
                                boolean light(String coordinate) {
                                    return coordinate.hashCode() % 2 == 0;
                                }
                            }
                            """));
            Compilation compilation = afterAnother(first,
                    squareColor("uses Helper", solution("", "new Helper().light(coordinate)")));
            assertTrue(firstError(compilation).startsWith("cannot find symbol"), firstError(compilation));
        }

        @Test
        void aMethodOfTheFirstsClassIsNotAMethodOfTheNextsClassOfTheSameName() {
            Submission first = squareColor("declares helper", new SourceFile("SquareColor.java", """
                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            return helper(coordinate);
                        }

                        static boolean helper(String coordinate) {
                            return coordinate.isEmpty();
                        }
                    }
                    """));
            Compilation compilation = afterAnother(first, squareColor("calls helper", solution("", "helper(coordinate)")));
            assertTrue(firstError(compilation).startsWith("cannot find symbol"), firstError(compilation));
        }

        /** Member, local and anonymous classes, a record, an enum and a switch on it (a synthetic class), lambdas. */
        private static final String NESTED = """
                import java.util.function.IntPredicate;

                public class SquareColor {
                    enum Colour { LIGHT, DARK }

                    record Square(int file, int rank) {
                        Colour colour() {
                            return (file + rank) % 2 == 1 ? Colour.LIGHT : Colour.DARK;
                        }
                    }

                    static class Board {
                        static final int SIZE = 8;
                    }

                    interface Rule {
                        boolean holds(Square square);
                    }

                    public static boolean isLight(String coordinate) {
                        Square square = new Square(coordinate.charAt(0) - 'a', coordinate.charAt(1) - '1');
                        class Local {
                            boolean light() {
                                switch (square.colour()) {
                                    case LIGHT: return true;
                                    default: return false;
                                }
                            }
                        }
                        Rule rule = new Rule() {
                            @Override
                            public boolean holds(Square s) {
                                return new Local().light();
                            }
                        };
                        IntPredicate onBoard = i -> i < Board.SIZE;
                        return onBoard.test(square.file()) && rule.holds(square);
                    }
                }
                """;

        private final Submission nested = squareColor("nested classes", new SourceFile("SquareColor.java", NESTED));

        @Test
        void theNestedClassesOfTheFirstAreNotTheNexts() {
            for (String use : List.of("new Square(0, 0).file() == 0", "Colour.LIGHT != null", "Board.SIZE == 8",
                    "SquareColor.Colour.valueOf(coordinate) != null", "(Rule) null == null")) {
                Compilation compilation = afterAnother(nested, squareColor("uses " + use, solution("", use)));
                assertTrue(firstError(compilation).startsWith("cannot find symbol"), use + ": " + firstError(compilation));
            }
        }

        @Test
        void theSameNestedClassesAgainCompileToTheSameBytes() {
            Compilation compilation = afterAnother(nested, nested);
            assertEquals(Set.of("SquareColor", "SquareColor$Colour", "SquareColor$Square", "SquareColor$Board",
                    "SquareColor$Rule", "SquareColor$1Local", "SquareColor$1", "SquareColor$2"),
                    assertCompiled(compilation).classes().keySet());
        }

        @Test
        void nestedClassesOfTheSameNamesWithOtherMembers() {
            String other = NESTED.replace("LIGHT, DARK", "DARK, LIGHT, NONE").replace("int file, int rank", "int rank, int file")
                    .replace("static class Board", "static final class Board").replace("SIZE = 8", "SIZE = 10");
            assertNotEquals(NESTED, other);
            assertCompiled(afterAnother(nested, squareColor("other members", new SourceFile("SquareColor.java", other))));
            Compilation missing = afterAnother(nested, squareColor("fewer constants",
                    new SourceFile("SquareColor.java", NESTED.replace("LIGHT, DARK", "DARK"))));
            assertTrue(firstError(missing).contains("LIGHT"), firstError(missing));
        }

        @Test
        void aNestedClassOfTheFirstIsNotAnotherTopLevelClassOfTheNext() {
            afterAnother(nested, squareColor("top-level Colour", solution("", "Colour.LIGHT.ordinal() == 0"),
                    new SourceFile("Colour.java", "enum Colour { LIGHT }")));
            afterAnother(squareColor("top-level Colour", solution("", "Colour.LIGHT.ordinal() == 0"),
                    new SourceFile("Colour.java", "enum Colour { LIGHT }")), nested);
        }

        @Test
        void aFirstThatDoesNotCompileLeavesNothingEither() {
            Submission broken = squareColor("type errors", solution("", "new Helper().light(coordinate)"),
                    new SourceFile("Helper.java", """
                            class Helper {
                                static class Inner { }
                                boolean light(String coordinate) {
                                    return coordinate.nosuchMethod();
                                }
                            }
                            """));
            assertFailed(broken.compileWith(FRESH));
            Compilation compilation = afterAnother(broken, squareColor("uses Helper", solution("", "new Helper.Inner() != null")));
            assertTrue(firstError(compilation).startsWith("package Helper does not exist"), firstError(compilation));
            assertCompiled(afterAnother(broken, squareColor("parity", new SourceFile("SquareColor.java", PARITY))));
            Submission unparsable = squareColor("syntax error", new SourceFile("Helper.java", "class Helper { void f( }"),
                    new SourceFile("SquareColor.java", PARITY));
            assertCompiled(afterAnother(unparsable, squareColor("parity", new SourceFile("SquareColor.java", PARITY))));
        }

        @Test
        void aFirstRefusedByThePolicyOrTheSignatureCheckLeavesNothingEither() {
            Submission rejected = squareColor("exits", solution("", "Helper.helper()"), new SourceFile("Helper.java", """
                    class Helper {
                        static boolean helper() {
                            System.exit(1);
                            return true;
                        }
                    }
                    """));
            Submission noMethod = squareColor("no isLight", new SourceFile("SquareColor.java",
                    "public class SquareColor { static class Helper { } }"), new SourceFile("Helper.java", "class Helper { }"));
            for (Submission first : List.of(rejected, noMethod)) {
                assertFalse(first.compileWith(FRESH) instanceof Compilation.Compiled, first.name());
                assertEquals(first == rejected, first.compileWith(FRESH) instanceof Compilation.Rejected, first.name());
                Compilation compilation = afterAnother(first, squareColor("uses Helper",
                        solution("", "new Helper() != null && new SquareColor.Helper() != null")));
                assertTrue(firstError(compilation).startsWith("cannot find symbol"), firstError(compilation));
            }
        }

        @Test
        void aFirstThatDeclaresAJdkPackage() {
            Submission jdk = squareColor("package java.util", new SourceFile("SquareColor.java", PARITY),
                    new SourceFile("java/util/Helper.java", "package java.util;\npublic class Helper { }\n"));
            assertFailed(jdk.compileWith(FRESH));
            Compilation compilation = afterAnotherDiscarded(jdk, "package java.util", squareColor("uses java.util.Helper",
                    solution("", "new java.util.Helper() != null")));
            assertTrue(firstError(compilation).startsWith("cannot find symbol"), firstError(compilation));
        }

        @Test
        void aContextJavacItselfWillNotReuseIsNotReused() {
            // JavacTaskPool keeps no context whose sources extend a java.* class that does not exist
            Submission polluting = squareColor("extends java.util.Nothing", new SourceFile("SquareColor.java", PARITY),
                    new SourceFile("Helper.java", "class Helper extends java.util.Nothing { }"));
            SubmissionCompiler compiler = reusing();
            assertFailed(polluting.compileWith(compiler));
            Submission parity = squareColor("parity", new SourceFile("SquareColor.java", PARITY));
            assertEquals(summary(parity.compileWith(FRESH)), summary(parity.compileWith(compiler)));
            assertEquals(0, compiler.contextsReused(), "a new context");
            assertEquals(0, compiler.contextsDiscarded(), "javac's pool dropped it, not this");
            assertCompiled(parity.compileWith(compiler));
            assertEquals(1, compiler.contextsReused(), "the new context reused");
        }

        @Test
        void aFirstThatDeclaresAModule() {
            Submission module = squareColor("module-info", new SourceFile("SquareColor.java", PARITY),
                    new SourceFile("module-info.java", "module leak { exports leak; }"),
                    new SourceFile("leak/Helper.java", "package leak;\npublic class Helper { }\n"));
            module.compileWith(FRESH);
            afterAnotherDiscarded(module, "module leak",
                    squareColor("uses leak.Helper", solution("", "new leak.Helper() != null")));
        }

        @Test
        void aPackageThatTheFirstDidNotFindIsFoundWhenTheNextDeclaresIt() {
            Submission first = squareColor("imports foo", solution("import foo.*;", "true"));
            assertTrue(firstError(first.compileWith(FRESH)).contains("foo"));
            Compilation compilation = afterAnother(first, squareColor("declares foo",
                    solution("import foo.Bar;", "Bar.light(coordinate)"),
                    new SourceFile("foo/Bar.java", "package foo;\npublic class Bar { public static boolean light(String c) { return c.isEmpty(); } }\n")));
            assertCompiled(compilation);
        }

        @Test
        void aCompilationThatThrowsDiscardsTheContext() throws Exception {
            SubmissionCompiler compiler = reusing();
            Submission parity = squareColor("parity", new SourceFile("SquareColor.java", PARITY));
            Submission deep = squareColor("nested too deeply", solution("", "(".repeat(50_000) + "true" + ")".repeat(50_000)));
            Compilation[] compilations = new Compilation[3];
            // on a thread of its own, with a small stack: javac runs out of it
            Thread thread = new Thread(null, () -> {
                compilations[0] = parity.compileWith(compiler);
                compilations[1] = deep.compileWith(compiler);
                compilations[2] = parity.compileWith(compiler);
            }, "small stack", 1 << 20);
            thread.start();
            thread.join();
            assertCompiled(compilations[0]);
            assertEquals(CompileLimits.NESTED_TOO_DEEPLY, firstError(compilations[1]));
            assertEquals(1, compiler.contextsDiscarded());
            assertEquals("a compilation that threw", compiler.lastLeftover());
            assertEquals(1, compiler.contextsReused(), "the deep one reused the first's context; the third has a new one");
            assertEquals(summary(parity.compileWith(FRESH)), summary(compilations[2]));
        }
    }
}

package org.katajudge.compile.worker;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.CompilerMessage;
import org.katajudge.compile.ExpectedClass;
import org.katajudge.compile.SolutionPolicy;
import org.katajudge.compile.SourceFile;
import org.katajudge.compile.SubmissionCompiler;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compiles in worker JVMs that no source can make hurt the judge: sources that exhaust javac's
 * memory or time, or its stack, are that submission's COMPILE_ERROR with a message that says so,
 * the harmed worker is replaced, and the next submission compiles as usual. Small limits, set
 * here, keep the bombs fast.
 */
class CompilerPoolTest {

    static final ExpectedClass SQUARE_COLOR = new ExpectedClass("SquareColor", List.of(
            new ExpectedClass.Method("isLight", "boolean", List.of("java.lang.String"), List.of("coordinate"))));

    static final String PARITY = """
            public class SquareColor {
                public static boolean isLight(String coordinate) {
                    return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;
                }
            }
            """;

    /** 64 MiB of heap, 2 s of CPU a compile. */
    static final CompileLimits SMALL = CompileLimits.DEFAULT.withHeapMegabytes(64).withCpuTime(Duration.ofSeconds(2));

    private static CompilerPool pool;
    /** With the judge's own limits. */
    private static CompilerPool defaults;

    @BeforeAll
    static void startPools() {
        pool = new CompilerPool(SMALL, 2);
        defaults = new CompilerPool(CompileLimits.DEFAULT, 2);
    }

    @AfterAll
    static void closePools() {
        pool.close();
        defaults.close();
    }

    /** A 2 KB source whose string constants double until no heap holds them. */
    static String doublingConstants() {
        StringBuilder source = new StringBuilder("public class SquareColor {\n    static final String A0 = \"0123456789abcdef\";\n");
        for (int i = 1; i < 40; i++) {
            source.append("    static final String A").append(i).append(" = A").append(i - 1).append(" + A").append(i - 1).append(";\n");
        }
        return source.append("""
                    public static boolean isLight(String coordinate) {
                        return A39.isEmpty();
                    }
                }
                """).toString();
    }

    /**
     * A chain of generic types, each the previous one applied to a pair of its argument: javac's
     * message about the last one spells out a type that doubles at every link (about 1 KB of source).
     */
    static String genericChain(int links) {
        StringBuilder source = new StringBuilder("class P<A, B> { }\nclass D0<X> { }\n");
        for (int i = 1; i <= links; i++) {
            source.append("class D").append(i).append("<X> extends D").append(i - 1).append("<P<X, X>> { }\n");
        }
        return source.append("public class SquareColor {\n")
                .append("    static <T> T get(D0<T> d) { return null; }\n")
                .append("    static void bomb(D").append(links).append("<String> d) { int y = get(d); }\n")
                .append("    public static boolean isLight(String coordinate) { return true; }\n}\n").toString();
    }

    private static String onlyError(Compilation compilation) {
        Compilation.Failed failed = assertInstanceOf(Compilation.Failed.class, compilation, compilation::toString);
        assertEquals(1, failed.errors().size(), failed.errors()::toString);
        return failed.errors().get(0).message();
    }

    private static void assertCompilesAfterwards() {
        Compilation next = pool.compile(List.of(new SourceFile("SquareColor.java", PARITY)), SQUARE_COLOR, true);
        assertInstanceOf(Compilation.Compiled.class, next, "the next submission compiles as usual: " + next);
    }

    @Test
    void doublingStringConstantsRunTheWorkerOutOfMemoryNotTheJudge() {
        assertTrue(doublingConstants().length() < 4096, "a small source");
        int before = pool.workersStarted();
        String error = onlyError(pool.compile(List.of(new SourceFile("SquareColor.java", doublingConstants())),
                SQUARE_COLOR, true));
        assertEquals("the compiler ran out of memory (64 MiB) on this source: simplify its constant expressions, "
                + "generic types or nesting", error);
        assertCompilesAfterwards();
        assertTrue(pool.workersStarted() > before, "the harmed worker was replaced");
    }

    @Test
    void aChainOfGenericTypesIsStoppedInTimeOrMemory() {
        String source = genericChain(26);
        assertTrue(source.length() < 1500, "a small source: " + source.length());
        String error = onlyError(pool.compile(List.of(new SourceFile("SquareColor.java", source)), SQUARE_COLOR, true));
        assertTrue(error.equals(SMALL.timeoutMessage()) || error.equals(SMALL.memoryMessage()), error);
        assertCompilesAfterwards();
    }

    @Test
    void aTimeoutSaysHowLongTheCompilerTried() {
        assertEquals("the compiler gave up on this source after 2 s: simplify its constant expressions, generic types"
                + " or nesting", SMALL.timeoutMessage());
        assertEquals("the compiler gave up on this source after 1500 ms: simplify its constant expressions, generic"
                + " types or nesting", SMALL.withCpuTime(Duration.ofMillis(1500)).timeoutMessage());
    }

    @Test
    void aSecondFileWithAPackageThousandsOfNamesDeepCompiles() {
        String deep = "package " + "a.".repeat(5000) + "a;\nclass Helper { }\n";
        Compilation compilation = defaults.compile(List.of(new SourceFile("SquareColor.java", PARITY),
                new SourceFile("Helper.java", deep)), SQUARE_COLOR, true);
        Compilation.Compiled compiled = assertInstanceOf(Compilation.Compiled.class, compilation, compilation::toString);
        assertEquals("SquareColor", compiled.mainClass());
    }

    @Test
    void anExpressionNestedTooDeeplyIsACompileErrorThatSaysSo() {
        String source = "public class SquareColor {\n    public static boolean isLight(String c) {\n        return "
                + "(".repeat(100_000) + "true" + ")".repeat(100_000) + ";\n    }\n}\n";
        String error = onlyError(pool.compile(List.of(new SourceFile("SquareColor.java", source)), SQUARE_COLOR, true));
        assertTrue(error.startsWith("the compiler gave up on this source") || error.equals(SMALL.memoryMessage()), error);
        assertCompilesAfterwards();
    }

    @Test
    void theSourcesOfASubmissionAreBoundedTogetherNotPerFile() {
        CompilerPool tiny = new CompilerPool(SMALL.withMaxSourceBytes(4096), 1);
        try {
            List<SourceFile> files = new ArrayList<>(List.of(new SourceFile("SquareColor.java", PARITY)));
            for (int i = 0; i < 5; i++) {
                files.add(new SourceFile("Pad" + i + ".java", "class Pad" + i + " { }\n" + "//".repeat(500)));
            }
            assertTrue(files.stream().allMatch(f -> f.text().length() < 4096), "every file alone is within the bound");
            assertEquals("the submission's sources take 5.1 KiB together, more than the 4 KiB a kata solution may take",
                    onlyError(tiny.compile(files, SQUARE_COLOR, true)));
            assertEquals(0, tiny.workersStarted(), "refused before any worker starts");

            List<SourceFile> many = new ArrayList<>();
            for (int i = 0; i < 101; i++) {
                many.add(new SourceFile("C" + i + ".java", "class C" + i + " { }"));
            }
            assertEquals("the submission has 101 source files, more than the 100 a kata solution may have",
                    onlyError(tiny.compile(many, SQUARE_COLOR, true)));
        } finally {
            tiny.close();
        }
    }

    @Test
    void theWorkerGivesWhatCompilingInProcessGives() {
        SubmissionCompiler inProcess = new SubmissionCompiler(SolutionPolicy.standard());
        List<List<SourceFile>> sources = List.of(
                List.of(new SourceFile("SquareColor.java", PARITY)),
                List.of(new SourceFile("SquareColor.java", PARITY.replace("return", "System.exit(1); return"))),
                List.of(new SourceFile("SquareColor.java", PARITY.replace(";", ""))),
                List.of(new SourceFile("SquareColor.java", "package chess;\n" + PARITY)),
                List.of(new SourceFile("Squarecolor.java", PARITY.replace("SquareColor", "Squarecolor"))));
        for (List<SourceFile> submission : sources) {
            assertEquals(summary(inProcess.compile(submission, SQUARE_COLOR, true)),
                    summary(pool.compile(submission, SQUARE_COLOR, true)), submission.get(0).text());
        }
    }

    private static String summary(Compilation compilation) {
        if (compilation instanceof Compilation.Compiled compiled) {
            return "Compiled " + compiled.mainClass() + " " + compiled.classes().keySet() + " " + compiled.notes();
        }
        if (compilation instanceof Compilation.Failed failed) {
            return "Failed " + failed.errors().stream().map(CompilerMessage::toString).toList() + " " + failed.notes();
        }
        return "Rejected " + ((Compilation.Rejected) compilation).violations();
    }

    @Test
    void severalThreadsShareAtMostTheirNumberOfWorkers() throws Exception {
        CompilerPool two = new CompilerPool(SMALL.withHeapMegabytes(128), 2);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<Compilation>> results = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                results.add(threads.submit(() -> two.compile(List.of(new SourceFile("SquareColor.java", PARITY)),
                        SQUARE_COLOR, true)));
            }
            for (Future<Compilation> result : results) {
                assertInstanceOf(Compilation.Compiled.class, result.get(120, TimeUnit.SECONDS));
            }
            assertTrue(two.workersStarted() <= 2, "at most one worker per thread the pool serves: " + two.workersStarted());
        } finally {
            threads.shutdownNow();
            two.close();
        }
    }

    @Test
    void closingThePoolEndsItsWorkers() throws Exception {
        CompilerPool one = new CompilerPool(CompileLimits.DEFAULT, 1);
        one.compile(List.of(new SourceFile("SquareColor.java", PARITY)), SQUARE_COLOR, true);
        List<Long> pids = one.workerPids();
        assertEquals(1, pids.size());
        one.close();
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
            assertTrue(ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true), "worker " + pid + " is gone");
        }
        assertThrows(CompilerUnavailableException.class,
                () -> one.compile(List.of(new SourceFile("SquareColor.java", PARITY)), SQUARE_COLOR, true));
    }

    @Test
    void aSourceThatArrivesWhileAWorkerStartsAheadWaitsForItInsteadOfStartingAnother() {
        CompilerPool ahead = new CompilerPool(CompileLimits.DEFAULT, 2);
        try {
            ahead.prestart();
            assertTrue(ahead.compile(List.of(new SourceFile("SquareColor.java", PARITY)), SQUARE_COLOR, true)
                    instanceof Compilation.Compiled);
            assertEquals(1, ahead.workersStarted(), "the worker started ahead compiled it; no second JVM started");
        } finally {
            ahead.close();
        }
    }

    @Test
    void closingThePoolStopsAWorkerThatIsStillStarting() throws Exception {
        // a run that ends before it compiles anything (a usage error found while the worker boots)
        String marker = "602." + (100000 + java.util.concurrent.ThreadLocalRandom.current().nextInt(900000));
        CompilerPool booting = new CompilerPool(SMALL, 1, List.of("sleep", marker)); // never says it is ready
        booting.prestart();
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(1);
        while (withArgument(marker).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(1, withArgument(marker).size(), "the worker's process started");
        booting.close();
        deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10); // not its 2-minute start limit
        while (!withArgument(marker).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(List.of(), withArgument(marker), "the worker still starting is stopped with the pool");
    }

    /** This JVM's live child processes with {@code argument} on their command line. */
    private static List<ProcessHandle> withArgument(String argument) {
        return ProcessHandle.current().children()
                .filter(p -> p.info().arguments().map(a -> List.of(a).contains(argument)).orElse(false))
                .toList();
    }

    @Test
    void aWorkerThatCannotStartIsTheJudgesProblemNotTheSubmissions() {
        for (List<String> command : List.of(List.of("/nonexistent/bin/java"), List.of("sh", "-c", "echo not a worker"))) {
            CompilerPool broken = new CompilerPool(SMALL, 1, command);
            try {
                CompilerUnavailableException e = assertThrows(CompilerUnavailableException.class,
                        () -> broken.compile(List.of(new SourceFile("SquareColor.java", PARITY)), SQUARE_COLOR, true));
                assertTrue(!e.getMessage().isBlank(), command::toString);
            } finally {
                broken.close();
            }
        }
    }

    /** A shell script that says it is a ready worker, reads a little of the request, then does {@code then}. */
    private static List<String> fakeWorker(String then) {
        return List.of("sh", "-c", "printf 'KJCW\\000\\000\\000\\" + String.format("%03o", WorkerWire.VERSION)
                + "'; head -c 8 >/dev/null; " + then);
    }

    @Test
    void aWorkerThatCrashesIsReplacedOnceThenTheSourceIsACompileError() {
        CompilerPool crashing = new CompilerPool(SMALL, 1, fakeWorker("exit 7"));
        try {
            assertEquals("the compiler ended with exit status 7 on this source",
                    onlyError(crashing.compile(List.of(new SourceFile("SquareColor.java", PARITY)), SQUARE_COLOR, true)));
            assertEquals(2, crashing.workersStarted(), "one more worker tried the same source");
        } finally {
            crashing.close();
        }
    }

    @Test
    void aWorkerThatStallsIsReplacedOnceThenItIsTheJudgesProblemNotTheSubmissions() {
        // a worker that reads the source and neither computes nor answers (stopped, hung): the
        // backstop stops it; no source makes javac do that, so it is no compile error of the source
        CompilerPool stalling = new CompilerPool(SMALL, 1, fakeWorker("exec sleep 60"), Duration.ofSeconds(1));
        try {
            CompilerUnavailableException e = assertThrows(CompilerUnavailableException.class,
                    () -> stalling.compile(List.of(new SourceFile("SquareColor.java", PARITY)), SQUARE_COLOR, true));
            assertEquals("the compiler made no progress on this source for 1 s (not counting its waits for a CPU)"
                    + " and was stopped, in two workers", e.getMessage());
            assertEquals(2, stalling.workersStarted(), "one more worker tried the same source");
            assertEquals(List.of(), stalling.workerPids(), "no worker left");
        } finally {
            stalling.close();
        }
    }

    @Test
    void aWorkerThatBreaksTheProtocolIsKilled() {
        CompilerPool lying = new CompilerPool(SMALL, 1, fakeWorker("printf 'garbage!'; sleep 60"));
        try {
            String error = onlyError(lying.compile(List.of(new SourceFile("SquareColor.java", PARITY)), SQUARE_COLOR, true));
            assertTrue(error.startsWith("the compiler broke its protocol (expected a response, read 0x"), error);
            assertEquals(List.of(), lying.workerPids(), "no worker left");
        } finally {
            lying.close();
        }
    }

}

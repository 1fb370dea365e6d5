package org.katajudge.compile;

import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.compile.TestCompiler.COMPILER;
import static org.katajudge.compile.TestCompiler.SQUARE_COLOR;
import static org.katajudge.compile.TestCompiler.assertCompiled;
import static org.katajudge.compile.TestCompiler.assertFailed;
import static org.katajudge.compile.TestCompiler.assertRejected;
import static org.katajudge.compile.TestCompiler.columnOf;
import static org.katajudge.compile.TestCompiler.compile;
import static org.katajudge.compile.TestCompiler.describe;
import static org.katajudge.compile.TestCompiler.lineOf;
import static org.katajudge.compile.TestCompiler.onlyViolation;
import static org.katajudge.compile.TestCompiler.squareColor;

/**
 * The policy (what a solution may use) as a submission meets it, through {@link SubmissionCompiler}: every
 * category is rejected with its file, line and reason; evasions are still caught; everyday Java
 * is not rejected. In the sources, {@code // <-} marks each line that must be reported.
 */
class PolicyScannerTest {

    private static final String MARK = "// <-";

    /** The policy's reasons the tests meet most. */
    static final String EXIT = "a solution returns its answer; it never ends the JVM";
    static final String HALT = "a solution returns its answer; it never halts the JVM";
    static final String THREADS = "a kata call runs on one thread; this creates or controls threads";
    static final String STACK = "the judge reads from an exception's stack where it came from (the JVM's, or the"
            + " solution's own); a solution never rewrites it";
    static final String PARALLEL = "a kata call runs on one thread; parallel streams run on others";
    static final String PROPERTIES = "it reads the JVM's system properties";
    /** The reason for what the policy does not list. */
    static final String OTHERWISE = SolutionPolicy.standard().otherwise();

    /**
     * A chess-square-color solution: {@code imports}, then the class with {@code members}, then
     * {@code isLight} running {@code body} before it answers correctly.
     */
    static String solution(String imports, String members, String body) {
        return imports + "\n"
                + "public class SquareColor {\n"
                + members + "\n"
                + "    public static boolean isLight(String coordinate) throws Exception {\n"
                + body + "\n"
                + "        return (coordinate.charAt(0) - 'a' + coordinate.charAt(1) - '0') % 2 == 0;\n"
                + "    }\n"
                + "}\n";
    }

    static String body(String body) {
        return solution("", "", body);
    }

    /** The 1-based numbers of the lines that carry the mark. */
    static Set<Long> markedLines(String source) {
        Set<Long> lines = new TreeSet<>();
        List<String> all = source.lines().toList();
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).contains(MARK)) {
                lines.add(i + 1L);
            }
        }
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("no line is marked in\n" + source);
        }
        return lines;
    }

    /** Rejected, with one violation for reason {@code why} on each marked line and nothing else. */
    static List<PolicyViolation> assertRejectedOnMarkedLines(String source, String why) {
        return assertRejectedOnMarkedLines(source, squareColor(source), why);
    }

    static List<PolicyViolation> assertRejectedOnMarkedLines(String source, Compilation compilation, String why) {
        Compilation.Rejected rejected = assertRejected(compilation);
        Set<Long> lines = new TreeSet<>();
        for (PolicyViolation violation : rejected.violations()) {
            lines.add(violation.line());
        }
        String report = describe(compilation) + "\nin\n" + numbered(source);
        assertEquals(markedLines(source), lines, () -> "reported lines; " + report);
        assertEquals(markedLines(source).size(), rejected.violations().size(), () -> "one per line; " + report);
        assertAll(rejected.violations().stream().map(violation -> () -> {
            assertEquals("SquareColor.java", violation.file());
            assertEquals(why, violation.why(), () -> "reason; " + report);
            assertTrue(violation.column() > 0, report);
            assertTrue(!violation.api().isBlank(), report);
        }));
        return rejected.violations();
    }

    static String numbered(String source) {
        StringBuilder text = new StringBuilder();
        List<String> lines = source.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            text.append(String.format("%3d  %s%n", i + 1, lines.get(i)));
        }
        return text.toString();
    }

    static Arguments forbidden(String name, String why, String source) {
        return Arguments.of(Named.of(name, source), why);
    }

    /**
     * What compiling {@code source} alone would give, read from one javac run over every case of
     * its list (each case is its own file, its class renamed), which is many times faster than a
     * run per case. Should the shared run fail to compile, each case is compiled on its own.
     */
    static Compilation batched(String source, String batch, Supplier<Stream<Arguments>> cases) {
        Map<String, Compilation> results = BATCHES.computeIfAbsent(batch, b -> compileTogether(
                cases.get().map(arguments -> (String) ((Named<?>) arguments.get()[0]).getPayload()).toList()));
        return results.get(source);
    }

    private static final Map<String, Map<String, Compilation>> BATCHES = new ConcurrentHashMap<>();

    private static Map<String, Compilation> compileTogether(List<String> sources) {
        List<SourceFile> files = new ArrayList<>();
        files.add(new SourceFile("SquareColor.java", body("")));
        for (int i = 0; i < sources.size(); i++) {
            files.add(new SourceFile(caseClass(i) + ".java", sources.get(i).replace("SquareColor", caseClass(i))));
        }
        Compilation together = COMPILER.compile(files, "SquareColor", SQUARE_COLOR.entryPoints(), true);
        Map<String, Compilation> results = new HashMap<>();
        for (int i = 0; i < sources.size(); i++) {
            String caseClass = caseClass(i);
            Compilation result;
            if (together instanceof Compilation.Failed) {
                result = squareColor(sources.get(i));
            } else if (together instanceof Compilation.Compiled compiled) {
                assertTrue(compiled.classes().containsKey(caseClass), caseClass);
                result = new Compilation.Compiled("SquareColor", Map.of("SquareColor", compiled.classes().get(caseClass)),
                        List.of(), List.of());
            } else {
                List<PolicyViolation> own = ((Compilation.Rejected) together).violations().stream()
                        .filter(v -> v.file().equals(caseClass + ".java"))
                        .map(v -> new PolicyViolation("SquareColor.java", v.line(), v.column(),
                                v.api().replace(caseClass, "SquareColor"), v.why()))
                        .toList();
                result = own.isEmpty() ? new Compilation.Compiled("SquareColor", Map.of(), List.of(), List.of())
                        : new Compilation.Rejected(own);
            }
            results.put(sources.get(i), result);
        }
        return results;
    }

    private static String caseClass(int index) {
        return "Case" + index;
    }

    static Stream<Arguments> categories() {
        return Stream.of(
                // the JVM's lifecycle
                forbidden("System.exit", EXIT, body("""
                                System.exit(1); // <-
                        """)),
                forbidden("Runtime.exit", EXIT, body("""
                                Runtime.getRuntime().exit(1); // <-
                        """)),
                forbidden("Runtime.halt", HALT, body("""
                                Runtime.getRuntime().halt(0); // <-
                        """)),
                forbidden("System.exit in a static initializer", EXIT, solution("", """
                            static {
                                System.exit(42); // <-
                            }
                        """, "")),
                forbidden("System.exit in a field initializer", EXIT, solution("", """
                            private static final int CODE = stop();

                            private static int stop() {
                                System.exit(3); // <-
                                return 3;
                            }
                        """, "")),
                forbidden("Runtime.addShutdownHook", "it registers shutdown hooks", body("""
                                Runtime.getRuntime().addShutdownHook(null); // <-
                        """)),
                forbidden("System.setOut", "it replaces the standard streams", body("""
                                System.setOut(System.err); // <-
                        """)),
                forbidden("System.setIn", "it replaces the standard streams", body("""
                                System.setIn(new java.io.ByteArrayInputStream(new byte[0])); // <-
                        """)),
                forbidden("System.setErr", "it replaces the standard streams", body("""
                                System.setErr(System.out); // <-
                        """)),
                forbidden("System.getenv(String)", "it reads the environment", body("""
                                String home = System.getenv("HOME"); // <-
                        """)),
                forbidden("System.getenv()", "it reads the environment", body("""
                                int size = System.getenv().size(); // <-
                        """)),
                forbidden("System.setProperty", "it changes the JVM's system properties", body("""
                                System.setProperty("user.dir", "/"); // <-
                        """)),
                forbidden("System.setSecurityManager", "it replaces the security manager", body("""
                                System.setSecurityManager(null); // <-
                        """)),
                // native code
                forbidden("a native method", "native code runs outside the JVM's checks", solution("", """
                            private static native int peek(long address); // <-
                        """, "")),
                forbidden("System.loadLibrary", "it loads native code", body("""
                                System.loadLibrary("evil"); // <-
                        """)),
                forbidden("sun.misc.Unsafe", "JDK internals", body("""
                                sun.misc.Unsafe unsafe = null; // <-
                        """)),
                // processes
                forbidden("Runtime.exec", "it starts processes", body("""
                                Runtime.getRuntime().exec(new String[] {"sh", "-c", "true"}); // <-
                        """)),
                forbidden("ProcessBuilder", "it starts processes", body("""
                                new ProcessBuilder("sh", "-c", "echo pwned > /tmp/pwned").start(); // <-
                        """)),
                forbidden("ProcessHandle killing its parent", "it sees or signals processes", body("""
                                ProcessHandle.current().parent().ifPresent(ProcessHandle::destroyForcibly); // <-
                        """)),
                forbidden("a Process variable", "it controls processes", body("""
                                Process process = null; // <-
                        """)),
                // threads
                forbidden("new Thread, then start", THREADS, body("""
                                Thread worker = new Thread(() -> { }); // <-
                                worker.start(); // <-
                        """)),
                forbidden("a thread bomb", THREADS, solution("", """
                            private static void bomb() {
                                while (true) {
                                    new Thread(SquareColor::bomb).start(); // <-
                                }
                            }
                        """, "")),
                forbidden("Thread.currentThread().setPriority", THREADS, body("""
                                Thread.currentThread().setPriority(Thread.MAX_PRIORITY); // <-
                        """)),
                forbidden("ExecutorService", OTHERWISE, solution("""
                        import java.util.concurrent.ExecutorService;
                        """, """
                            static ExecutorService pool; // <-
                        """, "")),
                forbidden("Executors", OTHERWISE, body("""
                                Object pool = java.util.concurrent.Executors.newFixedThreadPool(4); // <-
                        """)),
                forbidden("ForkJoinPool.commonPool", OTHERWISE, body("""
                                java.util.concurrent.ForkJoinPool.commonPool().submit(() -> { }); // <-
                        """)),
                forbidden("CompletableFuture.supplyAsync", OTHERWISE, body("""
                                Object future = java.util.concurrent.CompletableFuture.supplyAsync(() -> 1); // <-
                        """)),
                forbidden("java.util.Timer", "a kata call runs on one thread; this starts another", body("""
                                new java.util.Timer().cancel(); // <-
                        """)),
                forbidden("Collection.parallelStream", PARALLEL, body("""
                                long n = java.util.List.of(1, 2, 3).parallelStream().count(); // <-
                        """)),
                forbidden("IntStream.parallel", PARALLEL, body("""
                                int sum = java.util.stream.IntStream.range(0, 64).parallel().sum(); // <-
                        """)),
                forbidden("Stream.parallel", PARALLEL, body("""
                                long n = java.util.stream.Stream.of("a", "b").parallel().count(); // <-
                        """)),
                forbidden("Arrays.parallelSort", "a kata call runs on one thread; parallel sorting runs on others", body("""
                                java.util.Arrays.parallelSort(new int[] {3, 1, 2}); // <-
                        """)),
                // reflection and class loading
                forbidden("getClass().getMethod", "reflection", body("""
                                Object length = coordinate.getClass().getMethod("length"); // <-
                        """)),
                forbidden("Class.forName", "reflection", body("""
                                Object type = Class.forName("org.katajudge.reference.squarecolor.SquareColor"); // <-
                        """)),
                forbidden("java.lang.reflect.Method", "reflection", solution("""
                        import java.lang.reflect.Method;
                        """, "", """
                                Method method = null; // <-
                        """)),
                forbidden("java.lang.reflect.Array", "reflection", body("""
                                Object array = java.lang.reflect.Array.newInstance(int.class, 3); // <-
                        """)),
                forbidden("MethodHandles", "reflection (method handles)", body("""
                                Object lookup = java.lang.invoke.MethodHandles.lookup(); // <-
                        """)),
                forbidden("a Class variable", "reflection", body("""
                                Class<?> type = String.class; // <-
                        """)),
                forbidden("URLClassLoader", "it loads classes", body("""
                                Object loader = java.net.URLClassLoader.newInstance(null); // <-
                        """)),
                forbidden("ClassLoader.getSystemClassLoader", "it loads classes", body("""
                                Object loader = ClassLoader.getSystemClassLoader(); // <-
                        """)),
                forbidden("getClass().getClassLoader", "reflection", body("""
                                Object loader = coordinate.getClass().getClassLoader(); // <-
                        """)),
                forbidden("Thread.getContextClassLoader", "it reaches a class loader", body("""
                                Object loader = Thread.currentThread().getContextClassLoader(); // <-
                        """)),
                forbidden("ServiceLoader", "it loads classes by name", body("""
                                Object services = java.util.ServiceLoader.load(Runnable.class); // <-
                        """)),
                forbidden("StackWalker", "reflection on the stack", body("""
                                Object walker = StackWalker.getInstance(); // <-
                        """)),
                forbidden("ScriptEngineManager", OTHERWISE, body("""
                                Object engines = new javax.script.ScriptEngineManager(); // <-
                        """)),
                forbidden("javax.tools.ToolProvider", OTHERWISE, body("""
                                Object javac = javax.tools.ToolProvider.getSystemJavaCompiler(); // <-
                        """)),
                forbidden("ManagementFactory", OTHERWISE, body("""
                                Object runtime = java.lang.management.ManagementFactory.getRuntimeMXBean(); // <-
                        """)),
                // files
                forbidden("java.io.File", "files", body("""
                                boolean exists = new java.io.File("/etc/passwd").exists(); // <-
                        """)),
                forbidden("FileWriter", "files", solution("""
                        import java.io.FileWriter;
                        """, "", """
                                try (FileWriter writer = new FileWriter("/tmp/kata-judge-was-here.txt", true)) { // <-
                                    writer.write(coordinate);
                                }
                        """)),
                forbidden("FileInputStream", "files", body("""
                                int first = new java.io.FileInputStream("/etc/passwd").read(); // <-
                        """)),
                forbidden("FileReader", "files", body("""
                                int first = new java.io.FileReader("/etc/passwd").read(); // <-
                        """)),
                forbidden("RandomAccessFile", "files", body("""
                                new java.io.RandomAccessFile("x", "rw").close(); // <-
                        """)),
                forbidden("java.nio.file.Files and Path", "files", solution("""
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        """, "", """
                                Path path = Path.of("notes.txt"); // <-
                                Files.writeString(path, coordinate); // <-
                        """)),
                forbidden("Paths.get inside one expression", "files", body("""
                                String text = java.nio.file.Files.readString(java.nio.file.Paths.get("x")); // <-
                        """)),
                forbidden("new PrintStream(\"out.txt\")", "it writes a file", body("""
                                new java.io.PrintStream("out.txt").println(coordinate); // <-
                        """)),
                forbidden("new PrintWriter(\"x\")", "it writes a file", body("""
                                java.io.PrintWriter out = new java.io.PrintWriter("x"); // <-
                        """)),
                forbidden("new PrintStream(name, charset name)", "it writes a file", body("""
                                java.io.PrintStream out = new java.io.PrintStream("x", "UTF-8"); // <-
                        """)),
                forbidden("new Formatter(\"x\")", "it writes a file", body("""
                                new java.util.Formatter("x").close(); // <-
                        """)),
                forbidden("FileDescriptor", "files and the JVM's own standard descriptors", body("""
                                Object out = java.io.FileDescriptor.out; // <-
                        """)),
                forbidden("FileChannel", "files and sockets", body("""
                                Object channel = java.nio.channels.FileChannel.class; // <-
                        """)),
                forbidden("Preferences", OTHERWISE, body("""
                                java.util.prefs.Preferences.userRoot().put("seen", coordinate); // <-
                        """)),
                forbidden("JDBC", OTHERWISE, body("""
                                Object connection = java.sql.DriverManager.getConnection("jdbc:x"); // <-
                        """)),
                // network
                forbidden("Socket", "network access", solution("""
                        import java.net.Socket;
                        """, "", """
                                try (Socket socket = new Socket("example.com", 80)) { // <-
                                    socket.getOutputStream().write(coordinate.getBytes()); // <-
                                }
                        """)),
                forbidden("URL.openStream", "network access", body("""
                                int first = new java.net.URL("http://example.com/").openStream().read(); // <-
                        """)),
                forbidden("URI", "network access", body("""
                                Object uri = java.net.URI.create("http://example.com/"); // <-
                        """)),
                forbidden("HttpClient", "network access", body("""
                                Object client = java.net.http.HttpClient.newHttpClient(); // <-
                        """)),
                forbidden("SocketChannel", "files and sockets", body("""
                                java.nio.channels.SocketChannel.open().close(); // <-
                        """)),
                forbidden("DatagramSocket", "network access", body("""
                                new java.net.DatagramSocket().close(); // <-
                        """)),
                // what java.base offers beyond the old denylist: not on the allowlist, or denied by member
                forbidden("java.util.spi.ToolProvider", OTHERWISE, body("""
                                java.util.spi.ToolProvider.findFirst("jar").ifPresent(t -> t.run(System.out, System.err, "--version")); // <-
                        """)),
                forbidden("System.getProperty", PROPERTIES, body("""
                                String path = System.getProperty("java.class.path"); // <-
                        """)),
                forbidden("System.getProperties", "it reads and changes the JVM's system properties", body("""
                                Object properties = System.getProperties(); // <-
                        """)),
                forbidden("Integer.getInteger", PROPERTIES, body("""
                                Integer size = Integer.getInteger("sun.arch.data.model"); // <-
                        """)),
                forbidden("Long.getLong", PROPERTIES, body("""
                                Long size = Long.getLong("x"); // <-
                        """)),
                forbidden("Boolean.getBoolean", PROPERTIES, body("""
                                boolean flag = Boolean.getBoolean("x"); // <-
                        """)),
                forbidden("a finalizer", "the JVM runs finalizers on its own thread, outside any call", solution("", """
                            static final class Leak {
                                @Override
                                protected void finalize() { // <-
                                    System.out.println("outside any call");
                                }
                            }
                        """, "")),
                forbidden("calling finalize", "finalizers run on the JVM's own thread, outside any call", solution("", """
                            static final class Parent {
                                @SuppressWarnings("removal")
                                void done() throws Throwable {
                                    super.finalize(); // <-
                                }
                            }
                        """, "")),
                forbidden("a Deflater's native memory", "native memory and files", body("""
                                java.util.zip.Deflater deflater = new java.util.zip.Deflater(); // <-
                        """)),
                forbidden("ResourceBundle.getBundle", "it loads classes by name", body("""
                                Object bundle = java.util.ResourceBundle.getBundle(coordinate); // <-
                        """)),
                forbidden("ObjectInputStream", "deserialization loads classes by name", body("""
                                Object o = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(new byte[0])).readObject(); // <-
                        """)),
                forbidden("RandomGenerator.of", "it loads classes by name", body("""
                                int n = java.util.random.RandomGenerator.of("L64X128MixRandom").nextInt(); // <-
                        """)),
                forbidden("Charset.forName", "it looks charset providers up by name (use StandardCharsets)", body("""
                                byte[] bytes = coordinate.getBytes(java.nio.charset.Charset.forName("UTF-8")); // <-
                        """)),
                forbidden("an atomic field updater", "reflection: it finds a field by name", solution("", """
                            volatile int hits;
                        """, """
                                Object updater = java.util.concurrent.atomic.AtomicIntegerFieldUpdater.newUpdater(SquareColor.class, "hits"); // <-
                        """)),
                forbidden("Locale.setDefault", "it changes the JVM's defaults", body("""
                                java.util.Locale.setDefault(java.util.Locale.ROOT); // <-
                        """)),
                forbidden("System.gc", "it reaches the JVM itself (only System.out, err, in, the clocks, arraycopy, identityHashCode and lineSeparator are allowed)", body("""
                                System.gc(); // <-
                        """)),
                forbidden("Runtime.version", "it reaches the JVM itself (only getRuntime, availableProcessors and the memory figures are allowed)", body("""
                                String version = Runtime.version().toString(); // <-
                        """)),
                forbidden("a direct byte buffer (native memory)", OTHERWISE, body("""
                                Object buffer = java.nio.ByteBuffer.allocateDirect(1 << 20); // <-
                        """)),
                forbidden("ThreadLocal", OTHERWISE, solution("", """
                            static final ThreadLocal<StringBuilder> BUFFER = new ThreadLocal<>(); // <-
                        """, "")),
                forbidden("Cleaner", "it depends on the garbage collector's own threads", body("""
                                Object cleaner = java.lang.ref.Cleaner.create(); // <-
                        """)),
                forbidden("Properties", "the JVM's system properties are Properties; a kata solution needs none", body("""
                                Object properties = new java.util.Properties(); // <-
                        """)),
                forbidden("java.desktop", OTHERWISE, body("""
                                Object point = new java.awt.Point(1, 2); // <-
                        """)),
                forbidden("Thread.getAllStackTraces", THREADS, body("""
                                int threads = Thread.getAllStackTraces().size(); // <-
                        """)),
                forbidden("Throwable.setStackTrace", STACK, body("""
                                Error forged = new OutOfMemoryError();
                                forged.setStackTrace(new StackTraceElement[0]); // <-
                        """)));
    }

    @ParameterizedTest(name = "{0} is rejected")
    @MethodSource("categories")
    void everyCategoryIsRejectedWithItsLineAndReason(String source, String why) {
        assertRejectedOnMarkedLines(source, batched(source, "categories", PolicyScannerTest::categories), why);
    }

    static Stream<Arguments> evasions() {
        return Stream.of(
                forbidden("a fully qualified name", EXIT, body("""
                                java.lang.System.exit(1); // <-
                        """)),
                forbidden("a static import", EXIT, solution("""
                        import static java.lang.System.exit;
                        """, "", """
                                exit(1); // <-
                        """)),
                forbidden("a static import on demand", HALT, solution("""
                        import static java.lang.Runtime.*;
                        """, "", """
                                getRuntime().halt(1); // <-
                        """)),
                forbidden("a method reference System::exit", EXIT, body("""
                                java.util.function.IntConsumer stop = System::exit; // <-
                                stop.accept(0);
                        """)),
                forbidden("a constructor reference Thread::new", THREADS, body("""
                                java.util.function.Function<Runnable, Object> threads = Thread::new; // <-
                        """)),
                forbidden("an instance method reference", THREADS, body("""
                                Runnable interrupt = Thread.currentThread()::interrupt; // <-
                        """)),
                forbidden("a constructor reference to PrintStream(String)", "it writes a file", solution("", """
                            interface Opener {
                                Object open(String name) throws Exception;
                            }
                        """, """
                                Opener opener = java.io.PrintStream::new; // <-
                        """)),
                forbidden("a class extending Thread", THREADS, solution("", """
                            static class Worker extends Thread { // <-
                                @Override
                                public void run() {
                                }
                            }
                        """, """
                                new Worker().start(); // <-
                        """)),
                forbidden("an inherited method called unqualified", PARALLEL, solution("", """
                            static class Squares extends java.util.ArrayList<Integer> {
                                long count() {
                                    return parallelStream().count(); // <-
                                }
                            }
                        """, "")),
                forbidden("a super constructor call to PrintStream(String)", "it writes a file", solution("", """
                            static class Log extends java.io.PrintStream {
                                Log() throws java.io.IOException {
                                    super("log.txt"); // <-
                                }
                            }
                        """, "")),
                forbidden("an anonymous class", EXIT, body("""
                                Runnable r = new Runnable() {
                                    @Override
                                    public void run() {
                                        System.exit(1); // <-
                                    }
                                };
                        """)),
                forbidden("an anonymous subclass of Thread", THREADS, body("""
                                new Thread() { // <-
                                };
                        """)),
                forbidden("an anonymous subclass of PrintStream(String)", "it writes a file", body("""
                                Object out = new java.io.PrintStream("out.txt") { }; // <-
                        """)),
                forbidden("a record component of a forbidden type", "files", body("""
                                record Holder(java.io.File file) { } // <-
                        """)),
                forbidden("a lambda", EXIT, body("""
                                Runnable r = () -> System.exit(2); // <-
                                java.util.function.Supplier<Runnable> s = () -> () -> Runtime.getRuntime().exit(3); // <-
                        """)),
                forbidden("a nested generic type", "files", body("""
                                java.util.Map<String, java.util.List<java.util.Optional<java.io.File>>> m = null; // <-
                        """)),
                forbidden("a generic bound", THREADS, solution("", """
                            static <T extends Thread> T same(T thread) { // <-
                                return thread;
                            }
                        """, "")),
                forbidden("an array of a forbidden type", THREADS, body("""
                                Object threads = new Thread[4]; // <-
                        """)),
                forbidden("instanceof", THREADS, body("""
                                Object o = coordinate;
                                boolean t = o instanceof Thread; // <-
                        """)),
                forbidden("a cast", HALT, body("""
                                ((Runtime) (Object) Runtime.getRuntime()).halt(1); // <-
                        """)),
                forbidden("a class literal of a forbidden type", THREADS, body("""
                                Object type = Thread.class; // <-
                        """)),
                forbidden("a local variable named like an allowed class", EXIT, body("""
                                Runtime Math = Runtime.getRuntime();
                                Math.exit(0); // <-
                        """)),
                forbidden("a unicode escape", EXIT, body("""
                                System.\\u0065xit(1); // <-
                        """)),
                forbidden("comments inside the call", EXIT, body("""
                                System /* nothing to see */ . /* here */ exit(1); // <-
                        """)),
                forbidden("a helper method in another class", EXIT, solution("", """
                            static class Helper {
                                static void quit() {
                                    Runtime.getRuntime().exit(9); // <-
                                }
                            }
                        """, "")),
                forbidden("an enum constant of a forbidden type", THREADS, body("""
                                Object state = Thread.State.NEW; // <-
                        """)),
                forbidden("a nested type of a forbidden type", "it starts processes", body("""
                                Object redirect = ProcessBuilder.Redirect.INHERIT; // <-
                        """)),
                forbidden("a switch expression", EXIT, body("""
                                int code = switch (coordinate.charAt(0)) {
                                    case 'a' -> 1;
                                    default -> {
                                        System.exit(1); // <-
                                        yield 2;
                                    }
                                };
                        """)));
    }

    @ParameterizedTest(name = "{0} is still rejected")
    @MethodSource("evasions")
    void evasionsAreStillCaught(String source, String why) {
        assertRejectedOnMarkedLines(source, batched(source, "evasions", PolicyScannerTest::evasions), why);
    }

    @Nested
    class Locations {

        @Test
        void aViolationNamesTheFileLineColumnApiAndReason() {
            String source = """
                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            if (coordinate.isEmpty()) {
                                System.exit(0);
                            }
                            return true;
                        }
                    }
                    """;
            PolicyViolation violation = onlyViolation(squareColor(source));
            assertEquals(new PolicyViolation("SquareColor.java", 4, 13, "java.lang.System.exit(int)", EXIT),
                    violation);
            assertEquals("SquareColor.java:4: java.lang.System.exit(int) is not allowed: " + EXIT,
                    violation.toString());
        }

        @Test
        void aFullyQualifiedCallIsLocatedAtItsFirstToken() {
            String source = body("""
                            boolean b = true; java.lang.System.exit(1); // <-
                    """);
            PolicyViolation violation = onlyViolation(squareColor(source));
            long line = lineOf(source, MARK);
            assertEquals(line, violation.line());
            assertEquals(columnOf(source, line, "java.lang"), violation.column());
            assertEquals("java.lang.System.exit(int)", violation.api());
        }

        @Test
        void aStaticImportIsNotAUseButTheCallIs() {
            String source = """
                    import static java.lang.System.exit;

                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            exit(1);
                            return true;
                        }
                    }
                    """;
            PolicyViolation violation = onlyViolation(squareColor(source));
            assertEquals(5, violation.line());
            assertEquals(9, violation.column());
        }

        @Test
        void constructorsAndTypesAreNamedAsTheyAreUsed() {
            assertEquals("new java.lang.ProcessBuilder(java.lang.String[])",
                    onlyViolation(squareColor(body("        new ProcessBuilder(\"ls\"); // <-\n"))).api());
            assertEquals("new java.io.PrintStream(java.lang.String)",
                    onlyViolation(squareColor(body("        new java.io.PrintStream(\"out.txt\"); // <-\n"))).api());
            assertEquals("java.net.Socket",
                    onlyViolation(squareColor(body("        java.net.Socket socket = null; // <-\n"))).api());
            assertEquals("native method peek",
                    onlyViolation(squareColor(solution("", "    static native int peek();", ""))).api());
        }

        @Test
        void aNativeMethodIsReportedWhereItsDeclarationStarts() {
            String source = solution("", """
                        // not allowed
                        @SuppressWarnings("unused")
                        private static native int peek(long address);
                    """, "");
            PolicyViolation violation = onlyViolation(squareColor(source));
            assertEquals(lineOf(source, "@SuppressWarnings"), violation.line());
            assertEquals(5, violation.column());
            assertEquals("native code runs outside the JVM's checks", violation.why());
        }

        @Test
        void violationsInSeveralFilesNameTheirFileInFileAndLineOrder() {
            Compilation compilation = compile(SQUARE_COLOR,
                    new SourceFile("SquareColor.java", """
                            public class SquareColor {
                                public static boolean isLight(String coordinate) {
                                    Helper.run();
                                    System.exit(Helper.CODE);
                                    return true;
                                }
                            }
                            """),
                    new SourceFile("Helper.java", """
                            final class Helper {
                                static final int CODE = 1;
                                static void run() {
                                    new Thread(() -> { }).start();
                                    Runtime.getRuntime().halt(CODE);
                                }
                            }
                            """));
            Compilation.Rejected rejected = assertRejected(compilation);
            assertEquals(List.of(
                    "SquareColor.java:4: java.lang.System.exit(int) is not allowed: " + EXIT,
                    "Helper.java:4: java.lang.Thread.start() is not allowed: " + THREADS,
                    "Helper.java:5: java.lang.Runtime.halt(int) is not allowed: " + HALT),
                    rejected.violations().stream().map(PolicyViolation::toString).toList());
        }
    }

    @Test
    void aVarOfAForbiddenTypeNeverCompiles() {
        for (String declaration : List.of(
                "var builder = new ProcessBuilder(\"sh\");",
                "var process = Runtime.getRuntime().exec(\"true\");",
                "var lookup = java.lang.invoke.MethodHandles.lookup();",
                "for (var thread : new Thread[0]) { }")) {
            Compilation compilation = squareColor(body("        " + declaration + "\n"));
            assertTrue(!(compilation instanceof Compilation.Compiled), () -> declaration + ": " + describe(compilation));
        }
    }
    @Test
    void varHidesNeitherTheProcessNorItsMethods() {
        String source = body("""
                        var process = Runtime.getRuntime().exec("true");
                        process.waitFor();
                """);
        Compilation.Rejected rejected = assertRejected(squareColor(source));
        long line = lineOf(source, "var process");
        assertEquals(List.of(line + " it starts processes", (line + 1) + " it controls processes"),
                rejected.violations().stream().map(v -> v.line() + " " + v.why()).toList(), describe(rejected));
    }
    @Test
    void varHidesNoTypeAndNoCall() {
        assertRejectedOnMarkedLines(body("""
                        var builder = new ProcessBuilder("sh"); // <-
                        var process = builder.start(); // <-
                """), "it starts processes");
    }
    @Test
    void anImplicitlyTypedLambdaParameterOfAForbiddenTypeDoesNotCrashTheScanner() {
        for (String statement : List.of(
                "java.io.FilenameFilter filter = (dir, name) -> name.endsWith(\".txt\"); // <-",
                "String n = java.util.Optional.of(coordinate.getClass()).map(c -> c.getSimpleName()).orElse(\"\"); // <-",
                "java.util.function.BiFunction<Thread, Integer, Integer> f = (var t, var i) -> i; // <-")) {
            String source = body("        " + statement + "\n");
            Compilation compilation = squareColor(source);
            assertTrue(!(compilation instanceof Compilation.Failed), () -> statement + ": " + describe(compilation));
            if (compilation instanceof Compilation.Rejected rejected) {
                assertTrue(rejected.violations().stream().allMatch(v -> v.line() == lineOf(source, MARK)),
                        () -> statement + ": " + describe(compilation));
            }
        }
    }

    @Test
    void aForbiddenCallInAMultiLineChainIsRejected() {
        String source = body("""
                        long n = java.util.stream.Stream.of("a", "b")
                                .map(String::toUpperCase)
                                .parallel()
                                .count();
                """);
        assertEquals(PARALLEL, onlyViolation(squareColor(source)).why());
    }
    @Test
    void aForbiddenCallInAMultiLineChainIsReportedOnItsOwnLine() {
        String source = body("""
                        long n = java.util.stream.Stream.of("a", "b")
                                .map(String::toUpperCase)
                                .parallel() // <-
                                .count();
                """);
        PolicyViolation violation = onlyViolation(squareColor(source));
        long line = lineOf(source, MARK);
        assertEquals(line, violation.line(), violation::toString);
        assertEquals(columnOf(source, line, "parallel"), violation.column(), violation::toString);
    }

    @Nested
    class OnePerLineAndReason {

        @Test
        void newThreadStartIsOneProblemNotThree() {
            PolicyViolation violation = onlyViolation(squareColor(body("""
                            new Thread(() -> { }).start(); // <-
                    """)));
            assertEquals(THREADS, violation.why());
        }

        @Test
        void theSameReasonOnTwoLinesIsTwoProblems() {
            List<PolicyViolation> violations = assertRejectedOnMarkedLines(body("""
                            Thread worker = new Thread(() -> { }); // <-
                            worker.start(); // <-
                            worker.join(); // <-
                    """), THREADS);
            assertEquals(3, violations.size());
        }

        @Test
        void twoReasonsOnOneLineAreTwoProblems() {
            String source = body("""
                            Object loader = new java.net.URLClassLoader(new java.net.URL[0]); // <-
                    """);
            Compilation.Rejected rejected = assertRejected(squareColor(source));
            assertEquals(Set.of("it loads classes", "network access"),
                    Set.copyOf(rejected.violations().stream().map(PolicyViolation::why).toList()), describe(rejected));
            assertEquals(2, rejected.violations().size(), describe(rejected));
            assertTrue(rejected.violations().stream().allMatch(v -> v.line() == lineOf(source, MARK)));
        }

        @Test
        void twoUnlistedApisOnOneLineAreOneProblem() {
            Compilation.Rejected rejected = assertRejected(squareColor(solution("""
                    import java.util.concurrent.ExecutorService;
                    import java.util.concurrent.Executors;
                    """, "", """
                            ExecutorService pool = Executors.newFixedThreadPool(2);
                    """)));
            assertEquals(List.of("java.util.concurrent.ExecutorService is not allowed: " + OTHERWISE),
                    rejected.violations().stream().map(v -> v.api() + " is not allowed: " + v.why()).toList(),
                    describe(rejected));
        }
    }

    @Nested
    class Precedence {

        @Test
        void threadSleepIsAllowedWhereThreadIsDenied() {
            assertCompiled(squareColor(body("""
                            Thread.sleep(1);
                            Thread.sleep(0, 10);
                            java.lang.Thread.sleep(0);
                    """)));
            assertEquals(THREADS, onlyViolation(squareColor(body("""
                            Thread.currentThread().interrupt(); // <-
                    """))).why());
        }

        @Test
        void theOtherAllowedThreadMembersAreAllowed() {
            assertCompiled(squareColor(body("""
                            Thread.onSpinWait();
                            Thread.yield();
                            boolean interrupted = Thread.interrupted();
                            boolean flagged = Thread.currentThread().isInterrupted();
                            String name = Thread.currentThread().getName();
                            StackTraceElement[] trace = Thread.currentThread().getStackTrace();
                    """)));
        }

        @Test
        void aMemberRuleBeatsAClassRuleOfTheOtherVerdict() {
            // deny java.lang.Class, allow java.lang.Class#getName
            assertCompiled(squareColor(body("""
                            String name = coordinate.getClass().getName() + coordinate.getClass().getSimpleName();
                            boolean string = String.class.isInstance(coordinate);
                            boolean array = int[].class.isArray();
                    """)));
            assertEquals("reflection", onlyViolation(squareColor(body("""
                            Object methods = coordinate.getClass().getDeclaredMethods(); // <-
                    """))).why());
        }

        @Test
        void aMemberRuleBeatsAClassRuleWithAnotherReason() {
            // deny java.lang.Thread (threads), deny java.lang.Thread#getContextClassLoader (class loading)
            assertEquals("it reaches a class loader", onlyViolation(squareColor(body("""
                            Object loader = Thread.currentThread().getContextClassLoader(); // <-
                    """))).why());
        }

        @Test
        void printStreamOfAFileNameIsDeniedButOfAStreamIsAllowed() {
            assertCompiled(squareColor(solution("""
                    import java.io.ByteArrayOutputStream;
                    import java.io.PrintStream;
                    import java.io.PrintWriter;
                    import java.io.StringWriter;
                    import java.nio.charset.StandardCharsets;
                    import java.util.Formatter;
                    """, "", """
                            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                            PrintStream out = new PrintStream(bytes);
                            PrintStream flushing = new PrintStream(bytes, true, "UTF-8");
                            PrintStream utf8 = new PrintStream(bytes, true, StandardCharsets.UTF_8);
                            PrintWriter writer = new PrintWriter(new StringWriter());
                            Formatter formatter = new Formatter(new StringBuilder());
                            out.println(coordinate);
                            writer.printf("%s%n", coordinate);
                    """)));
            assertEquals("it writes a file", onlyViolation(squareColor(body("""
                            java.io.PrintStream out = new java.io.PrintStream("out.txt"); // <-
                    """))).why());
            assertEquals("it writes a file", onlyViolation(squareColor(body("""
                            new java.io.PrintStream("out.txt", java.nio.charset.StandardCharsets.UTF_8); // <-
                    """))).why());
        }

        @Test
        void aPackageTreeCoversSubpackagesAndAPackageOnlyItself() {
            // deny java.net.**: java.net.http too
            assertEquals("network access", onlyViolation(squareColor(body("""
                            Object client = java.net.http.HttpClient.newBuilder(); // <-
                    """))).why());
            // allow java.time.**: java.time.format and java.time.temporal too
            assertCompiled(squareColor(body("""
                            String day = java.time.LocalDate.of(2024, 2, 29).format(java.time.format.DateTimeFormatter.ISO_DATE);
                            long days = java.time.temporal.ChronoUnit.DAYS.between(java.time.LocalDate.EPOCH, java.time.LocalDate.EPOCH);
                    """)));
            // allow java.util.*: not java.util.concurrent, java.util.spi or java.util.zip
            assertEquals(OTHERWISE, onlyViolation(squareColor(body("""
                            Object latch = new java.util.concurrent.CountDownLatch(1); // <-
                    """))).why());
            assertEquals(OTHERWISE, onlyViolation(squareColor(body("""
                            Object tools = java.util.spi.ToolProvider.findFirst("javac"); // <-
                    """))).why());
        }

        @Test
        void aTypeRuleDoesNotCoverTypesThatMerelyStartWithItsName() {
            // java.lang.Thread is denied and java.lang.ThreadLocal not listed; java.util.concurrent.ThreadLocalRandom is allowed
            assertCompiled(squareColor(body("""
                            int random = java.util.concurrent.ThreadLocalRandom.current().nextInt(1);
                            java.io.UncheckedIOException notAFile = new java.io.UncheckedIOException(new java.io.IOException("fine"));
                    """)));
            // java.io.File is denied with its own reason; java.io.FileFilter is not listed: the general reason
            assertEquals(OTHERWISE, onlyViolation(squareColor(body("""
                            java.io.FileFilter filter = null; // <-
                    """))).why());
        }

        @Test
        void aMemberRuleWithParametersBeatsAMemberRule() {
            // allow java.nio.charset.Charset, deny its lookups by name; constants and instance methods are fine
            assertCompiled(squareColor(body("""
                            java.nio.charset.Charset utf8 = java.nio.charset.StandardCharsets.UTF_8;
                            String name = utf8.name() + utf8.displayName();
                            byte[] bytes = coordinate.getBytes(utf8);
                    """)));
        }
    }

    @Nested
    class Order {

        @Test
        void aCompileErrorIsReportedBeforeThePolicy() {
            assertFailed(squareColor(body("""
                            System.exit(1)
                    """)));
        }

        @Test
        void thePolicyIsCheckedBeforeTheSignatures() {
            assertRejected(squareColor("""
                    public class SquareColor {
                        public static boolean isWhite(String coordinate) {
                            System.exit(1);
                            return true;
                        }
                    }
                    """));
        }

        @Test
        void importsAloneAreNotUses() {
            assertCompiled(squareColor(solution("""
                    import java.io.File;
                    import java.net.*;
                    import java.lang.reflect.Method;
                    import static java.lang.System.exit;
                    import static java.lang.Runtime.getRuntime;
                    """, "", "")));
        }
    }

    @Nested
    class NoFalsePositives {

        static Stream<Arguments> allowed() {
            return Stream.of(
                    Arguments.of(Named.of("Thread.sleep", body("""
                                    Thread.sleep(5);
                            """))),
                    Arguments.of(Named.of("Math", body("""
                                    int m = Math.max(Math.abs(-3), Math.floorMod(-7, 8)) + (int) Math.sqrt(16.0);
                                    long r = Math.round(Math.pow(2, 10)) + StrictMath.abs(-1L);
                            """))),
                    Arguments.of(Named.of("String and StringBuilder", body("""
                                    String s = new StringBuilder(coordinate).reverse().append('x').toString();
                                    String t = String.join(",", s.split("")).strip().toUpperCase().repeat(2);
                                    char[] chars = coordinate.toCharArray();
                                    boolean b = s.chars().allMatch(Character::isLetterOrDigit) || s.isBlank();
                            """))),
                    Arguments.of(Named.of("collections", solution("""
                            import java.util.*;
                            """, "", """
                                    List<Integer> list = new ArrayList<>(List.of(3, 1, 2));
                                    Collections.sort(list);
                                    Map<String, Integer> map = new HashMap<>(Map.of("a", 1));
                                    map.merge("a", 1, Integer::sum);
                                    Set<String> set = new TreeSet<>(Set.of("x"));
                                    Deque<int[]> queue = new ArrayDeque<>();
                                    queue.add(new int[] {1, 2});
                                    PriorityQueue<Integer> heap = new PriorityQueue<>(Comparator.reverseOrder());
                                    BitSet bits = new BitSet(64);
                                    LinkedHashMap<Character, List<String>> groups = new LinkedHashMap<>();
                                    groups.computeIfAbsent('a', k -> new LinkedList<>()).add(coordinate);
                                    Iterator<Integer> it = list.iterator();
                                    Optional<String> first = Optional.ofNullable(coordinate);
                                    Random random = new Random(42);
                            """))),
                    Arguments.of(Named.of("sequential streams", solution("""
                            import java.util.*;
                            import java.util.stream.*;
                            """, "", """
                                    int sum = IntStream.rangeClosed(1, 8).filter(i -> i % 2 == 0).sum();
                                    List<String> files = Stream.of("a", "b").map(String::toUpperCase).collect(Collectors.toList());
                                    Map<Boolean, Long> parity = IntStream.range(0, 8).boxed()
                                            .collect(Collectors.partitioningBy(i -> i % 2 == 0, Collectors.counting()));
                                    long distinct = coordinate.chars().distinct().count();
                                    int[] squares = Arrays.stream(new int[] {1, 2}).map(i -> i * i).sequential().toArray();
                                    String joined = List.of("x", "y").stream().collect(Collectors.joining("-"));
                            """))),
                    Arguments.of(Named.of("records, enums, sealed interfaces and pattern matching", solution("", """
                                sealed interface Piece permits Man, King { }
                                record Man(int row, int col) implements Piece { }
                                record King(int row, int col) implements Piece { }
                                enum Colour { LIGHT, DARK;
                                    Colour other() { return this == LIGHT ? DARK : LIGHT; }
                                }

                                static int weight(Piece piece) {
                                    if (piece instanceof King king) {
                                        return king.row() + 2;
                                    }
                                    return 1;
                                }
                            """, """
                                    Colour colour = Colour.valueOf("LIGHT").other();
                                    java.util.EnumMap<Colour, Integer> counts = new java.util.EnumMap<>(Colour.class);
                                    counts.put(colour, weight(new Man(1, 2)) + Colour.values().length + colour.ordinal());
                            """))),
                    Arguments.of(Named.of("switch expressions", body("""
                                    int file = switch (coordinate.charAt(0)) {
                                        case 'a', 'c', 'e', 'g' -> 1;
                                        case 'b', 'd', 'f', 'h' -> {
                                            int two = 2;
                                            yield two;
                                        }
                                        default -> throw new IllegalArgumentException(coordinate);
                                    };
                            """))),
                    Arguments.of(Named.of("lambdas and functional interfaces", body("""
                                    java.util.function.Function<String, Integer> length = String::length;
                                    java.util.function.BiFunction<Integer, Integer, Integer> add = (a, b) -> a + b;
                                    java.util.function.Supplier<StringBuilder> fresh = StringBuilder::new;
                                    Runnable nothing = () -> { };
                                    nothing.run();
                                    int n = add.apply(length.apply(coordinate), fresh.get().length());
                            """))),
                    Arguments.of(Named.of("System.out and System.err", body("""
                                    System.out.println(coordinate);
                                    System.out.printf("%s%n", coordinate);
                                    System.err.print('x');
                                    System.out.flush();
                                    long start = System.nanoTime() + System.currentTimeMillis();
                                    int[] copy = new int[2];
                                    System.arraycopy(new int[] {1, 2}, 0, copy, 0, 2);
                                    String nl = System.lineSeparator();
                                    int hash = System.identityHashCode(coordinate);
                            """))),
                    Arguments.of(Named.of("Arrays", body("""
                                    int[] a = {3, 1, 2};
                                    java.util.Arrays.sort(a);
                                    int[][] board = new int[8][8];
                                    for (int[] row : board) {
                                        java.util.Arrays.fill(row, 0);
                                    }
                                    boolean same = java.util.Arrays.deepEquals(board, new int[8][8]);
                                    int[] copy = java.util.Arrays.copyOfRange(a, 0, 2);
                                    String text = java.util.Arrays.toString(a) + java.util.Arrays.deepToString(board);
                                    java.util.List<String> list = java.util.Arrays.asList("a", "b");
                                    int at = java.util.Arrays.binarySearch(a, 2);
                            """))),
                    Arguments.of(Named.of("Integer parsing and Character", body("""
                                    int rank = Integer.parseInt(coordinate.substring(1));
                                    Integer boxed = Integer.valueOf(rank);
                                    int digit = Character.getNumericValue(coordinate.charAt(1));
                                    boolean isDigit = Character.isDigit(coordinate.charAt(1));
                                    long big = Long.parseLong("123") + Integer.MAX_VALUE + Integer.bitCount(rank);
                                    String bin = Integer.toBinaryString(rank) + Integer.toString(rank, 16);
                            """))),
                    Arguments.of(Named.of("exceptions", solution("", """
                                static final class BadSquare extends RuntimeException {
                                    BadSquare(String message) {
                                        super(message);
                                    }
                                }
                            """, """
                                    try {
                                        if (coordinate.length() != 2) {
                                            throw new BadSquare(coordinate);
                                        }
                                        Integer.parseInt("x");
                                    } catch (NumberFormatException | BadSquare e) {
                                        String message = e.getMessage();
                                    } finally {
                                        coordinate.length();
                                    }
                                    try {
                                        throw new java.io.UncheckedIOException(new java.io.IOException("not a file"));
                                    } catch (RuntimeException e) {
                                        StackTraceElement[] trace = e.getStackTrace();
                                    }
                                    try {
                                        Thread.sleep(0);
                                    } catch (InterruptedException e) {
                                        Thread.currentThread().getName();
                                    }
                            """))),
                    Arguments.of(Named.of("recursion", solution("", """
                                static long fib(int n) {
                                    return n < 2 ? n : fib(n - 1) + fib(n - 2);
                                }
                            """, """
                                    long f = fib(10);
                            """))),
                    Arguments.of(Named.of("java.util.concurrent.atomic and concurrent collections", solution("""
                            import java.util.concurrent.ConcurrentHashMap;
                            import java.util.concurrent.atomic.AtomicInteger;
                            import java.util.concurrent.atomic.AtomicLong;
                            import java.util.concurrent.atomic.AtomicReference;
                            """, """
                                private static final AtomicInteger CALLS = new AtomicInteger();
                                private static final ConcurrentHashMap<String, Boolean> CACHE = new ConcurrentHashMap<>();
                            """, """
                                    CALLS.incrementAndGet();
                                    AtomicLong total = new AtomicLong();
                                    total.addAndGet(CALLS.get());
                                    AtomicReference<String> last = new AtomicReference<>(coordinate);
                                    CACHE.computeIfAbsent(coordinate, c -> true);
                            """))),
                    Arguments.of(Named.of("String.format and Formatter to a StringBuilder", body("""
                                    String text = String.format("%s-%d", coordinate, 3) + "%d".formatted(4);
                                    String locale = String.format(java.util.Locale.ROOT, "%.2f", 1.5);
                            """))),
                    Arguments.of(Named.of("in-memory I/O", body("""
                                    java.io.BufferedReader reader = new java.io.BufferedReader(new java.io.StringReader(coordinate));
                                    String line = reader.readLine();
                                    java.util.Scanner scanner = new java.util.Scanner("1 2 3");
                                    int first = scanner.nextInt();
                                    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
                                    bytes.write(1);
                            """))),
                    Arguments.of(Named.of("other everyday classes", body("""
                                    java.math.BigInteger big = java.math.BigInteger.TWO.pow(100);
                                    java.util.regex.Matcher m = java.util.regex.Pattern.compile("[a-h][1-8]").matcher(coordinate);
                                    boolean valid = m.matches() && java.util.Objects.equals(coordinate, coordinate);
                                    String text = \"""
                                        text blocks
                                        \""";
                                    var inferred = new java.util.ArrayList<java.util.Map.Entry<String, Integer>>();
                                    int processors = Runtime.getRuntime().availableProcessors();
                                    long memory = Runtime.getRuntime().maxMemory() - Runtime.getRuntime().freeMemory();
                                    outer:
                                    for (int i = 0; i < 3; i++) {
                                        for (int j = 0; j < 3; j++) {
                                            if (i * j == 2) {
                                                break outer;
                                            }
                                        }
                                    }
                            """))),
                    Arguments.of(Named.of("arrays, Object's methods, annotations and the submission's own generic types", solution("""
                            import java.util.*;
                            import java.util.function.*;
                            import java.util.stream.*;
                            """, """
                                @FunctionalInterface
                                interface Rule<T extends Comparable<T>> {
                                    boolean holds(T value);
                                }

                                record Square(int file, int rank) implements Comparable<Square> {
                                    @Override
                                    public int compareTo(Square other) {
                                        return Integer.compare(file * 8 + rank, other.file * 8 + other.rank);
                                    }
                                }

                                static final class Board implements Iterable<Square> {
                                    private final List<Square> squares = new ArrayList<>();

                                    @Override
                                    public Iterator<Square> iterator() {
                                        return squares.iterator();
                                    }
                                }

                                static final class BadBoard extends IllegalArgumentException {
                                    BadBoard(String message, Throwable cause) {
                                        super(message, cause);
                                    }
                                }

                                @SafeVarargs
                                @SuppressWarnings("varargs")
                                static <T> List<T> listOf(T... items) {
                                    return Arrays.asList(items.clone());
                                }
                            """, """
                                    int[][] board = new int[8][8];
                                    int[][] copy = board.clone();
                                    int cells = board.length * copy[0].length;
                                    Object o = new Object();
                                    boolean same = o.equals(o) && o.hashCode() == o.hashCode() && !o.toString().isEmpty();
                                    String kind = coordinate.getClass().getSimpleName();
                                    Rule<Integer> positive = value -> value > 0;
                                    Board squares = new Board();
                                    for (Square square : squares) {
                                        cells += square.compareTo(new Square(0, 0));
                                    }
                                    assert cells >= 0 : "never negative";
                                    StringBuilder text = new StringBuilder(coordinate);
                                    char first = text.length() > 0 ? text.charAt(0) : ' ';
                                    text.setLength(0);
                                    int roll = new Random(7).nextInt(1, 7) + new SplittableRandom(1).nextInt(6);
                                    OptionalInt max = IntStream.of(3, 1, 2).max();
                                    Map<Boolean, List<Integer>> parity = IntStream.range(0, 8).boxed()
                                            .collect(java.util.stream.Collectors.groupingBy(i -> i % 2 == 0));
                                    BiFunction<Integer, Integer, Integer> add = Integer::sum;
                                    EnumSet<java.time.DayOfWeek> weekend = EnumSet.of(java.time.DayOfWeek.SATURDAY, java.time.DayOfWeek.SUNDAY);
                                    switch (coordinate) {
                                        case "a1" -> cells++;
                                        default -> cells--;
                                    }
                                    try {
                                        throw new BadBoard(coordinate, new ArithmeticException("/ by zero"));
                                    } catch (BadBoard | IllegalStateException e) {
                                        e.printStackTrace();
                                        String message = e.getMessage() + e.getCause().getMessage();
                                    }
                            """))),
                    Arguments.of(Named.of("numbers, text and time", body("""
                                    java.math.BigDecimal half = new java.math.BigDecimal("1").divide(java.math.BigDecimal.valueOf(2),
                                            java.math.MathContext.DECIMAL64).setScale(2, java.math.RoundingMode.HALF_UP);
                                    String number = java.text.NumberFormat.getIntegerInstance(java.util.Locale.ROOT).format(1234567);
                                    String decimal = new java.text.DecimalFormat("#.00").format(half);
                                    java.time.Duration duration = java.time.Duration.ofMillis(1500);
                                    java.time.LocalDate date = java.time.LocalDate.parse("2024-03-01").minusDays(1);
                                    long hex = Long.parseLong(HexFormat.of().toHexDigits((byte) 10), 16);
                                    String padded = String.format("%5s|%-5s|%05d", "a", "b", 42);
                                    String normal = java.text.Normalizer.normalize(coordinate, java.text.Normalizer.Form.NFC);
                                    double root = Math.sqrt(2) + StrictMath.cbrt(27) + Math.floorMod(-1, 8) + Math.abs(Integer.MIN_VALUE + 1);
                                    char upper = Character.toUpperCase(coordinate.charAt(0));
                                    Character.UnicodeBlock block = Character.UnicodeBlock.of(upper);
                            """.replace("HexFormat", "java.util.HexFormat")))),
                    Arguments.of(Named.of("classes of the submission's own named like JDK classes", solution("", """
                                static class Thread {
                                    void start() { }
                                }
                                static class File {
                                    boolean exists() { return false; }
                                }
                                static final class System {
                                    static void exit(int code) { }
                                }
                            """, """
                                    new Thread().start();
                                    boolean exists = new File().exists();
                                    System.exit(0);
                            """))),
                    Arguments.of(Named.of("local variables named like forbidden classes", body("""
                                    String Thread = "not a thread";
                                    int File = Thread.length();
                                    String System = "x";
                                    boolean exit = System.isEmpty();
                            """))));
        }

        @ParameterizedTest(name = "{0} is allowed")
        @MethodSource("allowed")
        void everydayJavaIsNotRejected(String source) {
            assertCompiled(batched(source, "allowed", NoFalsePositives::allowed));
        }
    }
}

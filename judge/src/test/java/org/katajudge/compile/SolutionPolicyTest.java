package org.katajudge.compile;

import com.sun.source.util.JavacTask;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link SolutionPolicy#standard()} asked directly: what the allowlist allows, what it denies, and why. */
class SolutionPolicyTest {

    private static final SolutionPolicy POLICY = SolutionPolicy.standard();
    private static final String OTHERWISE = POLICY.otherwise();

    private static void type(String type, String why) {
        assertEquals(Optional.of(why), POLICY.forbidsType(type), type + " must be denied");
    }

    private static void allowedType(String type) {
        assertEquals(Optional.empty(), POLICY.forbidsType(type), type + " must be allowed");
    }

    private static void member(String owner, String member, String parameters, String why) {
        assertEquals(Optional.of(why), POLICY.forbidsMember(owner, member, parameters),
                owner + "#" + member + "(" + parameters + ") must be denied");
    }

    private static void allowedMember(String owner, String member, String parameters) {
        assertEquals(Optional.empty(), POLICY.forbidsMember(owner, member, parameters),
                owner + "#" + member + "(" + parameters + ") must be allowed");
    }

    @Test
    void theStandardPolicyIsLoadedOnce() {
        assertSame(SolutionPolicy.standard(), SolutionPolicy.standard());
    }

    @Test
    void whatAKataSolutionNeedsIsOnTheList() {
        for (String type : List.of("java.lang.String", "java.lang.Math", "java.lang.StringBuilder",
                "java.lang.AbstractStringBuilder", "java.lang.Integer", "java.lang.Object", "java.lang.Character",
                "java.lang.Character.UnicodeBlock", "java.lang.Iterable", "java.lang.Comparable", "java.lang.Record",
                "java.lang.Enum", "java.lang.Override", "java.lang.IllegalArgumentException", "java.lang.AssertionError",
                "java.util.List", "java.util.HashMap", "java.util.Map.Entry", "java.util.ArrayDeque", "java.util.Optional",
                "java.util.Arrays", "java.util.Objects", "java.util.Random", "java.util.Scanner", "java.util.Formatter",
                "java.util.function.Function", "java.util.function.IntBinaryOperator", "java.util.stream.Stream",
                "java.util.stream.IntStream", "java.util.stream.Collectors", "java.util.regex.Pattern",
                "java.math.BigInteger", "java.math.BigDecimal", "java.text.DecimalFormat", "java.time.LocalDate",
                "java.time.format.DateTimeFormatter", "java.time.temporal.ChronoUnit",
                "java.util.concurrent.atomic.AtomicInteger", "java.util.concurrent.ConcurrentHashMap",
                "java.util.concurrent.ThreadLocalRandom", "java.io.PrintStream", "java.io.IOException",
                "java.io.StringReader", "java.io.BufferedReader", "java.nio.charset.StandardCharsets",
                "java.util.random.RandomGenerator")) {
            allowedType(type);
        }
    }

    @Test
    void whatIsNotOnTheListIsDeniedWithTheGeneralReason() {
        for (String type : List.of("java.util.spi.ToolProvider", "javax.tools.ToolProvider", "javax.script.ScriptEngineManager",
                "java.lang.ThreadLocal", "java.lang.InheritableThreadLocal", "java.lang.ClassValue", "java.lang.Package",
                "java.lang.Compiler", "java.lang.management.ManagementFactory", "java.nio.ByteBuffer",
                "java.util.concurrent.Executors", "java.util.concurrent.CountDownLatch", "java.util.concurrent.ForkJoinPool",
                "java.util.concurrent.CompletableFuture", "java.util.logging.Logger", "java.util.prefs.Preferences",
                "java.util.random.RandomGeneratorFactory", "java.security.SecureRandom", "java.sql.DriverManager",
                "java.awt.Point", "javax.swing.Timer", "javax.xml.parsers.DocumentBuilderFactory", "java.beans.Beans",
                "java.io.ObjectOutputStream", "java.io.PipedInputStream", "java.io.FileFilter", "java.nio.charset.spi.CharsetProvider",
                "java.lang.constant.ClassDesc", "java.lang.runtime.ObjectMethods")) {
            type(type, OTHERWISE);
        }
        member("java.util.spi.ToolProvider", "findFirst", "java.lang.String", OTHERWISE);
    }

    @Test
    void whatStudentsReachForMostOftenIsDeniedWithItsOwnReason() {
        type("java.lang.Thread", "a kata call runs on one thread; this creates or controls threads");
        type("java.lang.Thread.State", "a kata call runs on one thread; this creates or controls threads");
        type("java.lang.ProcessBuilder", "it starts processes");
        type("java.lang.ProcessBuilder.Redirect", "it starts processes");
        type("java.lang.Process", "it controls processes");
        type("java.lang.ProcessHandle", "it sees or signals processes");
        type("java.lang.ClassLoader", "it loads classes");
        type("java.net.URLClassLoader", "it loads classes");
        type("java.net.Socket", "network access");
        type("java.net.http.HttpClient", "network access");
        type("java.lang.reflect.Method", "reflection");
        type("java.lang.invoke.MethodHandles.Lookup", "reflection (method handles)");
        type("java.lang.ref.Cleaner", "it depends on the garbage collector's own threads");
        type("java.io.File", "files");
        type("java.io.FileDescriptor", "files and the JVM's own standard descriptors");
        type("java.io.ObjectInputStream", "deserialization loads classes by name");
        type("java.nio.file.Files", "files");
        type("java.nio.file.attribute.PosixFilePermission", "files");
        type("java.util.ServiceLoader", "it loads classes by name");
        type("java.util.ResourceBundle", "it loads classes by name");
        type("java.util.Timer", "a kata call runs on one thread; this starts another");
        type("java.util.zip.Deflater", "native memory and files");
        type("sun.misc.Unsafe", "JDK internals");
        type("jdk.internal.misc.Unsafe", "JDK internals");
        type("java.util.concurrent.atomic.AtomicIntegerFieldUpdater", "reflection: it finds a field by name");
        type("java.time.zone.ZoneRulesProvider", "it registers and reloads the JVM's time-zone providers");
    }

    @Test
    void systemAndRuntimeMayBeNamedButOnlyTheirListedMembersUsed() {
        allowedType("java.lang.System");
        allowedType("java.lang.Runtime");
        String system = "it reaches the JVM itself (only System.out, err, in, the clocks, arraycopy, identityHashCode"
                + " and lineSeparator are allowed)";
        allowedMember("java.lang.System", "out", null);
        allowedMember("java.lang.System", "err", null);
        allowedMember("java.lang.System", "in", null);
        allowedMember("java.lang.System", "nanoTime", "");
        allowedMember("java.lang.System", "arraycopy", "java.lang.Object,int,java.lang.Object,int,int");
        member("java.lang.System", "getProperty", "java.lang.String", "it reads the JVM's system properties");
        member("java.lang.System", "getProperty", "java.lang.String,java.lang.String", "it reads the JVM's system properties");
        member("java.lang.System", "getProperties", "", "it reads and changes the JVM's system properties");
        member("java.lang.System", "getenv", "", "it reads the environment");
        member("java.lang.System", "exit", "int", "a solution returns its answer; it never ends the JVM");
        member("java.lang.System", "gc", "", system);
        member("java.lang.System", "getLogger", "java.lang.String", system);
        member("java.lang.System", "mapLibraryName", "java.lang.String", system);
        member("java.lang.System.Logger", "log", "java.lang.System.Logger.Level,java.lang.String", system);

        allowedMember("java.lang.Runtime", "getRuntime", "");
        allowedMember("java.lang.Runtime", "availableProcessors", "");
        member("java.lang.Runtime", "exec", "java.lang.String", "it starts processes");
        member("java.lang.Runtime", "halt", "int", "a solution returns its answer; it never halts the JVM");
        member("java.lang.Runtime", "version", "",
                "it reaches the JVM itself (only getRuntime, availableProcessors and the memory figures are allowed)");
    }

    @Test
    void membersThatReachOutStayDeniedInsideAllowedTypes() {
        member("java.lang.Integer", "getInteger", "java.lang.String", "it reads the JVM's system properties");
        member("java.lang.Long", "getLong", "java.lang.String,long", "it reads the JVM's system properties");
        member("java.lang.Boolean", "getBoolean", "java.lang.String", "it reads the JVM's system properties");
        allowedMember("java.lang.Integer", "parseInt", "java.lang.String");
        allowedMember("java.lang.Boolean", "parseBoolean", "java.lang.String");
        member("java.lang.Object", "finalize", "", "finalizers run on the JVM's own thread, outside any call");
        allowedMember("java.lang.Object", "getClass", "");
        allowedMember("java.lang.Object", "hashCode", "");
        member("java.util.Collection", "parallelStream", "", "a kata call runs on one thread; parallel streams run on others");
        member("java.util.stream.IntStream", "parallel", "", "a kata call runs on one thread; parallel streams run on others");
        allowedMember("java.util.stream.IntStream", "sequential", "");
        member("java.util.Arrays", "parallelSort", "int[]", "a kata call runs on one thread; parallel sorting runs on others");
        allowedMember("java.util.Arrays", "sort", "int[]");
        member("java.util.Locale", "setDefault", "java.util.Locale", "it changes the JVM's defaults");
        allowedMember("java.util.Locale", "getDefault", "");
        member("java.nio.charset.Charset", "forName", "java.lang.String",
                "it looks charset providers up by name (use StandardCharsets)");
        allowedMember("java.nio.charset.Charset", "name", "");
        member("java.util.random.RandomGenerator", "of", "java.lang.String", "it loads classes by name");
        allowedMember("java.util.random.RandomGenerator", "nextInt", "int,int");
    }

    @Test
    void aMemberLineBeatsItsTypeLineEitherWay() {
        allowedMember("java.lang.Thread", "sleep", "long");
        allowedMember("java.lang.Thread", "currentThread", "");
        allowedMember("java.lang.Thread", "getName", "");
        member("java.lang.Thread", "start", "", "a kata call runs on one thread; this creates or controls threads");
        member("java.lang.Thread", "interrupt", "", "a kata call runs on one thread; this creates or controls threads");
        member("java.lang.Thread", "getContextClassLoader", "", "it reaches a class loader");
        allowedMember("java.lang.Class", "getName", "");
        allowedMember("java.lang.Class", "isInstance", "java.lang.Object");
        member("java.lang.Class", "forName", "java.lang.String", "reflection");
        member("java.lang.Class", "getDeclaredFields", "", "reflection");
        member("java.lang.Class", "getClassLoader", "", "reflection");
        type("java.lang.Class", "reflection");
    }

    @Test
    void aMemberLineIsForItsTypeNotItsNestedTypes() {
        member("java.lang.Thread.State", "sleep", "long", "a kata call runs on one thread; this creates or controls threads");
        // deny java.lang.System#exit is about System.exit only
        allowedMember("java.util.Optional", "exit", "int");
    }

    @Test
    void aMemberLineWithParametersMatchesThoseParametersOnly() {
        member("java.io.PrintStream", "<init>", "java.lang.String", "it writes a file");
        member("java.io.PrintStream", "<init>", "java.lang.String,java.nio.charset.Charset", "it writes a file");
        member("java.io.PrintStream", "<init>", "java.io.File", "it writes a file");
        allowedMember("java.io.PrintStream", "<init>", "java.io.OutputStream");
        allowedMember("java.io.PrintStream", "<init>", "java.io.OutputStream,boolean,java.lang.String");
        allowedMember("java.io.PrintStream", "println", "java.lang.String");
        member("java.util.Formatter", "<init>", "java.lang.String", "it writes a file");
        allowedMember("java.util.Formatter", "<init>", "java.lang.Appendable");
        member("java.util.concurrent.ConcurrentHashMap", "forEach", "long,java.util.function.BiConsumer",
                "a kata call runs on one thread; this runs tasks on others");
        allowedMember("java.util.concurrent.ConcurrentHashMap", "forEach", "java.util.function.BiConsumer");
    }

    @Test
    void aPackageLineCoversItsTypesAndTheirNestedTypesButNotSubpackages() {
        allowedType("java.util.Map.Entry");
        allowedType("java.util.AbstractMap.SimpleEntry");
        type("java.util.concurrent.Semaphore", OTHERWISE);
        type("java.util.jar.JarFile", OTHERWISE);
        type("java.util.function.spi.Nothing", OTHERWISE);
        allowedType("java.util.function.Supplier");
    }

    @Test
    void aPackageTreeLineCoversSubpackagesAndAMoreSpecificLineBeatsIt() {
        allowedType("java.time.chrono.JapaneseDate");
        allowedType("java.time.zone.ZoneRules");
        type("java.time.zone.ZoneRulesProvider", "it registers and reloads the JVM's time-zone providers");
        type("java.net.spi.URLStreamHandlerProvider", "network access");
        type("java.netty.Channel", OTHERWISE);
        type("javax.net.ssl.SSLSocket", "network access");
    }

    @Test
    void aNestedTypesOwnLineBeatsItsEnclosingTypes() {
        allowedMember("java.util.random.RandomGenerator.SplittableGenerator", "split", "");
        member("java.util.random.RandomGenerator.SplittableGenerator", "of", "java.lang.String", "it loads classes by name");
    }

    /** Every line of solution-api.txt, asked about its own target, gives its own verdict. */
    @TestFactory
    Stream<DynamicTest> everyLineOfThePolicyFileTakesEffect() throws IOException {
        List<String> lines = policyLines();
        assertTrue(lines.size() > 150, "the policy has its rules: " + lines.size());
        return lines.stream().filter(line -> !line.startsWith("otherwise")).map(line -> DynamicTest.dynamicTest(line, () -> {
            String[] parts = line.split("\\s+", 3);
            String target = parts[1];
            Optional<String> expected = parts[0].equals("allow") ? Optional.empty() : Optional.of(parts[2]);
            if (target.endsWith(".**")) {
                String pkg = target.substring(0, target.length() - 3);
                assertEquals(expected, POLICY.decide(new SolutionPolicy.Api(pkg, pkg + ".SomeType", null, null)), line);
                assertEquals(expected, POLICY.decide(new SolutionPolicy.Api(pkg + ".sub", pkg + ".sub.SomeType", null, null)),
                        line + " (a subpackage)");
            } else if (target.endsWith(".*")) {
                String pkg = target.substring(0, target.length() - 2);
                assertEquals(expected, POLICY.decide(new SolutionPolicy.Api(pkg, pkg + ".SomeType", null, null)), line);
            } else if (!target.contains("#")) {
                if (parts[0].equals("members")) {
                    allowedType(target);
                    member(target, "someMember", "", parts[2]);
                } else {
                    assertEquals(expected, POLICY.forbidsType(target), line);
                }
            } else {
                String owner = target.substring(0, target.indexOf('#'));
                String member = target.substring(target.indexOf('#') + 1);
                String parameters = "java.lang.Object";
                if (member.contains("(")) {
                    parameters = member.substring(member.indexOf('(') + 1, member.length() - 1);
                    member = member.substring(0, member.indexOf('('));
                }
                assertEquals(expected, POLICY.forbidsMember(owner, member, parameters), line);
            }
        }));
    }

    /**
     * Every type and member the policy names exists in the JDK that submissions compile against
     * ({@code --release 17}): a typo would silently allow or deny nothing.
     */
    @Test
    void everyTypeAndMemberThePolicyNamesExistsInJava17() throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        JavaFileObject empty = new SimpleJavaFileObject(URI.create("string:///Empty.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return "class Empty { }";
            }
        };
        JavacTask task = (JavacTask) javac.getTask(Writer.nullWriter(), null, null, List.of("--release", "17", "-proc:none"),
                null, List.of(empty));
        task.analyze();
        Elements elements = task.getElements();
        Types types = task.getTypes();
        List<String> missing = new ArrayList<>();
        for (String line : policyLines()) {
            String target = line.split("\\s+", 3)[1];
            if (line.startsWith("otherwise")) {
                continue;
            }
            if (target.endsWith("*")) {
                String pkg = target.substring(0, target.indexOf(".*"));
                boolean exists = elements.getPackageElement(pkg) != null || target.endsWith(".**")
                        && elements.getAllModuleElements().stream().flatMap(m -> m.getEnclosedElements().stream())
                        .anyMatch(p -> p.toString().startsWith(pkg + "."));
                if (!exists) {
                    missing.add(line);
                }
                continue;
            }
            String typeName = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
            TypeElement type = elements.getTypeElement(typeName);
            if (type == null) {
                missing.add(line);
                continue;
            }
            if (target.contains("#")) {
                String member = target.substring(target.indexOf('#') + 1);
                String parameters = member.contains("(") ? member.substring(member.indexOf('(') + 1, member.length() - 1) : null;
                String name = member.contains("(") ? member.substring(0, member.indexOf('(')) : member;
                boolean found = false;
                for (Element element : type.getEnclosedElements()) {
                    boolean sameName = name.equals("<init>") ? element.getKind() == ElementKind.CONSTRUCTOR
                            : element.getSimpleName().contentEquals(name);
                    if (sameName && (parameters == null || element instanceof ExecutableElement method
                            && parameters.equals(method.getParameters().stream()
                            .map(p -> types.erasure(p.asType()).toString()).collect(Collectors.joining(","))))) {
                        found = true;
                    }
                }
                if (!found) {
                    missing.add(line);
                }
            }
        }
        assertEquals(List.of(), missing, "lines naming what Java 17 does not have");
    }

    private static List<String> policyLines() throws IOException {
        List<String> lines = new ArrayList<>();
        try (InputStream in = SolutionPolicy.class.getResourceAsStream(SolutionPolicy.RESOURCE)) {
            assertNotNull(in, SolutionPolicy.RESOURCE + " next to SolutionPolicy");
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String text = line.strip();
                if (!text.isEmpty() && !text.startsWith("#")) {
                    lines.add(text);
                }
            }
        }
        return lines;
    }
}

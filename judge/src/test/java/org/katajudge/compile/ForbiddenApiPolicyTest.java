package org.katajudge.compile;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link ForbiddenApiPolicy#standard()} asked directly: which rule decides, and with what reason. */
class ForbiddenApiPolicyTest {

    private static final ForbiddenApiPolicy POLICY = ForbiddenApiPolicy.standard();

    private static void assertDenied(String why, Optional<String> decision, String what) {
        assertEquals(Optional.of(why), decision, what + " must be denied");
    }

    private static void assertAllowed(Optional<String> decision, String what) {
        assertEquals(Optional.empty(), decision, what + " must be allowed");
    }

    private static void type(String type, String why) {
        assertDenied(why, POLICY.forbidsType(type), type);
    }

    private static void allowedType(String type) {
        assertAllowed(POLICY.forbidsType(type), type);
    }

    private static void member(String owner, String member, String parameters, String why) {
        assertDenied(why, POLICY.forbidsMember(owner, member, parameters), owner + "#" + member + "(" + parameters + ")");
    }

    private static void allowedMember(String owner, String member, String parameters) {
        assertAllowed(POLICY.forbidsMember(owner, member, parameters), owner + "#" + member + "(" + parameters + ")");
    }

    @Test
    void theStandardPolicyIsLoadedOnce() {
        assertSame(ForbiddenApiPolicy.standard(), ForbiddenApiPolicy.standard());
    }

    @Test
    void everydayTypesAreAllowed() {
        for (String type : List.of("java.lang.String", "java.lang.Math", "java.lang.StringBuilder", "java.lang.Integer",
                "java.lang.Object", "java.lang.System", "java.lang.Runtime", "java.util.List", "java.util.HashMap",
                "java.util.stream.Stream", "java.util.stream.IntStream", "java.util.concurrent.atomic.AtomicInteger",
                "java.util.concurrent.ConcurrentHashMap", "java.io.PrintStream", "java.io.IOException",
                "java.nio.charset.StandardCharsets", "java.nio.ByteBuffer", "java.math.BigInteger", "java.util.Formatter",
                "java.lang.Record", "java.lang.Enum", "SquareColor", "SquareColor.Helper")) {
            allowedType(type);
        }
    }

    @Test
    void aClassRuleCoversTheClassAndItsNestedClassesOnly() {
        type("java.lang.Thread", "creating or controlling threads");
        type("java.lang.Thread.State", "creating or controlling threads");
        type("java.lang.Thread.UncaughtExceptionHandler", "creating or controlling threads");
        allowedType("java.lang.ThreadLocal");
        allowedType("java.lang.InheritableThreadLocal");
        allowedType("java.util.concurrent.ThreadLocalRandom");
        type("java.lang.ThreadGroup", "controlling threads");

        type("java.lang.Process", "controlling processes");
        type("java.lang.ProcessBuilder", "starting processes");
        type("java.lang.ProcessBuilder.Redirect", "starting processes");
        type("java.lang.ProcessHandle", "seeing or signalling processes");
        type("java.lang.ProcessHandle.Info", "seeing or signalling processes");

        type("java.lang.Class", "reflection");
        allowedType("java.lang.ClassCastException");
        allowedType("java.lang.ClassValue");
        type("java.lang.ClassLoader", "class loading");

        type("java.io.File", "files");
        allowedType("java.io.FileNotFoundException");
        allowedType("java.io.FilterInputStream");
        type("java.io.FileWriter", "files");
        type("java.io.FileDescriptor", "files and standard descriptors");

        type("java.util.concurrent.Executor", "running tasks on threads");
        type("java.util.concurrent.Executors", "creating threads");
        type("java.util.concurrent.ExecutorService", "running tasks on threads");
    }

    @Test
    void aClassRuleCoversEveryMemberOfTheClass() {
        member("java.lang.Thread", "<init>", "java.lang.Runnable", "creating or controlling threads");
        member("java.lang.Thread", "start", "", "creating or controlling threads");
        member("java.lang.Thread", "MAX_PRIORITY", null, "creating or controlling threads");
        member("java.lang.Thread.State", "valueOf", "java.lang.String", "creating or controlling threads");
        member("java.lang.ProcessBuilder", "start", "", "starting processes");
        member("java.io.File", "separator", null, "files");
        member("java.lang.Class", "forName", "java.lang.String", "reflection");
        member("java.lang.Class", "getMethod", "java.lang.String,java.lang.Class[]", "reflection");
    }

    @Test
    void anAllowedMemberBeatsItsDeniedClass() {
        allowedMember("java.lang.Thread", "sleep", "long");
        allowedMember("java.lang.Thread", "sleep", "long,int");
        allowedMember("java.lang.Thread", "onSpinWait", "");
        allowedMember("java.lang.Thread", "yield", "");
        allowedMember("java.lang.Thread", "currentThread", "");
        allowedMember("java.lang.Thread", "interrupted", "");
        allowedMember("java.lang.Thread", "isInterrupted", "");
        allowedMember("java.lang.Thread", "getName", "");
        allowedMember("java.lang.Thread", "getStackTrace", "");
        member("java.lang.Thread", "interrupt", "", "creating or controlling threads");
        member("java.lang.Thread", "setDaemon", "boolean", "creating or controlling threads");

        allowedMember("java.lang.Class", "getName", "");
        allowedMember("java.lang.Class", "getSimpleName", "");
        allowedMember("java.lang.Class", "isInstance", "java.lang.Object");
        allowedMember("java.lang.Class", "cast", "java.lang.Object");
        member("java.lang.Class", "getDeclaredFields", "", "reflection");
        member("java.lang.Class", "getClassLoader", "", "reflection");
    }

    @Test
    void anAllowRuleOnAMemberDoesNotReachNestedClasses() {
        member("java.lang.Thread.State", "sleep", "long", "creating or controlling threads");
    }

    @Test
    void aDeniedMemberBeatsItsDeniedClassWithItsOwnReason() {
        member("java.lang.Thread", "getContextClassLoader", "", "class loading");
    }

    @Test
    void aMemberRuleCoversEveryOverloadButNoOtherMember() {
        member("java.lang.System", "exit", "int", "exiting the JVM");
        member("java.lang.System", "getenv", "", "reading the environment");
        member("java.lang.System", "getenv", "java.lang.String", "reading the environment");
        member("java.lang.System", "setOut", "java.io.PrintStream", "replacing standard streams");
        member("java.lang.System", "setIn", "java.io.InputStream", "replacing standard streams");
        allowedMember("java.lang.System", "out", null);
        allowedMember("java.lang.System", "err", null);
        allowedMember("java.lang.System", "nanoTime", "");
        allowedMember("java.lang.System", "arraycopy", "java.lang.Object,int,java.lang.Object,int,int");
        allowedMember("java.lang.System", "lineSeparator", "");

        member("java.lang.Runtime", "exec", "java.lang.String", "starting processes");
        member("java.lang.Runtime", "exec", "java.lang.String[],java.lang.String[],java.io.File", "starting processes");
        member("java.lang.Runtime", "halt", "int", "halting the JVM");
        member("java.lang.Runtime", "exit", "int", "exiting the JVM");
        allowedMember("java.lang.Runtime", "getRuntime", "");
        allowedMember("java.lang.Runtime", "availableProcessors", "");
    }

    @Test
    void aMemberRuleIsForTheDeclaringClassNotItsNestedClasses() {
        // deny java.lang.System#exit is about System.exit, not about a member of that name elsewhere
        allowedMember("java.lang.System.Logger", "exit", "int");
        allowedMember("java.lang.SystemExit", "exit", "int");
    }

    @Test
    void aMemberRuleWithParametersMatchesThoseParametersOnly() {
        member("java.io.PrintStream", "<init>", "java.lang.String", "writing a file");
        member("java.io.PrintStream", "<init>", "java.lang.String,java.lang.String", "writing a file");
        member("java.io.PrintStream", "<init>", "java.lang.String,java.nio.charset.Charset", "writing a file");
        allowedMember("java.io.PrintStream", "<init>", "java.io.OutputStream");
        allowedMember("java.io.PrintStream", "<init>", "java.io.OutputStream,boolean");
        allowedMember("java.io.PrintStream", "<init>", "java.io.OutputStream,boolean,java.lang.String");
        allowedMember("java.io.PrintStream", "println", "java.lang.String");
        allowedMember("java.io.PrintStream", "<init>", null);

        member("java.io.PrintWriter", "<init>", "java.lang.String", "writing a file");
        allowedMember("java.io.PrintWriter", "<init>", "java.io.Writer");
        member("java.util.Formatter", "<init>", "java.lang.String", "writing a file");
        member("java.util.Formatter", "<init>", "java.lang.String,java.lang.String,java.util.Locale", "writing a file");
        allowedMember("java.util.Formatter", "<init>", "");
        allowedMember("java.util.Formatter", "<init>", "java.lang.Appendable");
        allowedMember("java.util.Formatter", "format", "java.lang.String,java.lang.Object[]");
    }

    @Test
    void parallelStreamsAndSortsAreDeniedButTheirSequentialKinAllowed() {
        member("java.util.Collection", "parallelStream", "", "parallel streams run on threads");
        member("java.util.stream.BaseStream", "parallel", "", "parallel streams run on threads");
        member("java.util.stream.Stream", "parallel", "", "parallel streams run on threads");
        member("java.util.stream.IntStream", "parallel", "", "parallel streams run on threads");
        member("java.util.stream.LongStream", "parallel", "", "parallel streams run on threads");
        member("java.util.stream.DoubleStream", "parallel", "", "parallel streams run on threads");
        member("java.util.Arrays", "parallelSort", "int[]", "parallel sorting runs on threads");
        member("java.util.Arrays", "parallelSetAll", "int[],java.util.function.IntUnaryOperator",
                "parallel operations run on threads");
        allowedMember("java.util.Collection", "stream", "");
        allowedMember("java.util.stream.BaseStream", "sequential", "");
        allowedMember("java.util.stream.IntStream", "sum", "");
        allowedMember("java.util.Arrays", "sort", "int[]");
        allowedMember("java.util.Arrays", "setAll", "int[],java.util.function.IntUnaryOperator");
    }

    @Test
    void aPackagePrefixCoversItsPackageAndSubpackages() {
        type("java.net.Socket", "network access");
        type("java.net.URL", "network access");
        type("java.net.http.HttpClient", "network access");
        type("java.nio.file.Files", "files");
        type("java.nio.file.Path", "files");
        type("java.nio.file.attribute.PosixFilePermission", "files");
        type("java.nio.channels.FileChannel", "files and sockets");
        type("java.lang.reflect.Method", "reflection");
        type("java.lang.invoke.MethodHandles", "reflection (method handles)");
        type("java.lang.invoke.MethodHandles.Lookup", "reflection (method handles)");
        type("sun.misc.Unsafe", "JDK internals");
        type("jdk.internal.misc.Unsafe", "JDK internals");
        type("com.sun.net.httpserver.HttpServer", "JDK internals");
        type("java.lang.management.ManagementFactory", "JVM management");
        type("javax.management.MBeanServer", "JVM management");
        type("java.sql.DriverManager", "databases");
        type("java.util.prefs.Preferences", "preferences stored on disk");
        member("java.net.URI", "create", "java.lang.String", "network access");
        member("java.nio.file.Files", "readString", "java.nio.file.Path", "files");
    }

    @Test
    void aPackagePrefixIsAPackageNotAPrefixOfAName() {
        allowedType("java.nio.ByteBuffer");
        allowedType("java.nio.charset.Charset");
        allowedType("java.lang.Runnable");
        allowedType("java.sqlish.Thing");
        allowedType("sunny.Day");
        allowedType("javax.crypto.Cipher");
    }

    @Test
    void aClassRuleBeatsTheRuleOfItsPackage() {
        // java.net.* says "network access", java.net.URLClassLoader says "class loading"
        type("java.net.URLClassLoader", "class loading");
        type("java.net.URLConnection", "network access");
    }

    /** Each line of forbidden-apis.txt, asked about its own target, gives its own verdict. */
    @TestFactory
    Stream<DynamicTest> everyLineOfThePolicyFileTakesEffect() throws IOException {
        List<String> lines = new ArrayList<>();
        try (InputStream in = ForbiddenApiPolicy.class.getResourceAsStream("forbidden-apis.txt")) {
            assertNotNull(in, "forbidden-apis.txt next to ForbiddenApiPolicy");
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String text = line.strip();
                if (!text.isEmpty() && !text.startsWith("#")) {
                    lines.add(text);
                }
            }
        }
        assertTrue(lines.size() > 100, "the policy has its rules: " + lines.size());
        return lines.stream().map(line -> DynamicTest.dynamicTest(line, () -> {
            String[] parts = line.split("\\s+", 3);
            assertTrue(parts[0].equals("deny") || parts[0].equals("allow"), line);
            Optional<String> expected = parts[0].equals("allow") ? Optional.empty() : Optional.of(parts[2]);
            String target = parts[1];
            Optional<String> actual;
            if (target.endsWith(".*")) {
                actual = POLICY.forbidsType(target.substring(0, target.length() - 1) + "SomeType");
            } else if (!target.contains("#")) {
                actual = POLICY.forbidsType(target);
            } else {
                String owner = target.substring(0, target.indexOf('#'));
                String member = target.substring(target.indexOf('#') + 1);
                String parameters = "java.lang.Object";
                if (member.contains("(")) {
                    parameters = member.substring(member.indexOf('(') + 1, member.length() - 1);
                    member = member.substring(0, member.indexOf('('));
                }
                actual = POLICY.forbidsMember(owner, member, parameters);
            }
            assertEquals(expected, actual, line);
        }));
    }
}

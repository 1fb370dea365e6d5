package org.katajudge.compile.worker;

import org.junit.jupiter.api.Test;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.SourceFile;
import org.katajudge.compile.SubmissionCompiler;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The compiler worker's JVM: started so that its compiler reuses javac's context, and correct without it. */
class WorkerProcessTest {

    @Test
    void theWorkerIsStartedWithTheExportsThatLetItsCompilerReuseJavacsContext() {
        List<String> command = WorkerProcess.command(CompileLimits.DEFAULT);
        int classPath = command.indexOf("-cp");
        assertTrue(classPath > 0, command::toString);
        assertEquals(SubmissionCompiler.REUSE_JVM_OPTIONS, List.of("--add-exports",
                "jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED", "--add-exports",
                "jdk.compiler/com.sun.tools.javac.code=ALL-UNNAMED", "--add-exports",
                "jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED"));
        int exports = command.indexOf(SubmissionCompiler.REUSE_JVM_OPTIONS.get(1)) - 1;
        assertEquals(SubmissionCompiler.REUSE_JVM_OPTIONS,
                command.subList(exports, exports + SubmissionCompiler.REUSE_JVM_OPTIONS.size()));
        assertTrue(exports < classPath, "JVM options, before the class path and main class: " + command);
    }

    @Test
    void aWorkerWithoutThemCompilesTheSameWithAFreshTaskEachTime() throws Exception {
        List<String> command = WorkerProcess.command(CompileLimits.DEFAULT);
        List<String> withoutExports = new ArrayList<>(command);
        withoutExports.removeAll(SubmissionCompiler.REUSE_JVM_OPTIONS);
        assertEquals(command.size() - SubmissionCompiler.REUSE_JVM_OPTIONS.size(), withoutExports.size());
        List<WorkerWire.Request> requests = List.of(
                new WorkerWire.Request(List.of(new SourceFile("SquareColor.java", CompilerPoolTest.PARITY)),
                        CompilerPoolTest.SQUARE_COLOR, true),
                new WorkerWire.Request(List.of(new SourceFile("SquareColor.java", """
                        public class SquareColor {
                            enum Colour { LIGHT, DARK }
                            record Square(int file, int rank) { }
                            public static boolean isLight(String coordinate) {
                                Square s = new Square(coordinate.charAt(0) - 'a', coordinate.charAt(1) - '1');
                                Colour c = (s.file() + s.rank()) % 2 == 1 ? Colour.LIGHT : Colour.DARK;
                                switch (c) { case LIGHT: return true; default: return false; }
                            }
                        }
                        """)), CompilerPoolTest.SQUARE_COLOR, true),
                new WorkerWire.Request(List.of(new SourceFile("SquareColor.java", "public class SquareColor { }")),
                        CompilerPoolTest.SQUARE_COLOR, true));
        try (WorkerProcess reusing = WorkerProcess.start(CompileLimits.DEFAULT, command);
             WorkerProcess fresh = WorkerProcess.start(CompileLimits.DEFAULT, withoutExports)) {
            for (int round = 0; round < 2; round++) {
                for (WorkerWire.Request request : requests) {
                    assertSame(fresh.compile(request, CompileLimits.DEFAULT.wallTime()),
                            reusing.compile(request, CompileLimits.DEFAULT.wallTime()));
                }
            }
        }
    }

    private static void assertSame(Compilation expected, Compilation actual) {
        assertEquals(expected.getClass(), actual.getClass(), actual::toString);
        if (expected instanceof Compilation.Compiled compiled) {
            Map<String, byte[]> classes = assertInstanceOf(Compilation.Compiled.class, actual).classes();
            assertEquals(compiled.classes().keySet(), classes.keySet());
            compiled.classes().forEach((name, bytes) -> assertArrayEquals(bytes, classes.get(name), name));
            assertFalse(classes.isEmpty());
        } else {
            assertEquals(expected, actual);
        }
    }
}

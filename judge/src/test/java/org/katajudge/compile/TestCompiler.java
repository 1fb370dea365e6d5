package org.katajudge.compile;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * One {@link SubmissionCompiler} for every compile test in this JVM (javac and its platform
 * classes warm up once), with helpers that compile chess-square-color sources and say what came
 * back when an assertion fails.
 */
final class TestCompiler {

    static final SubmissionCompiler COMPILER = new SubmissionCompiler(SolutionPolicy.standard());

    static final Kata SQUARE_COLOR = kata("chess-square-color");

    private TestCompiler() {
    }

    static Kata kata(String id) {
        return Katas.byId(id).orElseThrow(() -> new AssertionError("no kata " + id));
    }

    /** Compiles {@code SquareColor.java} against chess-square-color, with the policy on. */
    static Compilation squareColor(String source) {
        return compile(SQUARE_COLOR, new SourceFile("SquareColor.java", source));
    }

    static Compilation compile(Kata kata, SourceFile... sources) {
        return COMPILER.compile(List.of(sources), kata.className(), kata.entryPoints(), true);
    }

    static Compilation compile(String className, List<EntryPoint> entryPoints, SourceFile... sources) {
        return COMPILER.compile(List.of(sources), className, entryPoints, true);
    }

    static Compilation.Compiled assertCompiled(Compilation compilation) {
        if (!(compilation instanceof Compilation.Compiled compiled)) {
            return fail("expected Compiled, got " + describe(compilation));
        }
        return compiled;
    }

    static Compilation.Failed assertFailed(Compilation compilation) {
        if (!(compilation instanceof Compilation.Failed failed)) {
            return fail("expected Failed, got " + describe(compilation));
        }
        assertTrue(!failed.errors().isEmpty(), "a failure says why");
        return failed;
    }

    static Compilation.Rejected assertRejected(Compilation compilation) {
        if (!(compilation instanceof Compilation.Rejected rejected)) {
            return fail("expected Rejected, got " + describe(compilation));
        }
        assertTrue(!rejected.violations().isEmpty(), "a rejection says why");
        return rejected;
    }

    /** The text of the one error of a signature failure (which may be placed at the class or method it is about). */
    static String signatureProblem(Compilation compilation) {
        Compilation.Failed failed = assertFailed(compilation);
        assertEquals(1, failed.errors().size(), () -> "one message: " + failed.errors());
        return failed.errors().get(0).message();
    }

    /** The single violation of a rejected compilation. */
    static PolicyViolation onlyViolation(Compilation compilation) {
        Compilation.Rejected rejected = assertRejected(compilation);
        assertEquals(1, rejected.violations().size(), () -> "exactly one violation: " + rejected.violations());
        return rejected.violations().get(0);
    }

    /** The 1-based number of the (single) line of {@code source} that contains {@code marker}. */
    static long lineOf(String source, String marker) {
        List<String> lines = source.lines().toList();
        long found = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                if (found > 0) {
                    throw new IllegalArgumentException("marker " + marker + " on two lines");
                }
                found = i + 1;
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException("no marker " + marker + " in\n" + source);
        }
        return found;
    }

    /** The 1-based column of the first occurrence of {@code text} on line {@code line}. */
    static long columnOf(String source, long line, String text) {
        String lineText = source.lines().skip(line - 1).findFirst().orElseThrow();
        int index = lineText.indexOf(text);
        if (index < 0) {
            throw new IllegalArgumentException(text + " is not on line " + line + ": " + lineText);
        }
        return index + 1;
    }

    static String describe(Compilation compilation) {
        if (compilation instanceof Compilation.Compiled compiled) {
            return "Compiled " + compiled.classes().keySet() + " warnings " + compiled.warnings();
        }
        if (compilation instanceof Compilation.Failed failed) {
            return "Failed:\n" + failed.errors().stream().map(CompilerMessage::toString).collect(Collectors.joining("\n"));
        }
        Compilation.Rejected rejected = (Compilation.Rejected) compilation;
        return "Rejected:\n" + rejected.violations().stream().map(PolicyViolation::toString)
                .collect(Collectors.joining("\n"));
    }
}

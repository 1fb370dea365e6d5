package org.katajudge.compile;

import org.junit.jupiter.api.Test;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.compile.TestCompiler.SQUARE_COLOR;

/**
 * On a JDK 17 submissions compile against the running JDK ({@code -source 17 -target 17}) instead
 * of {@code --release 17}, which opens the JDK's ct.sym for every task: the same platform, so the
 * same outcome, messages and class bytes, for every sample, every hostile source, and sources
 * reaching for what the two could differ on (JDK internals, incubating, desktop and removed APIs).
 */
class PlatformOptionsTest {

    private static final SubmissionCompiler RELEASE =
            new SubmissionCompiler(SolutionPolicy.standard(), false, SubmissionCompiler.RELEASE_17);
    private static final SubmissionCompiler RUNNING =
            new SubmissionCompiler(SolutionPolicy.standard(), false, SubmissionCompiler.RUNNING_JDK_17);

    @Test
    void onAJdk17TheRunningJdkIsThePlatformElsewhereTheRelease() {
        assertEquals(Runtime.version().feature() == 17 ? SubmissionCompiler.RUNNING_JDK_17 : SubmissionCompiler.RELEASE_17,
                SubmissionCompiler.platformOptions());
    }

    @Test
    void everySampleAndHostileSourceCompilesAlike() throws IOException {
        assertTrue(Runtime.version().feature() == 17, "the two are the same platform on a JDK 17 only");
        List<ReusedJavacTest.Submission> all = new ArrayList<>(ReusedJavacTest.submissions(TestHome.submissions(), null));
        all.addAll(ReusedJavacTest.submissions(TestHome.root().resolve("judge/src/test/resources/hostile/chess-square-color"), SQUARE_COLOR));
        assertTrue(all.size() >= 90, "samples and hostile sources: " + all.size());
        assertAlike(all);
    }

    @Test
    void whatTheTwoPlatformsCouldDifferOnCompilesAlike() {
        List<String> bodies = List.of(
                "int n = sun.misc.Unsafe.ADDRESS_SIZE;",                          // jdk.unsupported, exported
                "Object o = jdk.internal.misc.Unsafe.getUnsafe();",               // java.base, not exported
                "com.sun.tools.javac.api.JavacTaskPool pool = null;",             // jdk.compiler, not exported
                "com.sun.source.util.JavacTask task = null;",                     // jdk.compiler, exported
                "jdk.incubator.foreign.MemorySegment segment = null;",            // incubating in 17
                "javax.swing.JFrame frame = null; java.sql.Connection c = null;", // other Java SE modules
                "jdk.jfr.Event event = null;",
                "Integer i = new Integer(3); Thread.currentThread().stop();",     // deprecated for removal
                "var f = java.util.HexFormat.of(); var r = java.util.random.RandomGenerator.getDefault();",
                "Object o = java.lang.Compiler.class;");                          // removed in 21, there in 17
        List<ReusedJavacTest.Submission> sources = new ArrayList<>();
        for (int i = 0; i < bodies.size(); i++) {
            sources.add(new ReusedJavacTest.Submission("body " + i, SQUARE_COLOR, List.of(new SourceFile("SquareColor.java", """
                    public class SquareColor {
                        public static boolean isLight(String coordinate) {
                            %s
                            return coordinate.length() == 2;
                        }
                    }
                    """.formatted(bodies.get(i))))));
        }
        assertAlike(sources);
    }

    private static void assertAlike(List<ReusedJavacTest.Submission> submissions) {
        List<String> differences = new ArrayList<>();
        for (ReusedJavacTest.Submission submission : submissions) {
            String release = ReusedJavacTest.summary(submission.compileWith(RELEASE));
            String running = ReusedJavacTest.summary(submission.compileWith(RUNNING));
            if (!release.equals(running)) {
                differences.add(submission.name() + ":\n--release 17:\n" + release + "-source/-target 17:\n" + running);
            }
        }
        assertEquals(List.of(), differences);
    }
}

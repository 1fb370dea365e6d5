package org.katajudge.sandbox;

import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.STRING;
import static org.katajudge.sandbox.SandboxFixtures.CLASS;
import static org.katajudge.sandbox.SandboxFixtures.SMALL;
import static org.katajudge.sandbox.SandboxFixtures.describe;
import static org.katajudge.sandbox.SandboxFixtures.method;

/** A LoadRequest the submission's classes cannot satisfy is the submission's fault, reported as such. */
@Isolated("checks that no process a test starts outlives its child: nothing else may start processes meanwhile")
class SubmissionLoadTest {

    private static final String SOURCE = """
            public class Hostile {
                public static int ok(int x) { return x; }

                public int notStatic(int x) { return x; }
            }
            """;

    private static final LoadRequest.Method OK = method("ok", INT, INT);
    private static final Map<String, byte[]> CLASSES = SandboxFixtures.compile(SOURCE, OK);

    private static SubmissionLoadException loadFails(LoadRequest request) {
        SandboxLauncher launcher = SandboxFixtures.strongest(SMALL);
        try {
            launcher.open(request, false).close();
            return fail("the session opened");
        } catch (SubmissionLoadException e) {
            return e;
        } catch (SandboxException e) {
            // the child writes LOAD_FAILED and exits at once: its last frame must still be read
            throw new AssertionError("expected SubmissionLoadException, got " + e, e);
        }
    }

    private Set<Long> before;

    @BeforeEach
    void noteTheProcessesBefore() {
        before = SandboxFixtures.descendants();
    }

    @AfterEach
    void theChildIsGone() {
        List<ProcessHandle> left = SandboxFixtures.descendantsAfter(before, Duration.ofSeconds(3));
        assertTrue(left.isEmpty(), () -> "a failed load left " + describe(left));
    }

    @Test
    void aMethodTheClassLacks() {
        SubmissionLoadException e = loadFails(new LoadRequest(CLASS, CLASSES, List.of(OK, method("missing", INT, INT))));
        assertTrue(e.getMessage().contains("missing"), e.getMessage());
    }

    @Test
    void aMethodWithOtherParameterTypes() {
        SubmissionLoadException e = loadFails(new LoadRequest(CLASS, CLASSES, List.of(method("ok", INT, STRING))));
        assertTrue(e.getMessage().contains("ok"), e.getMessage());
    }

    @Test
    void aMethodWithAnotherReturnType() {
        SubmissionLoadException e = loadFails(new LoadRequest(CLASS, CLASSES, List.of(method("ok", STRING, INT))));
        assertEquals("method ok is not public static String", e.getMessage());
    }

    @Test
    void anInstanceMethod() {
        SubmissionLoadException e = loadFails(new LoadRequest(CLASS, CLASSES, List.of(method("notStatic", INT, INT))));
        assertTrue(e.getMessage().contains("notStatic") && e.getMessage().contains("static"), e.getMessage());
    }

    @Test
    void aClassThatIsNotThere() {
        SubmissionLoadException e = loadFails(new LoadRequest("Elsewhere", CLASSES, List.of(OK)));
        assertTrue(e.getMessage().contains("cannot load class Elsewhere"), e.getMessage());
    }

    @Test
    void bytesThatAreNoClass() {
        Map<String, byte[]> garbage = Map.of(CLASS, "not a class file".getBytes(StandardCharsets.UTF_8));
        SubmissionLoadException e = loadFails(new LoadRequest(CLASS, garbage, List.of(OK)));
        assertTrue(e.getMessage().contains("ClassFormatError"), e.getMessage());
    }
}

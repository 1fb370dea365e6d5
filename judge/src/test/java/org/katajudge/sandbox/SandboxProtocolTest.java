package org.katajudge.sandbox;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.katajudge.kata.ValueType;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.BOOLEAN;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.INT_ARRAY;
import static org.katajudge.kata.ValueType.INT_MATRIX;
import static org.katajudge.kata.ValueType.STRING;
import static org.katajudge.sandbox.SandboxFixtures.SMALL;
import static org.katajudge.sandbox.SandboxFixtures.args;
import static org.katajudge.sandbox.SandboxFixtures.callOnce;
import static org.katajudge.sandbox.SandboxFixtures.method;

/**
 * Values go to the child JVM and come back unchanged, whatever their type, size or number, in
 * one long-lived session (the way the fuzzer uses it). One child serves the whole class, under
 * the strongest isolation this machine offers; a short smoke test repeats under each isolation.
 */
class SandboxProtocolTest {

    private static final String ECHO = """
            public class Hostile {
                private static int calls;

                public static boolean echoBoolean(boolean b) { return b; }
                public static int echoInt(int i) { return i; }
                public static String echoString(String s) { return s; }
                public static int[] echoArray(int[] a) { return a; }
                public static int[][] echoMatrix(int[][] m) { return m; }

                /** Every argument as the child received it: order, values and nulls. */
                public static String describe(String s, int i, int[] a, int[][] m, boolean b) {
                    return s + "|" + i + "|" + java.util.Arrays.toString(a) + "|"
                            + java.util.Arrays.deepToString(m) + "|" + b;
                }

                /** Counts calls in this JVM: the same child answers every call of a session. */
                public static int countCall(int unused) { return ++calls; }

                /** Prints its argument, so output goes through the capture as UTF-8. */
                public static String shout(String s) {
                    System.out.println(s);
                    return s + "\\u3000!";
                }
            }
            """;

    private static final LoadRequest.Method[] METHODS = {
            method("echoBoolean", BOOLEAN, BOOLEAN),
            method("echoInt", INT, INT),
            method("echoString", STRING, STRING),
            method("echoArray", INT_ARRAY, INT_ARRAY),
            method("echoMatrix", INT_MATRIX, INT_MATRIX),
            method("describe", STRING, STRING, INT, INT_ARRAY, INT_MATRIX, BOOLEAN),
            method("countCall", INT, INT),
            method("shout", STRING, STRING),
    };
    private static final int ECHO_BOOLEAN = 0;
    private static final int ECHO_INT = 1;
    private static final int ECHO_STRING = 2;
    private static final int ECHO_ARRAY = 3;
    private static final int ECHO_MATRIX = 4;
    private static final int DESCRIBE = 5;
    private static final int COUNT_CALL = 6;
    private static final int SHOUT = 7;

    /** Xiangqi's general, a full-width space, a horse outside the BMP, a combining accent. */
    private static final List<String> STRINGS = List.of("", "a1", "將", "將\u3000帥", "\u3000\u3000",
            "♞🐴", "e\u0301", "line\nbreak\ttab", "quote\"back\\slash", "\u0000nul");

    private static final LoadRequest REQUEST = SandboxFixtures.request(ECHO, METHODS);
    private static SandboxSession session;

    @BeforeAll
    static void openOneChild() {
        session = SandboxFixtures.open(SandboxFixtures.strongest(SMALL.withPerCall(Duration.ofSeconds(2))), REQUEST);
    }

    @AfterAll
    static void closeIt() {
        if (session != null) {
            session.close();
        }
    }

    @Test
    void booleansAndIntsRoundTrip() {
        assertEquals(true, callOnce(session, ECHO_BOOLEAN, true).value());
        assertEquals(false, callOnce(session, ECHO_BOOLEAN, false).value());
        for (int i : new int[] {0, 1, -1, 7, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            assertEquals(i, callOnce(session, ECHO_INT, i).value());
        }
    }

    @Test
    void stringsRoundTripIncludingNonAsciiAndNull() {
        List<Object[]> cases = new ArrayList<>();
        STRINGS.forEach(s -> cases.add(args(s)));
        cases.add(args((Object) null));
        List<CallResult> results = session.call(ECHO_STRING, cases);
        assertEquals(cases.size(), results.size());
        for (int i = 0; i < STRINGS.size(); i++) {
            assertEquals(STRINGS.get(i), results.get(i).value(), "string #" + i);
        }
        assertNull(results.get(STRINGS.size()).value(), "a null String comes back null");
        assertTrue(results.get(STRINGS.size()).returned(), "null is a value, not a failure");
    }

    @Test
    void intArraysRoundTripIncludingEmptyAndNull() {
        int[][] arrays = {{}, {0}, {1, -2, 3}, {Integer.MIN_VALUE, Integer.MAX_VALUE}, new int[1000]};
        for (int[] array : arrays) {
            CallResult result = callOnce(session, ECHO_ARRAY, (Object) array);
            assertArrayEquals(array, (int[]) result.value());
        }
        CallResult nothing = callOnce(session, ECHO_ARRAY, (Object) null);
        assertTrue(nothing.returned());
        assertNull(nothing.value(), "a null int[] (3MC's invalid vector) comes back null");
    }

    @Test
    void intMatricesRoundTripIncludingEmptyRaggedAndNullRows() {
        int[][][] matrices = {
                {},
                {{}},
                {{}, {}, {}},
                {{1, 2, 3}, {4}, {}, {5, 6}},   // ragged
                {{0, 3}, {1, 0}},
                {{7}, null, {8, 9}},            // a null row survives as null
                new int[8][8],
        };
        for (int[][] matrix : matrices) {
            CallResult result = callOnce(session, ECHO_MATRIX, (Object) matrix);
            assertArrayEquals(matrix, (int[][]) result.value(), () -> ValueType.show(matrix));
        }
        assertNull(callOnce(session, ECHO_MATRIX, (Object) null).value());
    }

    @Test
    void severalParametersArriveInOrder() {
        CallResult result = callOnce(session, DESCRIBE, "將\u3000", -5, new int[] {1, 2}, new int[][] {{3}, {}}, true);
        assertEquals("將\u3000|-5|[1, 2]|[[3], []]|true", result.value());
        CallResult nulls = callOnce(session, DESCRIBE, null, 0, null, null, false);
        assertEquals("null|0|null|null|false", nulls.value());
    }

    @Test
    void manyCallsGoToTheSameChild() {
        int before = (int) callOnce(session, COUNT_CALL, 0).value();
        for (int i = 1; i <= 300; i++) {
            CallResult result = callOnce(session, COUNT_CALL, 0);
            assertEquals(before + i, result.value(), "call " + i + " answered by the same JVM, in order");
        }
        assertTrue(session.isOpen());
    }

    @Test
    void aResetLoadsTheSubmissionAnewSoItsStaticStateStartsOver() {
        callOnce(session, COUNT_CALL, 0);
        callOnce(session, COUNT_CALL, 0);
        assertTrue(session.reset(), "the child loads the classes again");
        assertEquals(1, callOnce(session, COUNT_CALL, 0).value(), "a fresh class: the count starts over");
        assertEquals(2, callOnce(session, COUNT_CALL, 0).value());
        assertTrue(session.reset());
        assertEquals(1, callOnce(session, COUNT_CALL, 0).value(), "as often as asked, in the same JVM");
        assertTrue(session.isOpen());
    }

    @Test
    void aBatchOfThousandsOfCasesAnswersEachInOrder() {
        Random random = new Random(42);
        List<Object[]> cases = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            cases.add(args(random.nextInt()));
        }
        List<CallResult> results = session.call(ECHO_INT, cases);
        assertEquals(cases.size(), results.size());
        for (int i = 0; i < cases.size(); i++) {
            assertEquals(cases.get(i)[0], results.get(i).value(), "case " + i);
        }
    }

    @Test
    void aBatchLargerThanAnyPipeBufferDoesNotDeadlock() {
        // ~9 KB each way per case, ~5 MB per batch: far past the 64 KiB of a Linux pipe, in both
        // directions at once. A judge that wrote the whole batch before reading would block
        // forever against a child blocked writing answers.
        List<Object[]> cases = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            cases.add(args(i + ":" + "將".repeat(3000)));
        }
        List<CallResult> results = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> session.call(ECHO_STRING, cases));
        assertEquals(cases.size(), results.size());
        for (int i = 0; i < cases.size(); i++) {
            assertEquals(cases.get(i)[0], results.get(i).value(), "case " + i);
        }
        assertTrue(session.isOpen(), "the session goes on after a large batch");
        assertEquals(7, callOnce(session, ECHO_INT, 7).value());
    }

    @Test
    void outputIsCapturedPerCallAsUtf8() {
        CallResult first = callOnce(session, SHOUT, "將軍");
        CallResult second = callOnce(session, SHOUT, "a\u3000b");
        assertEquals("將軍\u3000!", first.value());
        assertEquals("將軍\n", first.output());
        assertEquals("a\u3000b\n", second.output(), "each call gets only its own output");
        assertEquals("a\u3000b\n".getBytes(StandardCharsets.UTF_8).length,
                second.outputTotal() - first.outputTotal(), "the total counts UTF-8 bytes");
    }

    /** The same round trip under each isolation: the sandboxes must not break encodings or the protocol. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void valuesRoundTripUnderEachIsolation(Isolation isolation) {
        try (SandboxSession child = SandboxFixtures.open(SandboxFixtures.launcher(isolation, SMALL), REQUEST)) {
            List<CallResult> strings = child.call(ECHO_STRING, STRINGS.stream().map(s -> args(s)).toList());
            CallResult matrix = callOnce(child, ECHO_MATRIX, (Object) new int[][] {{1}, {}, {2, 3}});
            CallResult described = callOnce(child, DESCRIBE, "將", 3, null, new int[][] {}, true);
            CallResult shout = callOnce(child, SHOUT, "帥\u3000");
            assertAll(
                    () -> assertEquals(STRINGS, strings.stream().map(CallResult::value).toList()),
                    () -> assertArrayEquals(new int[][] {{1}, {}, {2, 3}}, (int[][]) matrix.value()),
                    () -> assertEquals("將|3|null|[]|true", described.value()),
                    () -> assertEquals("帥\u3000\n", shout.output()),
                    () -> assertTrue(child.isOpen()));
        }
    }

    @Test
    void theDefaultIsTheStrongestIsolationThatWorks() {
        Isolation chosen = SandboxFixtures.strongest(SMALL).isolation();
        for (Isolation stronger : Isolation.values()) {
            if (stronger == chosen) {
                break;
            }
            assertFalse(IsolationProbe.works(stronger), stronger + " works here, yet " + chosen + " was chosen");
        }
        assertTrue(IsolationProbe.works(chosen));
    }
}

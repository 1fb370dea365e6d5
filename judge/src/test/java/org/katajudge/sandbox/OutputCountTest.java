package org.katajudge.sandbox;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.katajudge.sandbox.CallResult.Outcome;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.STRING;
import static org.katajudge.sandbox.SandboxFixtures.SMALL;
import static org.katajudge.sandbox.SandboxFixtures.callOnce;
import static org.katajudge.sandbox.SandboxFixtures.method;

/**
 * Every byte a submission prints counts against the output limit, whatever stream, writer or
 * arguments it uses (issue 19): {@code PrintStream.write(buf, off, len)} hands its arguments on
 * unchecked, and a negative length once lowered the runner's count, so that 20 MiB printed on
 * every call were ACCEPTED. An invalid call throws as the JDK's own streams do and counts
 * nothing. Compiled with the policy off, so that writes to the raw file descriptors are tried too.
 */
@Execution(ExecutionMode.CONCURRENT)
class OutputCountTest {

    private static final String SOURCE = """
            import java.io.PrintStream;
            import java.io.PrintWriter;

            public class Hostile {
                /** {offset, length} of each invalid write: negative, overflowing, past the end. */
                static final int[][] INVALID = {
                        {0, -(1 << 16)},
                        {0, Integer.MIN_VALUE},
                        {Integer.MAX_VALUE, -Integer.MAX_VALUE},
                        {2, Integer.MAX_VALUE - 1},
                        {0, Integer.MAX_VALUE},
                        {-1, 16},
                        {Integer.MAX_VALUE, 1},
                };

                static PrintStream route(int route) {
                    return switch (route) {
                        case 0 -> System.out;
                        case 1 -> System.err;
                        default -> new PrintStream(System.out, true); // a stream of its own around System.out
                    };
                }

                /** Tries invalid write {@code code % 7} through route {@code code / 7}: what was thrown, or "nothing". */
                public static String invalidWrite(int code) {
                    int[] args = INVALID[code % INVALID.length];
                    try {
                        route(code / INVALID.length).write(new byte[1 << 16], args[0], args[1]);
                        return "nothing";
                    } catch (RuntimeException e) {
                        return e.getClass().getName();
                    }
                }

                /**
                 * Prints 20 MiB in blocks of 64 KiB, each followed by every invalid write through
                 * every route (the red team's bypass: the count went back down after each block).
                 */
                public static int floodBetweenInvalidWrites(int x) {
                    byte[] block = new byte[1 << 16];
                    java.util.Arrays.fill(block, (byte) 'x');
                    for (int i = 0; i < 320; i++) {
                        System.out.write(block, 0, block.length);
                        for (int route = 0; route < 3; route++) {
                            for (int[] args : INVALID) {
                                try {
                                    route(route).write(block, args[0], args[1]);
                                } catch (IndexOutOfBoundsException expected) {
                                    // as the JDK's own streams: and nothing was counted
                                }
                            }
                        }
                    }
                    return 1;
                }

                /** Prints ten bytes through one of the ways text reaches the standard output and error. */
                public static int print(int route) {
                    String ten = "0123456789";
                    switch (route) {
                        case 0 -> System.out.print(ten);
                        case 1 -> System.out.println("012345678"); // and a line feed
                        case 2 -> System.out.printf("%s", ten);
                        case 3 -> System.out.format("%d%s", 0, "123456789");
                        case 4 -> System.out.append("01234").append(ten, 5, 10);
                        case 5 -> {
                            for (char c : ten.toCharArray()) {
                                System.out.write(c);
                            }
                        }
                        case 6 -> System.out.write(ten.getBytes(), 0, 10);
                        case 7 -> System.err.print(ten);
                        case 8 -> {
                            PrintWriter writer = new PrintWriter(System.out);
                            writer.print(ten);
                            writer.flush();
                        }
                        case 9 -> new PrintWriter(System.err, true).printf("%s%n", "012345678");
                        case 10 -> System.out.print(ten.toCharArray());
                        default -> new PrintStream(System.out, true).print(ten);
                    }
                    System.out.flush();
                    return route;
                }

                /** With x > 0: 576 KiB through System.out, then as much straight to file descriptor 1; else nothing. */
                public static int halfThroughSystemOutHalfRaw(int x) throws java.io.IOException {
                    if (x <= 0) {
                        return x;
                    }
                    byte[] block = new byte[1 << 16];
                    for (int i = 0; i < 9; i++) {
                        System.out.write(block, 0, block.length);
                    }
                    java.io.FileOutputStream raw = new java.io.FileOutputStream(java.io.FileDescriptor.out);
                    for (int i = 0; i < 9; i++) {
                        raw.write(block);
                    }
                    raw.flush();
                    return x;
                }
            }
            """;

    private static final LoadRequest REQUEST = SandboxFixtures.request(SOURCE,
            method("invalidWrite", STRING, INT),
            method("floodBetweenInvalidWrites", INT, INT),
            method("print", INT, INT),
            method("halfThroughSystemOutHalfRaw", INT, INT));
    private static final int INVALID_WRITE = 0;
    private static final int FLOOD_BETWEEN_INVALID_WRITES = 1;
    private static final int PRINT = 2;
    private static final int HALF_AND_HALF = 3;
    private static final int INVALID_VARIANTS = 7;
    private static final int ROUTES = 3;
    private static final int PRINT_ROUTES = 12;

    private static SandboxSession open(Isolation isolation) {
        return SandboxFixtures.open(SandboxFixtures.launcher(isolation, SMALL.withPerCall(Duration.ofSeconds(5))),
                REQUEST);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void anInvalidWriteThrowsAsTheJdksOwnAndCountsNothing(Isolation isolation) {
        List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
        try (SandboxSession session = open(isolation)) {
            for (int code = 0; code < INVALID_VARIANTS * ROUTES; code++) {
                CallResult result = callOnce(session, INVALID_WRITE, code);
                int variant = code;
                checks.add(() -> assertEquals(Outcome.RETURNED, result.outcome(), "variant " + variant + ": " + result));
                checks.add(() -> assertEquals("java.lang.IndexOutOfBoundsException", result.value(),
                        "variant " + variant + ": " + result));
                checks.add(() -> assertEquals(0, result.outputTotal(), "variant " + variant + " counted: " + result));
                checks.add(() -> assertEquals("", result.output(), "variant " + variant));
            }
        }
        assertAll(checks);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void printingBetweenInvalidWritesIsStillOutputLimit(Isolation isolation) {
        CallResult result;
        try (SandboxSession session = open(isolation)) {
            result = callOnce(session, FLOOD_BETWEEN_INVALID_WRITES, 0);
        }
        assertEquals(Outcome.OUTPUT_LIMIT, result.outcome(), result::toString);
        assertTrue(result.outputTotal() > SMALL.outputBytes(), result::toString);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void everyWayToPrintCountsEachByteOnce(Isolation isolation) {
        List<Long> totals = new ArrayList<>();
        try (SandboxSession session = open(isolation)) {
            for (int route = 0; route < PRINT_ROUTES; route++) {
                CallResult result = callOnce(session, PRINT, route);
                assertEquals(route, result.value(), result::toString);
                assertEquals(10, result.output().length(), () -> "route " + result);
                totals.add(result.outputTotal());
            }
        }
        for (int route = 0; route < PRINT_ROUTES; route++) {
            assertEquals(10L * (route + 1), totals.get(route), "the running count after route " + route + ": " + totals);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Isolation.class)
    void systemOutAndTheRawDescriptorsCountTogether(Isolation isolation) {
        // 576 KiB each way: neither alone passes SMALL's 1 MiB, together they do; the second call prints nothing
        List<CallResult> results;
        try (SandboxSession session = open(isolation)) {
            results = session.call(HALF_AND_HALF, List.of(SandboxFixtures.args(1), SandboxFixtures.args(0)));
        }
        CallResult last = results.get(results.size() - 1);
        assertEquals(Outcome.OUTPUT_LIMIT, last.outcome(), results::toString);
    }
}

package org.katajudge.engine.plan;

import org.katajudge.catalog.Example;
import org.katajudge.kata.EntryPoint;
import org.katajudge.report.TestKind;
import org.katajudge.report.TestOutcome;
import org.katajudge.report.TestOutcome.Status;

/**
 * One test a submission is planned to have. Its {@link #key()} names it in events and in the ids
 * JUnit reports give it ({@code [test:example:g2 to a8]}, which tools use to run a test again):
 * keys are a contract.
 */
public sealed interface PlannedTest {

    /** {@code compile}, {@code example:<name>} or {@code random:<method>}. */
    String key();

    TestKind kind();

    /**
     * Its name after its submission's, as JUnit reports and the server show it:
     * {@code compiles}, {@code example <name>}, {@code random tests of <method>} (or
     * {@code enumerated cases of}), {@code replay of <method>}.
     */
    default String displayName() {
        if (this instanceof ExampleTest example) {
            return "example " + example.example().name();
        }
        if (this instanceof RandomTests random) {
            return (random.entryPoint().smallDomain() ? "enumerated cases of " : "random tests of ")
                    + random.entryPoint().method();
        }
        if (this instanceof ReplayedCalls replay) {
            return "replay of " + replay.entryPoint().method();
        }
        if (this instanceof NoRandomTests none) {
            return "random tests of " + none.entryPoint().method();
        }
        return "compiles";
    }

    /** Its outcome when it never ran, saying why. */
    TestOutcome notRun(String why);

    /** Compiling the submission, checking its policy and its class's declarations. */
    record Compile() implements PlannedTest {

        public static final String KEY = "compile";

        @Override
        public String key() {
            return KEY;
        }

        @Override
        public TestKind kind() {
            return TestKind.COMPILE;
        }

        @Override
        public TestOutcome notRun(String why) {
            return TestOutcome.compile(Status.NOT_RUN, why);
        }
    }

    /** One fixed example of the kata. */
    record ExampleTest(Example example) implements PlannedTest {

        public static String key(String example) {
            return "example:" + example;
        }

        @Override
        public String key() {
            return key(example.name());
        }

        @Override
        public TestKind kind() {
            return TestKind.EXAMPLE;
        }

        @Override
        public TestOutcome notRun(String why) {
            return TestOutcome.example(example.name(), example.method(), Status.NOT_RUN, why).withHidden(example.hidden());
        }
    }

    /** The generated cases of one method: drawn at random, or its small domain enumerated. */
    record RandomTests(EntryPoint entryPoint) implements PlannedTest {

        public static String key(String method) {
            return "random:" + method;
        }

        @Override
        public String key() {
            return key(entryPoint.method());
        }

        @Override
        public TestKind kind() {
            return TestKind.RANDOM;
        }

        @Override
        public TestOutcome notRun(String why) {
            return TestOutcome.generated(entryPoint.method(), entryPoint.smallDomain(), Status.NOT_RUN, why, 0, false);
        }
    }

    /** The calls of a replay, ending with a case of one method. */
    record ReplayedCalls(EntryPoint entryPoint) implements PlannedTest {

        @Override
        public String key() {
            return RandomTests.key(entryPoint.method());
        }

        @Override
        public TestKind kind() {
            return TestKind.RANDOM;
        }

        @Override
        public TestOutcome notRun(String why) {
            return TestOutcome.replay(entryPoint.method(), Status.NOT_RUN, why, 0);
        }
    }

    /**
     * The random tests of a method the kata has no generator for (examples only): there are none,
     * and every report says so (not run, worth nothing).
     */
    record NoRandomTests(EntryPoint entryPoint) implements PlannedTest {

        @Override
        public String key() {
            return RandomTests.key(entryPoint.method());
        }

        @Override
        public TestKind kind() {
            return TestKind.RANDOM;
        }

        @Override
        public TestOutcome notRun(String why) {
            return TestOutcome.noRandomTests(entryPoint.method());
        }
    }
}

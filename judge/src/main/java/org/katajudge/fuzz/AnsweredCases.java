package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;

import java.util.Optional;

/**
 * One entry point's new cases in the order the search tries them ({@link CaseSchedule}), each
 * with the reference's answer: drawn live ({@link Live}), or read from a stream that several
 * submissions share ({@link CaseStreams}). Either way case {@code i} is the same.
 */
interface AnsweredCases {

    /**
     * A drawn case and the reference's answer to it (null for a small domain's case drawn again).
     *
     * @param leadsPair whether the next case is its collision partner ({@link CollisionProbes}),
     *                  to be asked right after it
     */
    record Answered(GeneratedCase generated, Explanation expected, boolean leadsPair) {
    }

    /** The next case, or empty when an exhaustive schedule is finished. */
    Optional<Answered> next();

    /** Whether the cases enumerate the whole domain. */
    boolean exhaustive();

    /** Whether every input of a small domain was produced at least once. */
    boolean enumerated();

    /** Whether an exhaustive schedule has produced every input (and does not repeat them). */
    boolean finished();

    /** Completed repeated passes over a small domain after its enumeration. */
    int passes();

    /**
     * The cases of a {@link CaseSchedule}, drawn as they are asked for: each answer computed by
     * the reference (from a copy of the input) and recorded for steering before the next draw.
     */
    final class Live implements AnsweredCases {
        private final EntryPoint entryPoint;
        private final CaseSchedule schedule;
        private final Coverage steering;

        Live(EntryPoint entryPoint, long seed, String salt, boolean repeat) {
            this.entryPoint = entryPoint;
            this.steering = new Coverage(entryPoint.method(), entryPoint.rules());
            this.schedule = new CaseSchedule(entryPoint, seed, salt, steering, repeat);
        }

        @Override
        public Optional<Answered> next() {
            Optional<GeneratedCase> next = schedule.next();
            if (next.isEmpty()) {
                return Optional.empty();
            }
            GeneratedCase generated = next.get();
            if (schedule.repeating()) {
                return Optional.of(new Answered(generated, null, false)); // a case of the domain again: its answer is known
            }
            Explanation expected = Fuzzer.expected(entryPoint, generated.args());
            steering.record(generated.choices(), expected.checks());
            return Optional.of(new Answered(generated, expected, schedule.leadsPair()));
        }

        @Override
        public boolean exhaustive() {
            return schedule.exhaustive();
        }

        @Override
        public boolean enumerated() {
            return schedule.enumerated();
        }

        @Override
        public boolean finished() {
            return schedule.finished();
        }

        @Override
        public int passes() {
            return schedule.passes();
        }
    }
}

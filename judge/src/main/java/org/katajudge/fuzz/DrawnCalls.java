package org.katajudge.fuzz;

import org.katajudge.kata.EntryPoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A method's stream of cases for a seed, exactly as the search draws its new cases (edge cases,
 * random and steered ones; for a small domain its enumeration, then shuffled passes over it):
 * the calls a history "drawn with seed S" stands for, in the replay of a failure that needs
 * more earlier calls than can be listed.
 */
public final class DrawnCalls {

    private DrawnCalls() {
    }

    /** The salt that makes each method's stream of a kata its own under one seed. */
    static String salt(String kataId, EntryPoint entryPoint) {
        return kataId + "/" + entryPoint.method();
    }

    /** The search's schedule of new cases for one method. */
    static CaseSchedule schedule(String kataId, EntryPoint entryPoint, long seed, Coverage coverage) {
        return new CaseSchedule(entryPoint, seed, salt(kataId, entryPoint), coverage, true);
    }

    /** The first {@code count} calls of method {@code method}'s stream with {@code seed}. */
    public static List<Call> draw(String kataId, EntryPoint entryPoint, int method, long seed, int count) {
        Coverage coverage = new Coverage(entryPoint.method(), entryPoint.rules());
        CaseSchedule schedule = schedule(kataId, entryPoint, seed, coverage);
        List<Call> calls = new ArrayList<>(count);
        while (calls.size() < count) {
            Optional<GeneratedCase> next = schedule.next();
            if (next.isEmpty()) {
                break;
            }
            if (!schedule.exhaustive()) {
                // steering reads the reference's answers to earlier new cases, as in the search (an enumeration steers nothing)
                coverage.record(next.get().choices(), Fuzzer.expected(entryPoint, next.get().args()).checks());
            }
            calls.add(Call.generated(method, next.get()));
        }
        return calls;
    }
}

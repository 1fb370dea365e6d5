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

    /** The first {@code count} calls of method {@code method}'s stream with {@code seed}. */
    public static List<Call> draw(String kataId, EntryPoint entryPoint, int method, long seed, int count) {
        // drawn as the search draws them: steering reads the reference's answers to earlier new cases
        AnsweredCases cases = new AnsweredCases.Live(entryPoint, seed, salt(kataId, entryPoint), true);
        List<Call> calls = new ArrayList<>(count);
        while (calls.size() < count) {
            Optional<AnsweredCases.Answered> next = cases.next();
            if (next.isEmpty()) {
                break;
            }
            calls.add(Call.generated(method, next.get().generated()));
        }
        return calls;
    }
}

package org.katajudge.fuzz;

import org.katajudge.sandbox.CallResult;

import java.util.ArrayList;
import java.util.List;

/** A submission that gets the same calls from a fresh start before every case it is given. */
final class PrefixedTarget implements Target {
    private final Target target;
    private final List<Call> prefix;
    private final long deadlineNanos;

    PrefixedTarget(Target target, List<Call> prefix, long deadlineNanos) {
        this.target = target;
        this.prefix = prefix;
        this.deadlineNanos = deadlineNanos;
    }

    /** The cases answered before the deadline: a long prefix per case is slow, and the budget holds. */
    @Override
    public List<CallResult> call(int method, List<Object[]> cases) {
        List<CallResult> results = new ArrayList<>();
        for (Object[] args : cases) {
            if (System.nanoTime() >= deadlineNanos) {
                break;
            }
            target.reset();
            int start = 0;
            boolean died = false;
            while (start < prefix.size() && !died) {
                int m = prefix.get(start).method();
                int end = start;
                while (end < prefix.size() && prefix.get(end).method() == m) {
                    end++;
                }
                died = target.call(m, prefix.subList(start, end).stream().map(Call::args).toList()).size() < end - start;
                start = end;
            }
            List<CallResult> result = died ? List.of() : target.call(method, List.<Object[]>of(args));
            if (result.isEmpty()) {
                break;
            }
            results.add(result.get(0));
        }
        return results;
    }

    @Override
    public void reset() {
        // every case starts fresh anyway
    }
}

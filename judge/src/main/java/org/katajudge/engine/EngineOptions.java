package org.katajudge.engine;

import org.katajudge.compile.CompileLimits;
import org.katajudge.sandbox.Isolation;

import java.util.Optional;

/**
 * What a {@link GradingEngine} runs with, the same for every run it grades.
 *
 * @param jobs          submissions graded at once (grading threads, compiler workers)
 * @param isolation     the sandbox's isolation; empty for the strongest that works here
 * @param compileLimits what one compile may take
 */
public record EngineOptions(int jobs, Optional<Isolation> isolation, CompileLimits compileLimits) {

    public EngineOptions {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, got " + jobs);
        }
    }

    /** One job per core, the strongest isolation that works, the default compile limits. */
    public static EngineOptions defaults() {
        return new EngineOptions(Runtime.getRuntime().availableProcessors(), Optional.empty(), CompileLimits.DEFAULT);
    }

    public EngineOptions withJobs(int count) {
        return new EngineOptions(count, isolation, compileLimits);
    }

    public EngineOptions withIsolation(Optional<Isolation> requested) {
        return new EngineOptions(jobs, requested, compileLimits);
    }

    public EngineOptions withCompileLimits(CompileLimits limits) {
        return new EngineOptions(jobs, isolation, limits);
    }
}

package org.katajudge.server;

import org.katajudge.engine.plan.GradingOptions;
import org.katajudge.sandbox.Isolation;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How {@code serve} runs.
 *
 * @param host         the address to listen on: 127.0.0.1 for a playground; a class's server listens wider
 * @param port         the port (0: any free one)
 * @param katas        the katas folder; empty for the judge's bundled katas
 * @param data         the folder of the database and scratch files
 * @param students     the class's students (display name, id) from the roster; empty for a playground
 * @param baseUrl      how people reach the server, for the links handed out (no trailing slash);
 *                     empty: {@code http://HOST:PORT}
 * @param grading      how an attempt is graded, as {@code grade} grades it (seed, cases, the command in
 *                     replay commands); the fixed examples alone take {@code --cases 0}
 * @param isolation    the sandbox's isolation; empty for the strongest that works here
 * @param limits       how much grading is taken on
 * @param maxBodyBytes the largest request body (413 beyond)
 * @param exports      the teacher's downloads
 */
public record ServerOptions(String host, int port, Optional<Path> katas, Path data, List<String> students,
                            Optional<String> baseUrl, GradingOptions grading, Optional<Isolation> isolation,
                            QueueLimits limits, long maxBodyBytes, ClassExports exports) {

    public static final int DEFAULT_PORT = 8080;
    public static final long DEFAULT_MAX_BODY = 1024 * 1024;

    public ServerOptions {
        students = List.copyOf(students);
    }

    /** Whether this is a class's server (a roster was given), not one person's playground. */
    public boolean classroom() {
        return !students.isEmpty();
    }
}

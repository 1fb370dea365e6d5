package org.katajudge.server;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
 * @param engine       the engine's configuration as {@code grade} gives it (seed, cases, isolation, command)
 * @param limits       how much grading is taken on
 * @param maxBodyBytes the largest request body (413 beyond)
 * @param exports      the teacher's downloads
 */
public record ServerOptions(String host, int port, Optional<Path> katas, Path data, List<String> students,
                            Optional<String> baseUrl, Map<String, String> engine, QueueLimits limits, long maxBodyBytes,
                            ClassExports exports) {

    public static final int DEFAULT_PORT = 8080;
    public static final long DEFAULT_MAX_BODY = 1024 * 1024;

    public ServerOptions {
        students = List.copyOf(students);
        engine = Map.copyOf(engine);
    }

    /** Whether this is a class's server (a roster was given), not one person's playground. */
    public boolean classroom() {
        return !students.isEmpty();
    }
}

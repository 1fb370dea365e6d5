package org.katajudge.cli;

import java.io.PrintStream;

/**
 * One of the judge's commands: a picocli {@code @Command} whose {@code @Option} fields
 * {@link JudgeCommandLine} has filled in from the command line, run once.
 */
interface JudgeCommand {

    /** Runs the command; returns the exit status ({@link ExitCode}). */
    int run(PrintStream out, PrintStream err) throws UsageException;
}

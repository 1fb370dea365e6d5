/**
 * The judge's command line ({@code java -jar judge.jar COMMAND}): arguments, checks, exit codes
 * and what people read; grading itself is the engine's.
 *
 * <p>The commands and options are defined once: each command is a picocli {@code @Command} class
 * with typed {@code @Option} fields ({@link org.katajudge.cli.JudgeCommandLine} lists them), from
 * which come the parsing, every {@code --help}, {@code docs/reference/cli.md} ({@link
 * org.katajudge.cli.CliReference}) and the shell completion.
 *
 * <p>The way a submission travels through {@code grade PATH}: {@link org.katajudge.cli.GradeCommand}
 * checks the options and every output's path, the intake reads PATH into students (a roster
 * reconciled, a shard selected), a {@link org.katajudge.engine.plan.GradingPlan} is built with the
 * typed options (the assignment file checked against the katas), {@code EngineRun} opens a
 * {@link org.katajudge.engine.GradingEngine} (the sandbox checked) and grades the plan (through
 * the JUnit Platform only for {@code --open-test-report}), {@code ConsoleReport} prints each result
 * as it is ready, and {@code Outputs} hands the same {@link org.katajudge.report.ClassResults} to
 * every writer asked for. {@code fuzz} and {@code verify} travel the same way with their own plans.
 * Usage and configuration errors are one line and exit status 2 ({@code UsageException}), never
 * a stack trace.
 */
package org.katajudge.cli;

/**
 * Grading one submission, in stages with one job each, run by {@link org.katajudge.engine.pipeline.Grader}
 * (the orchestrator, one screen):
 * <ol>
 *   <li>{@code CompileStage}: the sources compiled, the policy checked;</li>
 *   <li>{@code SubmissionProcess}: the submission loaded into its
 *       sandboxed JVM, within its {@code ChildBudget};</li>
 *   <li>{@code ExampleStage}: every fixed example
 *       ({@code ExampleCalls});</li>
 *   <li>{@code SearchStage}: the generated cases of each method
 *       against the reference ({@code fuzz}: drawn, asked, asked again, shrunk);</li>
 *   <li>or, instead of both, {@code ReplayStage}: exactly the calls given.</li>
 * </ol>
 * The stages write to the parts of one {@code Grading}, each with one
 * job: {@code TestRecord} (each test's outcome and points, told to
 * the listener as it ends), {@code Judgement} (the verdict: the first
 * failure's), {@code Tally} (the generated cases counted),
 * {@code Counterexamples} (a failing case as reports show it),
 * {@code FailureCommands} and
 * {@link org.katajudge.engine.pipeline.ReplayCommands} (the command that shows a failure again),
 * {@code Messages} (the words); then
 * {@code ResultBuilder} puts the result together. No stage parses
 * what another wrote.
 */
package org.katajudge.engine.pipeline;

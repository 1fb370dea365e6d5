/**
 * Differential fuzzing: the random tests of {@code grade} and the search of {@code fuzz}. A
 * submission is a {@link org.katajudge.fuzz.Target} (the judge's is a sandboxed JVM); every call
 * the search makes goes through a {@link org.katajudge.fuzz.CallLog}, which remembers them so a
 * failure's history is known.
 *
 * <p>Where cases come from, in three layers:
 * <ul>
 *   <li>{@link org.katajudge.fuzz.CaseSchedule}: which inputs, in which order, for a seed (edge
 *       cases first, then random and steered ones; a small domain enumerated whole);</li>
 *   <li>{@link org.katajudge.fuzz.AnsweredCases}: those inputs with the reference's answers, drawn
 *       live or read from {@link org.katajudge.fuzz.CaseStreams}, the streams one grader shares
 *       between its submissions;</li>
 *   <li>{@link org.katajudge.fuzz.DrawnCalls}: the same stream as calls, for replaying a history
 *       given "by seed".</li>
 * </ul>
 *
 * <p>The search: {@link org.katajudge.fuzz.Fuzzer#run} runs one {@link org.katajudge.fuzz.MethodSearch}
 * per entry point, batch by batch, under {@link org.katajudge.fuzz.Fuzzer.Settings}, and returns a
 * {@link org.katajudge.fuzz.MethodRun} each (cases run, coverage, the first
 * {@link org.katajudge.fuzz.Failure}). A failure is analysed by
 * {@link org.katajudge.fuzz.FailureAnalysis}: whether it needs earlier calls (its
 * {@link org.katajudge.fuzz.History}) and its smallest form, found by the
 * {@link org.katajudge.fuzz.Shrinker} with the passes of {@code fuzz.shrink}.
 *
 * <p>Not to be confused: {@code MethodRun} is a finished method's result, {@code MethodSearch}
 * its search in progress; the engine's {@code Grader.Run} is one submission's grading.
 */
package org.katajudge.fuzz;

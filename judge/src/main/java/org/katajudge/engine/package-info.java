/**
 * The engine's API, and the JUnit Platform engine built on it.
 *
 * <p>Every front end grades the same way ({@code cli}, this package's {@link org.katajudge.engine.KataTestEngine},
 * a server): it builds a {@link org.katajudge.engine.plan.GradingPlan} (the submissions, each with
 * its kata's planned tests, and the {@link org.katajudge.engine.plan.GradingOptions}: seed, a
 * {@link org.katajudge.engine.plan.GradingMode}, the assignment's points), opens a
 * {@link org.katajudge.engine.GradingEngine} with {@link org.katajudge.engine.EngineOptions}
 * (jobs, isolation, compile limits), and grades: events as they happen
 * ({@link org.katajudge.engine.GradingEvents}), results as objects
 * ({@link org.katajudge.engine.GradingOutcome}, one {@link org.katajudge.report.SubmissionResult}
 * per submission). No options as strings, no results as JSON inside the process.
 *
 * <p>The JUnit Platform engine ({@code KataTestEngine}, its descriptors, {@code Discovery},
 * {@code Execution}, {@code PlatformEvents}) is a thin
 * adapter: discovery builds the plan ({@link org.katajudge.engine.EngineSettings} reads the
 * {@code katajudge.*} configuration parameters into the typed options), execution grades it on a
 * {@code GradingEngine}, its events become the Platform's. Its class names are contracts:
 * challenge repositories import {@link org.katajudge.engine.KataSolutions}, and Surefire's reports
 * name {@code WrongAnswer}, {@code SolutionError}, {@code JudgeError} and the aborted tests'
 * {@code DescriptorEvents$NotRun}; so it lives here, beside the API, using only Platform API
 * present since 1.10.
 *
 * <p>Below: {@link org.katajudge.engine.plan} (what to grade: the plan, the options, the planned
 * tests) and {@link org.katajudge.engine.pipeline} (grading one submission, in stages).
 */
package org.katajudge.engine;

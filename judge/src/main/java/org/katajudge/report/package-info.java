/**
 * What the judge says about submissions, and the writers that say it in each format.
 *
 * <p>The result model: a {@link org.katajudge.report.SubmissionResult} per submission (its
 * {@link org.katajudge.report.Verdict}, its tests as {@link org.katajudge.report.TestOutcome}s of a
 * {@link org.katajudge.report.TestKind}, the {@link org.katajudge.report.Counterexample} behind the
 * verdict), bounded ({@link org.katajudge.report.ResultBounds}) and made safe to print
 * ({@link org.katajudge.report.SafeText}). Its JSON form is a contract
 * ({@code schema/report.schema.json}).
 *
 * <p>Every output format is a {@link org.katajudge.report.ReportWriter}, one subpackage each: JSON
 * ({@code json}), JUnit XML ({@code junit}), Gradescope ({@code gradescope}), PrairieLearn
 * ({@code prairielearn}), Markdown feedback ({@code feedback}), the HTML class report
 * ({@code html}); the gradebook's CSV follows the intake's CSV rules in {@code cli}. Each writes
 * the same {@link org.katajudge.report.ClassResults}, where the {@link org.katajudge.report.StudentView}
 * is applied once: a writer for students reads {@code forStudents()}, the others {@code shown()}.
 */
package org.katajudge.report;

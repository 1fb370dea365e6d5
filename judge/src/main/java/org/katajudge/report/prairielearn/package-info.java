/**
 * PrairieLearn's external grader {@code results.json} ({@code --prairielearn}), as {@code
 * schema/prairielearn-results.schema.json} writes its documentation down. A {@link
 * org.katajudge.report.ReportWriter}.
 */
package org.katajudge.report.prairielearn;

/**
 * Gradescope's autograder {@code results.json} ({@code --gradescope}), as {@code
 * schema/gradescope-results.schema.json} writes its documentation down. A {@link
 * org.katajudge.report.ReportWriter}.
 */
package org.katajudge.report.gradescope;

/**
 * One Markdown feedback file per student ({@code --feedback}), always the student view. A {@link
 * org.katajudge.report.ReportWriter}.
 */
package org.katajudge.report.feedback;

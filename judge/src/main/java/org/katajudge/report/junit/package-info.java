/**
 * JUnit XML ({@code --junit-xml}) in the schema Maven Surefire writes and CI tools read. A {@link
 * org.katajudge.report.ReportWriter}.
 */
package org.katajudge.report.junit;

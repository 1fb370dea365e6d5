/**
 * The class report ({@code --html}): one self-contained HTML page, checked in a real browser by
 * the tests. A {@link org.katajudge.report.ReportWriter}.
 */
package org.katajudge.report.html;

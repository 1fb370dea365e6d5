/**
 * The JSON report ({@code --json}), as {@code schema/report.schema.json} describes it. A {@link
 * org.katajudge.report.ReportWriter}.
 */
package org.katajudge.report.json;

package org.katajudge.report;

/**
 * What a submission printed, bounded.
 *
 * @param text      the kept part (UTF-8 text)
 * @param truncated whether more was printed than kept
 * @param size      bytes printed in all
 */
public record CapturedOutput(String text, boolean truncated, long size) {

    public static final CapturedOutput NONE = new CapturedOutput("", false, 0);
}

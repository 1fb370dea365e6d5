package org.katajudge.similarity;

/**
 * A hand-in or known source that was not compared, and why: never a silent absence.
 *
 * @param source the source
 * @param reason why, for the teacher ("JPlag cannot parse it: a syntax error")
 */
public record NotCompared(Source source, String reason) {
}

package org.katajudge.server;

/**
 * An attempt refused for now: the queue is full, or the student has too many under way or made
 * too many lately. The API answers 429 with {@code Retry-After}.
 *
 * @param message           what to tell the student
 * @param retryAfterSeconds when trying again makes sense
 */
public record Busy(String message, long retryAfterSeconds) {
}

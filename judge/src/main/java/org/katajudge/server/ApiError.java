package org.katajudge.server;

/**
 * A request the API refuses: answered as {@code {"error": message, "status": status}} with that
 * HTTP status (400 bad input, 401 no valid token, 404 not found or not yours, 405, 413 too large,
 * 429 busy with {@code Retry-After}).
 */
public final class ApiError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final long retryAfterSeconds;

    public ApiError(int status, String message) {
        this(status, message, 0);
    }

    public ApiError(int status, String message, long retryAfterSeconds) {
        super(message, null, false, false);
        this.status = status;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public int status() {
        return status;
    }

    /** Seconds for {@code Retry-After}, 0 for none. */
    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    static ApiError badRequest(String message) {
        return new ApiError(400, message);
    }

    static ApiError notFound(String message) {
        return new ApiError(404, message);
    }
}

package org.katajudge.engine;

import org.junit.platform.engine.ExecutionRequest;

import java.lang.reflect.Method;
import java.util.function.BooleanSupplier;

/**
 * Whether the launcher asked to stop (e.g. Surefire's {@code skipAfterFailureCount}). The
 * request's cancellation token exists from JUnit Platform 6.0 only, and the engine runs on the
 * Platform of the project it is used in (1.10 and later), so it is looked up, not linked:
 * on older Platforms nothing is ever cancelled.
 */
final class Cancellation {

    private Cancellation() {
    }

    static BooleanSupplier of(ExecutionRequest request) {
        try {
            Method getToken = request.getClass().getMethod("getCancellationToken");
            Object token = getToken.invoke(request);
            Method requested = getToken.getReturnType().getMethod("isCancellationRequested");
            return () -> {
                try {
                    return (Boolean) requested.invoke(token);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return false;
                }
            };
        } catch (ReflectiveOperationException | RuntimeException e) {
            return () -> false;
        }
    }
}

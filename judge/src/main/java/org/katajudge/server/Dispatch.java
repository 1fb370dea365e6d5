package org.katajudge.server;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server's one handler: every request gets the security headers, an API request a person (by
 * its token) and one of at most {@link KataServer#MAX_REQUESTS_AT_ONCE} of theirs at once, a page
 * its static asset, and every refusal a JSON error.
 */
final class Dispatch extends Handler.Abstract {

    /**
     * One person's requests being handled at once, at most: a request's body is read on a server
     * thread, so one student who sends bodies a byte at a time could otherwise hold every thread
     * and nobody would be served (red team). A page needs a few at once (a browser opens at most
     * six connections to a server); an event stream returns its thread at once (its own cap is
     * {@code EventStream}'s).
     */
    private static final int MAX_IN_FLIGHT = KataServer.MAX_REQUESTS_AT_ONCE;

    private final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    private final Access access;
    private final ApiRoutes api;
    private final ClassRoutes classRoutes;
    private final StaticAssets assets;
    private final long maxBody;

    Dispatch(Access access, ApiRoutes api, ClassRoutes classRoutes, StaticAssets assets, long maxBody) {
        this.access = access;
        this.api = api;
        this.classRoutes = classRoutes;
        this.assets = assets;
        this.maxBody = maxBody;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Exchange exchange = new Exchange(request, response, callback, maxBody);
        response.getHeaders().put("Content-Security-Policy", KataServer.CONTENT_SECURITY_POLICY);
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        response.getHeaders().put("Referrer-Policy", "no-referrer");
        response.getHeaders().put("X-Frame-Options", "DENY");
        try {
            String path = exchange.path();
            if (path.equals("/api") || path.startsWith("/api/")) {
                response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
                Person me = access.who(exchange.bearerToken().orElse(null)).orElseThrow(() -> new ApiError(401,
                        "no valid token: open the link you were given (it ends in #token=...), or send"
                                + " Authorization: Bearer TOKEN"));
                AtomicInteger mine = inFlight.computeIfAbsent(me.id(), id -> new AtomicInteger());
                if (mine.incrementAndGet() > MAX_IN_FLIGHT) {
                    mine.decrementAndGet();
                    throw new ApiError(429, "more than " + MAX_IN_FLIGHT + " of your requests at once: wait for"
                            + " one to end", 1);
                }
                try {
                    if (!classRoutes.handle(exchange, me) && !api.handle(exchange, me)) {
                        throw ApiError.notFound("no such route: " + exchange.method() + " " + Sources.printable(path));
                    }
                } finally {
                    mine.decrementAndGet();
                }
            } else if (exchange.method().equals("GET") || exchange.method().equals("HEAD")) {
                StaticAssets.Asset asset = assets.find(path)
                        .orElseThrow(() -> ApiError.notFound("no such page: " + Sources.printable(path)));
                response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache");
                exchange.send(200, asset.contentType(), asset.bytes());
            } else {
                throw new ApiError(405, "only GET here");
            }
        } catch (ApiError e) {
            answer(exchange, callback, e);
        } catch (RuntimeException e) {
            answer(exchange, callback, new ApiError(500, "internal error, please report it: "
                    + Exchange.firstLine(e.toString())));
        }
        return true;
    }

    private static void answer(Exchange exchange, Callback callback, ApiError error) {
        if (exchange.answered()) {
            callback.failed(error);
        } else {
            exchange.error(error);
        }
    }
}

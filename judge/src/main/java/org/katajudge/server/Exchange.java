package org.katajudge.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.katajudge.report.ReportJson;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * One request and its answer, with what every route needs: the path's parts, the caller's
 * token, a JSON body read within a size limit, and answers in JSON. Written for blocking use
 * from Jetty's handler threads.
 */
final class Exchange {

    private final Request request;
    private final Response response;
    private final Callback callback;
    private final String[] parts;
    private final long maxBody;
    private boolean answered;

    Exchange(Request request, Response response, Callback callback, long maxBody) {
        this.request = request;
        this.response = response;
        this.callback = callback;
        this.maxBody = maxBody;
        String path = Request.getPathInContext(request);
        this.parts = path.replaceAll("^/+|/+$", "").split("/+", -1);
    }

    String method() {
        return request.getMethod();
    }

    String path() {
        return Request.getPathInContext(request);
    }

    /** The path's parts: {@code /api/katas/x} is {@code api, katas, x}. */
    String[] parts() {
        return parts.clone();
    }

    Optional<String> header(String name) {
        return Optional.ofNullable(request.getHeaders().get(name));
    }

    Optional<String> query(String name) {
        Fields fields = Request.extractQueryParameters(request);
        return Optional.ofNullable(fields.getValue(name));
    }

    /** The token of {@code Authorization: Bearer TOKEN}. */
    Optional<String> bearerToken() {
        return header(HttpHeader.AUTHORIZATION.asString()).filter(h -> h.regionMatches(true, 0, "Bearer ", 0, 7))
                .map(h -> h.substring(7).strip());
    }

    /**
     * The body as JSON, at most {@code maxBody} bytes (413 beyond), a JSON object (400 otherwise).
     * A body too large is still read, up to {@link #drainLimit}, before the 413: a client still
     * sending when the answer comes and the connection closes gets a reset instead of the answer
     * (seen with a 2 MB request under load: "header parser received no bytes").
     */
    ObjectNode jsonBody() {
        long declared = request.getLength();
        byte[] body;
        try (InputStream in = Content.Source.asInputStream(request)) {
            if (declared > maxBody) {
                if (declared <= drainLimit()) {
                    drain(in);
                }
                throw new ApiError(413, "the request is too large: at most " + maxBody + " bytes");
            }
            body = in.readNBytes((int) maxBody + 1);
            if (body.length > maxBody) {
                drain(in);
                throw new ApiError(413, "the request is too large: at most " + maxBody + " bytes");
            }
        } catch (IOException e) {
            throw ApiError.badRequest("the request's body could not be read: " + e.getMessage());
        }
        try {
            JsonNode node = ReportJson.mapper().readTree(body);
            if (node == null || !node.isObject()) {
                throw ApiError.badRequest("the body must be a JSON object");
            }
            return (ObjectNode) node;
        } catch (IOException e) {
            throw ApiError.badRequest("the body is not JSON: " + firstLine(e.getMessage()));
        }
    }

    /** The most bytes read of a body too large before answering 413: eight times the limit, at most 16 MiB. */
    private long drainLimit() {
        return Math.min(16L << 20, 8 * maxBody);
    }

    /** Reads and drops what is left of the body, up to {@link #drainLimit}. */
    private void drain(InputStream in) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long left = drainLimit();
        for (int read; left > 0 && (read = in.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0; ) {
            left -= read;
        }
    }

    void json(int status, JsonNode body) {
        try {
            send(status, "application/json; charset=utf-8", ReportJson.mapper().writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    void error(ApiError error) {
        ObjectNode body = ReportJson.mapper().createObjectNode();
        body.put("error", error.getMessage());
        body.put("status", error.status());
        if (error.retryAfterSeconds() > 0) {
            response.getHeaders().put(HttpHeader.RETRY_AFTER, String.valueOf(error.retryAfterSeconds()));
            body.put("retryAfterSeconds", error.retryAfterSeconds());
        }
        json(error.status(), body);
    }

    void noContent() {
        send(204, null, new byte[0]);
    }

    void send(int status, String contentType, byte[] body) {
        answered = true;
        response.setStatus(status);
        if (contentType != null) {
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
        }
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    /** A download: the browser saves it as {@code fileName}. */
    void download(String contentType, String fileName, byte[] body) {
        response.getHeaders().put(HttpHeader.CONTENT_DISPOSITION, "attachment; filename=\"" + fileName + "\"");
        send(200, contentType, body);
    }

    /** Starts a streamed answer; the caller writes to the stream and closes it. */
    OutputStream stream(String contentType) {
        answered = true;
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
        response.getHeaders().put("X-Accel-Buffering", "no");
        return Content.Sink.asOutputStream(response);
    }

    /** Ends a streamed answer. */
    void streamed(Throwable failure) {
        if (failure == null) {
            callback.succeeded();
        } else {
            callback.failed(failure);
        }
    }

    void setHeader(String name, String value) {
        response.getHeaders().put(name, value);
    }

    boolean answered() {
        return answered;
    }

    static String firstLine(String text) {
        return text == null ? "" : text.lines().findFirst().orElse("");
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}

package org.katajudge.server;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The pages' files, from the jar ({@code org/katajudge/server/web/}): the one page, its script
 * and style, and the code editor copied from npm at build time. Nothing is fetched at run time.
 */
final class StaticAssets {

    private static final String ROOT = "org/katajudge/server/web/";
    private static final Pattern SAFE = Pattern.compile("[a-z0-9_-]+(/[a-z0-9_.-]+)*\\.(html|js|css|svg|png)|vendor/codemirror/LICENSE");
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8", "svg", "image/svg+xml",
            "png", "image/png", "LICENSE", "text/plain; charset=utf-8");

    /** A file and its content type. */
    record Asset(String contentType, byte[] bytes) {
    }

    private final Map<String, Optional<Asset>> cache = new ConcurrentHashMap<>();

    /** The asset at a request path ({@code /} is the page), if there is one. */
    Optional<Asset> find(String path) {
        String name = path.equals("/") || path.isEmpty() ? "index.html" : path.substring(1);
        if (!SAFE.matcher(name).matches() || name.contains("..")) {
            return Optional.empty();
        }
        return cache.computeIfAbsent(name, StaticAssets::load);
    }

    /** Whether the code editor was built into the jar (npm was there at build time). */
    boolean hasEditor() {
        return find("/vendor/codemirror/lib/codemirror.js").isPresent();
    }

    private static Optional<Asset> load(String name) {
        try (InputStream in = StaticAssets.class.getClassLoader().getResourceAsStream(ROOT + name)) {
            if (in == null) {
                return Optional.empty();
            }
            String extension = name.substring(name.lastIndexOf('.') + 1);
            if (name.endsWith("LICENSE")) {
                extension = "LICENSE";
            }
            return Optional.of(new Asset(TYPES.getOrDefault(extension, "application/octet-stream"), in.readAllBytes()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}

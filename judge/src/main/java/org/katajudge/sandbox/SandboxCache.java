package org.katajudge.sandbox;

import org.katajudge.cache.JudgeCache;

import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The on-disk cache of what children run on (the runtime image, the runner's jar and archive),
 * {@link JudgeCache}, where children can read it: a root judge's children run as other users
 * ({@link ChildUser}), so when they could not pass through to the configured cache (under
 * {@code /root}, mode 700) it is {@code kata-judge-cache-<user>} in the system's temp directory,
 * checked like any cache directory (another user's directory of that name is refused); a
 * directory named by {@code -Dkatajudge.cache} or {@code KATA_JUDGE_CACHE} is never replaced by
 * another: the sandbox then goes without a cache (and says so).
 */
final class SandboxCache {

    private static volatile Optional<JudgeCache> cache;

    private SandboxCache() {
    }

    static Optional<JudgeCache> get() {
        Optional<JudgeCache> found = cache;
        if (found == null) {
            synchronized (SandboxCache.class) {
                if (cache == null) {
                    cache = locate();
                }
                found = cache;
            }
        }
        return found;
    }

    private static Optional<JudgeCache> locate() {
        Optional<JudgeCache> configured = JudgeCache.standard();
        if (configured.isEmpty() || !ChildUser.switches() || configured.get().reachableByAll()) {
            return configured;
        }
        if (JudgeCache.explicit()) {
            // asked for by name: not silently elsewhere
            System.err.println("kata-judge: cache directory " + configured.get().root() + " not used for the sandbox:"
                    + " children run as other users and cannot pass through to it");
            return Optional.empty();
        }
        String user = HexFormat.of().formatHex(JudgeCache.sha256(
                System.getProperty("user.name", "").getBytes(java.nio.charset.StandardCharsets.UTF_8)), 0, 4);
        return JudgeCache.open(Path.of(System.getProperty("java.io.tmpdir"), "kata-judge-cache-" + user));
    }
}

package org.katajudge.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * Old entries of the judge's cache go: every build of the judge and every JDK has entries of its
 * own, which would otherwise pile up for good. When {@link JudgeCache} has built an entry, the
 * entries of its kind that no judge used for {@link #UNUSED_KEPT} are removed.
 */
final class Pruning {

    /** How long an entry no judge used stays once a newer one of its kind is built (a judge rebuilt, a new JDK). */
    static final Duration UNUSED_KEPT = Duration.ofDays(30);

    private Pruning() {
    }

    /** An entry's directory time is when a judge last used it: what {@link #prune} goes by. */
    static void markUsed(Path entry) {
        try {
            Files.setLastModifiedTime(entry, FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException | RuntimeException ignored) {
            // kept a while longer than it would be
        }
    }

    /**
     * Removes the entries of {@code name}'s kind (its name without the key: {@code judge-cds},
     * {@code runner-cds-bwrap}) that no judge used for {@link #UNUSED_KEPT}, and the half-built or
     * moved-aside ones of a judge that died, older than a day: every build of the judge, every JDK,
     * has its own entries (some 15 MB each), which would otherwise pile up for good. Last used is
     * the latest of the entry's mark (set when a judge process first finds it) and its files'
     * access times (a long-running server's children read its runtime at every start), so a judge
     * still running does not lose its entries.
     */
    static void prune(Path root, String name) {
        int dash = name.lastIndexOf('-');
        if (dash < 1 || !isKey(name.substring(dash + 1))) {
            return;
        }
        String kind = name.substring(0, dash + 1);
        long now = System.currentTimeMillis();
        try (Stream<Path> entries = Files.list(root)) {
            for (Path other : (Iterable<Path>) entries::iterator) {
                String otherName = other.getFileName().toString();
                if (otherName.equals(name) || !otherName.startsWith(kind)) {
                    continue;
                }
                String rest = otherName.substring(kind.length());
                boolean leftover = rest.contains(".part-") || rest.contains(".stale-");
                long age = now - lastUsed(other);
                if (leftover ? age > Duration.ofDays(1).toMillis()
                        : isKey(rest) && age > UNUSED_KEPT.toMillis()) {
                    JudgeCache.delete(other);
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // tried again at the next build
        }
    }

    /** The latest access time of the entry's files, or change time of anything in it. */
    private static long lastUsed(Path entry) throws IOException {
        long latest = 0;
        try (Stream<Path> files = Files.walk(entry)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                BasicFileAttributes attributes =
                        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                // a directory's access time is this very walk's listing: only its change time (the mark) counts
                long accessed = attributes.isDirectory() ? 0 : attributes.lastAccessTime().toMillis();
                latest = Math.max(latest, Math.max(accessed, attributes.lastModifiedTime().toMillis()));
            }
        }
        return latest;
    }

    private static boolean isKey(String text) {
        return text.length() >= 8 && text.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    }
}

package org.katajudge.shard;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of N shares of a big set of submissions ({@code grade --shard K/N}), so N machines grade it
 * together. A submission's share depends only on its path relative to the folder it was found
 * under (SHA-256 of that path, modulo N): the same on every machine, operating system and
 * judge run, whatever else the tree holds. Every submission is in exactly one of the N shares.
 *
 * @param index which share, from 1 to {@code count}
 * @param count how many shares
 */
public record Shard(int index, int count) {

    private static final Pattern FORM = Pattern.compile("\\s*(\\d{1,6})\\s*/\\s*(\\d{1,6})\\s*");

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("a shard is K/N with 1 <= K <= N, got " + index + "/" + count);
        }
    }

    /**
     * Parses {@code K/N}, e.g. {@code 2/8}.
     *
     * @throws IllegalArgumentException saying what the form is
     */
    public static Shard parse(String text) {
        Matcher matcher = FORM.matcher(text);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("a shard is K/N, e.g. 1/4, got \"" + text + "\"");
        }
        return new Shard(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
    }

    /** Whether the submission with this key (see {@link #key}) is in this share. */
    public boolean contains(String key) {
        return Math.floorMod(hash(key), (long) count) == index - 1;
    }

    /** The items in this share, in their order. */
    public <T> List<T> select(List<T> items, Function<T, String> key) {
        return items.stream().filter(item -> contains(key.apply(item))).toList();
    }

    /**
     * A submission's key: its path relative to the deepest of {@code roots} (the paths given to
     * grade) that holds it, with {@code /} between names; its own name when it is a root itself.
     */
    public static String key(Path submission, List<Path> roots) {
        Path absolute = submission.toAbsolutePath().normalize();
        Path best = null;
        for (Path root : roots) {
            Path r = root.toAbsolutePath().normalize();
            if (absolute.startsWith(r) && (best == null || r.getNameCount() > best.getNameCount())) {
                best = r;
            }
        }
        Path relative = best == null || best.equals(absolute) ? absolute.getFileName() : best.relativize(absolute);
        if (relative == null) {
            return "";
        }
        StringBuilder key = new StringBuilder();
        for (Path name : relative) {
            key.append(key.length() == 0 ? "" : "/").append(name);
        }
        return key.toString();
    }

    /** The first 8 bytes of the key's SHA-256: the same in every JVM and version (unlike String.hashCode's spread). */
    static long hash(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest, 0, Long.BYTES).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}

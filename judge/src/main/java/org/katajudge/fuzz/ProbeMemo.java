package org.katajudge.fuzz;

import org.katajudge.cache.JudgeCache;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Generator;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The collision probes of an entry point under a seed ({@link CollisionProbes}), kept on disk
 * across runs: their search is most of what a fresh judge computes itself for one submission of
 * a kata with a large input space (some 100-150 ms of CPU, and the JIT's work on it), and its
 * result depends only on the kata's code, the judge's and the seed.
 *
 * <p>What is kept is each pair's key and the choices of its two inputs; a pair read back is replayed
 * through the kata's generator, and the file is used only when every input replays to exactly its
 * recorded choices, so what is asked is always an input the generator draws, and the reference
 * answers it in this run as ever (no answer is kept). The file's name holds the kata, method, seed
 * and which pool the probes were made from; its directory's name a key of the code: the jar the
 * kata's generator was loaded from and the judge's jar (path, size, time) and the JDK. A kata whose
 * code is not in a jar (a kata folder's own {@code src/}, compiled in memory; the judge run from its
 * classes, as in its own tests) is never kept: its probes are searched every time, as before.
 *
 * <p>The directory is the judge cache's private one ({@link JudgeCache#privateDirectory}: the judge
 * user's alone, mode 700, out of every sandbox): the probes are inputs of the kata's random tests,
 * which no submission may read. Written whole (a temporary file renamed), so two judges starting at
 * once each write the same file and a reader never sees half of one. A file that does not check out
 * is searched again and written anew. Results are the same with and without it.
 */
public final class ProbeMemo {

    /** Probes are searched every time, nothing is kept. */
    static final ProbeMemo OFF = new ProbeMemo(Optional.empty(), entryPoint -> Optional.empty());

    private static final String MAGIC = "kata-judge collision probes 1";
    private static final String KIND = "collision-probes";
    /** Far more than any entry point's probes ({@link CollisionProbes#PAIRS_PER_KEY} per key): a longer file is not one. */
    private static final int MAX_PAIRS = 256;

    private final Optional<JudgeCache> cache;
    private final Function<EntryPoint, Optional<String>> codeKey;
    private final AtomicInteger searches = new AtomicInteger();
    private final AtomicInteger reads = new AtomicInteger();

    private ProbeMemo(Optional<JudgeCache> cache, Function<EntryPoint, Optional<String>> codeKey) {
        this.cache = cache;
        this.codeKey = codeKey;
    }

    /** Kept under the judge's cache ({@link JudgeCache#standard()}), or {@link #OFF} when there is none. */
    static ProbeMemo standard() {
        return Standard.MEMO;
    }

    /** Made at its first use, once per process (the holder idiom). */
    private static final class Standard {
        static final ProbeMemo MEMO = JudgeCache.standard().isPresent() ? new ProbeMemo(JudgeCache.standard(), ProbeMemo::jarKey) : OFF;
    }

    /** Kept in {@code root}, with {@code codeKey} telling an entry point's code (empty: never kept); for tests. */
    static ProbeMemo in(Path root, Function<EntryPoint, Optional<String>> codeKey) {
        return new ProbeMemo(JudgeCache.open(root), codeKey);
    }

    /**
     * Searches and keeps the probes of {@code kataId}'s {@code entryPoint} under {@code seed} now,
     * as a grading run with that seed would (the {@code cache} command: an autograder image's
     * set-up, so that a student's run reads them): the file they are kept in, empty when they are
     * not kept (no cache, the kata's code not in a jar, no generator).
     */
    public static Optional<Path> keep(String kataId, EntryPoint entryPoint, long seed) {
        if (!entryPoint.hasGenerator()) {
            return Optional.empty();
        }
        return new CaseSchedule(entryPoint, seed, DrawnCalls.salt(kataId, entryPoint),
                new Coverage(entryPoint.method(), entryPoint.rules()), false, standard()).keepProbes();
    }

    /**
     * The probes of {@code entryPoint} under the schedule's {@code seed} and {@code salt}, made from
     * the pool named {@code pool}: read back when kept, else {@code search}ed and kept.
     */
    List<CollisionProbes.Pair> pairs(EntryPoint entryPoint, long seed, String salt, String pool,
                                     Supplier<List<CollisionProbes.Pair>> search) {
        Optional<Path> file = file(entryPoint, seed, salt, pool);
        if (file.isEmpty()) {
            searches.incrementAndGet();
            return search.get();
        }
        Optional<List<CollisionProbes.Pair>> kept = read(file.get(), entryPoint);
        if (kept.isPresent()) {
            reads.incrementAndGet();
            return kept.get();
        }
        searches.incrementAndGet();
        List<CollisionProbes.Pair> pairs = search.get();
        write(file.get(), pairs);
        return pairs;
    }

    /** How many times probes were searched (not read back). */
    int searches() {
        return searches.get();
    }

    /** How many times kept probes were read back and used. */
    int reads() {
        return reads.get();
    }

    /** Where the probes are kept, when they may be. */
    Optional<Path> file(EntryPoint entryPoint, long seed, String salt, String pool) {
        Optional<String> code = cache.isEmpty() ? Optional.empty() : codeKey.apply(entryPoint);
        if (code.isEmpty()) {
            return Optional.empty();
        }
        Optional<Path> directory = cache.get().privateDirectory(KIND, code.get());
        return directory.map(dir -> dir.resolve(JudgeCache.key(salt, Long.toString(seed), pool) + ".pairs"));
    }

    private static Optional<List<CollisionProbes.Pair>> read(Path file, EntryPoint entryPoint) {
        List<String> lines;
        try {
            if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        if (lines.size() < 2 || lines.size() > MAX_PAIRS + 2 || !lines.get(0).equals(MAGIC)
                || !lines.get(lines.size() - 1).equals("end " + (lines.size() - 2))) {
            return Optional.empty();
        }
        List<CollisionProbes.Pair> pairs = new ArrayList<>();
        for (String line : lines.subList(1, lines.size() - 1)) {
            String[] fields = line.split("\t", -1);
            if (fields.length != 3) {
                return Optional.empty();
            }
            Optional<GeneratedCase> first = replayed(entryPoint, fields[1]);
            Optional<GeneratedCase> second = replayed(entryPoint, fields[2]);
            if (first.isEmpty() || second.isEmpty()) {
                return Optional.empty();
            }
            pairs.add(new CollisionProbes.Pair(first.get(), second.get(), fields[0]));
        }
        return Optional.of(pairs);
    }

    /** The input {@code choices} draw, when they are exactly the choices the generator records for it. */
    private static Optional<GeneratedCase> replayed(EntryPoint entryPoint, String choices) {
        try {
            ChoiceSequence recorded = ChoiceSequence.parse(choices);
            GeneratedCase input = CaseSchedule.replay(entryPoint, recorded);
            return input.choices().equals(recorded) ? Optional.of(input) : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty(); // not choices this generator draws from
        }
    }

    private static void write(Path file, List<CollisionProbes.Pair> pairs) {
        if (pairs.size() > MAX_PAIRS) {
            return;
        }
        StringBuilder text = new StringBuilder(MAGIC).append('\n');
        for (CollisionProbes.Pair pair : pairs) {
            if (pair.key().contains("\t") || pair.key().contains("\n")) {
                return;
            }
            text.append(pair.key()).append('\t').append(pair.first().choices()).append('\t')
                    .append(pair.second().choices()).append('\n');
        }
        text.append("end ").append(pairs.size()).append('\n');
        Path temporary = file.resolveSibling(file.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        try {
            Files.writeString(Files.createFile(temporary, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))),
                    text, StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException ignored) {
                // a leftover .tmp is never read as probes
            }
        }
    }

    /**
     * A key of the code the probes depend on: the jar of the kata's generator and the judge's own
     * jar (path, size, modification time) and the JDK; empty when either is not a jar.
     */
    static Optional<String> jarKey(EntryPoint entryPoint) {
        Optional<Generator> generator = entryPoint.generator();
        if (generator.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> kata = jar(generator.get().getClass());
        Optional<String> judge = jar(ProbeMemo.class);
        if (kata.isEmpty() || judge.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(JudgeCache.key(kata.get(), judge.get(), System.getProperty("java.runtime.version", "")));
    }

    private static Optional<String> jar(Class<?> type) {
        try {
            CodeSource source = type.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return Optional.empty();
            }
            Path path = Path.of(source.getLocation().toURI());
            if (!Files.isRegularFile(path)) {
                return Optional.empty();
            }
            return Optional.of(path.toAbsolutePath() + "\n" + Files.size(path) + "\n" + Files.getLastModifiedTime(path).toMillis());
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }
}

package org.katajudge.bench;

import org.katajudge.fuzz.Failure;
import org.katajudge.fuzz.Fuzzer;
import org.katajudge.fuzz.InProcessTarget;
import org.katajudge.fuzz.MethodRun;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;
import org.katajudge.report.Verdict;
import org.katajudge.sandbox.CallResult;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * How small the shrinker's counterexamples are: for every wrong-answer sample, the fuzzer (the
 * settings {@code fuzz} uses) runs with seeds 0..N-1, and the size of each shrunk case (pieces on
 * the board, a vector's length, how far apart two squares are) is compared with the smallest
 * possible, found by {@link SmallestFailing}'s enumeration or, where no enumeration reaches it,
 * stated below with its reason. Samples whose failure needs earlier calls are listed apart, with
 * the length of their shrunk history ("listed": the calls are shown one by one; "drawn": that many
 * calls of the method's stream with the seed, for a history too long to list). Submissions run in this JVM (the fuzzer and shrinker are the
 * same code as in the sandbox; only the repository's own samples run here).
 *
 * <p>Usage: {@code ShrinkMinimality [SEEDS] [KATA/SAMPLE...]}; prints a Markdown table.
 */
public final class ShrinkMinimality {

    /** Minima no enumeration reaches, with why. */
    private static final Map<String, Known> KNOWN = Map.of(
            "xiangqi-board-validator/no-soldier-count", new Known(8,
                    "six soldiers of one side and the two generals: fewer soldiers break no rule this solution misses"),
            "three-man-chess-vectors/int-overflow", new Known(Integer.MAX_VALUE - 22L,
                    "file + df overflows only past Integer.MAX_VALUE: from file 24, df = MAX_VALUE - 22"));

    private record Known(long size, String why) {
    }

    private ShrinkMinimality() {
    }

    public static void main(String[] args) throws Exception {
        int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        List<String> only = args.length > 1 ? List.of(args).subList(1, args.length) : List.of();
        Path home = Path.of(System.getProperty("katajudge.home", "."));
        List<String> stateful = new ArrayList<>();
        int runs = 0;
        int atMinimum = 0;
        long worstExcess = 0;
        System.out.printf(Locale.ROOT, "shrunk size against the smallest possible, %d seeds per sample (fuzz settings)%n%n", seeds);
        System.out.println("| sample | size | smallest | shrunk, seeds 0.." + (seeds - 1) + " | at minimum |");
        System.out.println("|---|---|---|---|---|");
        for (Kata kata : Katas.all()) {
            Path folder = home.resolve("submissions").resolve(kata.id()).resolve("wrong_answer");
            Path accepted;
            try (Stream<Path> list = Files.list(home.resolve("submissions").resolve(kata.id()).resolve("accepted"))) {
                accepted = list.sorted().findFirst().orElseThrow();
            }
            List<Path> samples;
            try (Stream<Path> list = Files.list(folder)) {
                samples = list.filter(Files::isDirectory).sorted().toList();
            }
            for (Path sample : samples) {
                String name = kata.id() + "/" + sample.getFileName();
                if (!only.isEmpty() && !only.contains(name)) {
                    continue;
                }
                Map<Integer, OptionalLong> smallest = new HashMap<>();
                List<Long> sizes = new ArrayList<>();
                List<Long> minima = new ArrayList<>();
                boolean needsHistory = false;
                for (int seed = 0; seed < seeds; seed++) {
                    Result result = shrink(kata, sample, seed);
                    if (result == null) {
                        sizes.add(-1L);
                        minima.add(-1L);
                        continue;
                    }
                    if (!failsAlone(kata, sample, result)) {
                        needsHistory = true;
                        break;
                    }
                    OptionalLong min = smallest.computeIfAbsent(result.method, m ->
                            SmallestFailing.of(kata, m, load(sample, kata), load(accepted, kata)));
                    long minimum = KNOWN.containsKey(name) ? KNOWN.get(name).size
                            : min.orElseThrow(() -> new IllegalStateException(name + ": no minimum known"));
                    sizes.add(result.size);
                    minima.add(minimum);
                }
                if (needsHistory) {
                    stateful.add(name);
                    continue;
                }
                int hits = 0;
                StringBuilder shown = new StringBuilder();
                for (int i = 0; i < sizes.size(); i++) {
                    runs++;
                    if (sizes.get(i) >= 0 && sizes.get(i).equals(minima.get(i))) {
                        hits++;
                        atMinimum++;
                    }
                    worstExcess = Math.max(worstExcess, sizes.get(i) < 0 ? Long.MAX_VALUE : sizes.get(i) - minima.get(i));
                    shown.append(i == 0 ? "" : " ").append(sizes.get(i) < 0 ? "not found" : sizes.get(i));
                }
                String min = minima.stream().distinct().map(String::valueOf).reduce((a, b) -> a + "/" + b).orElse("?")
                        + (KNOWN.containsKey(name) ? " *" : "");
                System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %d/%d |%n", name, measure(kata), min, shown, hits,
                        sizes.size());
            }
        }
        System.out.printf(Locale.ROOT, "%nat the minimum in %d of %d runs (%.1f%%); worst: minimum + %d%n", atMinimum, runs,
                100.0 * atMinimum / Math.max(1, runs), worstExcess);
        KNOWN.forEach((name, known) -> System.out.println("* " + name + ": " + known.why));
        if (!stateful.isEmpty()) {
            history(home, stateful, seeds);
        }
    }

    /** The fewest earlier calls each stateful sample's failure needs, by construction of the sample. */
    private static final Map<String, String> FEWEST_CALLS = Map.of(
            "chess-square-color/cache-keyed-by-file", "1",
            "knight-moves/static-visited-array", "1",
            "checkers-game-over/grid-parsed-once", "1",
            "knight-moves/memo-reset-every-5000-calls", "4999",
            "xiangqi-board-validator/cache-after-500-calls", "501",
            // memos keyed by a colliding key: the one earlier call with the colliding input
            "xiangqi-board-validator/memo-keyed-by-hash-code", "1",
            "xiangqi-board-validator/memo-keyed-by-top-half", "1",
            "checkers-safe-spaces/memo-keyed-by-deep-hash-code", "1",
            "knight-moves/memo-keyed-by-char-sum", "1");

    /** Samples whose failure needs earlier calls: how the history was given, and how long it is. */
    private static void history(Path home, List<String> samples, int seeds) {
        System.out.printf(Locale.ROOT, "%n| sample needing earlier calls | history, seeds 0..%d | fewest possible | case size |%n", seeds - 1);
        System.out.println("|---|---|---|---|");
        for (String name : samples) {
            Kata kata = Katas.byId(name.substring(0, name.indexOf('/'))).orElseThrow();
            Path sample = home.resolve("submissions").resolve(kata.id()).resolve("wrong_answer")
                    .resolve(name.substring(name.indexOf('/') + 1));
            StringBuilder histories = new StringBuilder();
            StringBuilder sizes = new StringBuilder();
            for (int seed = 0; seed < seeds; seed++) {
                Result result = shrink(kata, sample, seed);
                String shown;
                if (result == null) {
                    shown = "not found";
                } else {
                    var history = result.failure.history();
                    shown = switch (history.kind()) {
                        case LISTED -> history.calls().size() + " listed";
                        case DRAWN -> history.drawn() + " drawn";
                        case NONE -> "none";
                        default -> history.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " (" + history.before() + ")";
                    };
                    sizes.append(sizes.length() == 0 ? "" : " ").append(result.size);
                }
                histories.append(seed == 0 ? "" : ", ").append(shown);
            }
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %s |%n", name, histories,
                    FEWEST_CALLS.getOrDefault(name, "?"), sizes);
        }
    }

    private static String measure(Kata kata) {
        return switch (kata.id()) {
            case "three-man-chess-vectors" -> "vector length";
            case "knight-moves" -> "squares apart";
            case "chess-square-color" -> "files + ranks from a1";
            default -> "pieces";
        };
    }

    private record Result(int method, Failure failure, long size) {
    }

    /** The first failure of a fuzz run with this seed, shrunk; null when none was found. */
    private static Result shrink(Kata kata, Path sample, long seed) {
        Fuzzer.Settings settings = Fuzzer.Settings.fuzzing(seed, Integer.MAX_VALUE, Duration.ofSeconds(10));
        List<MethodRun> runs = Fuzzer.run(kata.id(), kata.entryPoints(), load(sample, kata), settings);
        for (int m = 0; m < runs.size(); m++) {
            if (runs.get(m).failure().isPresent()) {
                Failure failure = runs.get(m).failure().get();
                EntryPoint entryPoint = kata.entryPoints().get(m);
                return new Result(m, failure, entryPoint.size(failure.found().args()));
            }
        }
        return null;
    }

    /** Whether the shrunk case fails when it is the first call of a fresh copy of the submission. */
    private static boolean failsAlone(Kata kata, Path sample, Result result) {
        CallResult alone = load(sample, kata).call(result.method, List.<Object[]>of(result.failure.found().args())).get(0);
        EntryPoint entryPoint = kata.entryPoints().get(result.method);
        return result.failure.verdict() != Verdict.WRONG_ANSWER || alone.outcome() != CallResult.Outcome.RETURNED
                || !entryPoint.returns().equal(result.failure.expected().answer(), alone.value());
    }

    private static InProcessTarget load(Path sample, Kata kata) {
        try {
            return InProcessTarget.load(sample, kata);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

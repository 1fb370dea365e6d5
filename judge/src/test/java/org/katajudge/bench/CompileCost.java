package org.katajudge.bench;

import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.ExpectedClass;
import org.katajudge.compile.SolutionPolicy;
import org.katajudge.compile.SourceCompiler;
import org.katajudge.compile.SourceFile;
import org.katajudge.compile.SubmissionCompiler;
import org.katajudge.compile.worker.CompilerPool;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What compiling costs: every sample submission compiled in this JVM (as the judge did before
 * compiler workers) and in a compiler worker, cold and warm, and what starting a worker costs.
 * Both run in the same process, one after the other, so the comparison holds on a noisy machine.
 * Usage: {@code CompileCost [ROUNDS] [STARTS]}.
 */
public final class CompileCost {

    private CompileCost() {
    }

    record Sample(List<SourceFile> sources, ExpectedClass expected) {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int starts = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<Sample> samples = samples(Path.of(System.getProperty("katajudge.home", ".")).resolve("submissions"));
        System.out.printf(Locale.ROOT, "compile cost: %d samples, %d rounds, %d cores, java %s%n", samples.size(), rounds,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));

        double[] inProcess = measure("in the judge's JVM", new SubmissionCompiler(SolutionPolicy.standard()), samples, rounds);
        double[] worker;
        try (CompilerPool pool = new CompilerPool(CompileLimits.DEFAULT, 1)) {
            worker = measure("in a compiler worker", pool, samples, rounds);
        }
        List<Long> startMillis = new ArrayList<>();
        SourceFile tiny = new SourceFile("A.java", "public class A { public static int a(String s) { return 0; } }");
        ExpectedClass a = new ExpectedClass("A", List.of(new ExpectedClass.Method("a", "int", List.of("java.lang.String"),
                List.of("s"))));
        for (int i = 0; i < starts; i++) {
            try (CompilerPool pool = new CompilerPool(CompileLimits.DEFAULT, 1)) {
                long started = System.nanoTime();
                pool.compile(List.of(tiny), a, true);
                startMillis.add((System.nanoTime() - started) / 1_000_000);
            }
        }
        System.out.printf(Locale.ROOT, "worker start (JVM, javac warm-up, first small compile): %s ms, median %d ms%n",
                startMillis, startMillis.stream().sorted().toList().get(startMillis.size() / 2));
        System.out.printf(Locale.ROOT, "warm compile, worker / in-process: %.2f%n", worker[1] / inProcess[1]);
    }

    /** Prints and returns {first compile ms, warm ms per compile (median of the rounds after the first)}. */
    private static double[] measure(String what, SourceCompiler compiler, List<Sample> samples, int rounds) {
        long started = System.nanoTime();
        compiler.compile(samples.get(0).sources(), samples.get(0).expected(), true);
        double first = (System.nanoTime() - started) / 1e6;
        List<Double> perCompile = new ArrayList<>();
        Map<String, Integer> outcomes = new TreeMap<>();
        for (int round = 0; round < rounds; round++) {
            long roundStart = System.nanoTime();
            for (Sample sample : samples) {
                Compilation compilation = compiler.compile(sample.sources(), sample.expected(), true);
                if (round == 0) {
                    outcomes.merge(compilation.getClass().getSimpleName(), 1, Integer::sum);
                }
            }
            perCompile.add((System.nanoTime() - roundStart) / 1e6 / samples.size());
        }
        List<Double> warm = perCompile.subList(Math.min(1, perCompile.size() - 1), perCompile.size()).stream().sorted().toList();
        double median = warm.get(warm.size() / 2);
        System.out.printf(Locale.ROOT, "%-22s first compile %6.0f ms; per compile, round by round: %s ms; warm median %.1f ms %s%n",
                what, first, perCompile.stream().map(ms -> String.format(Locale.ROOT, "%.0f", ms)).toList(), median, outcomes);
        return new double[] {first, median};
    }

    private static List<Sample> samples(Path root) throws IOException {
        List<Sample> samples = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path folder : files.filter(p -> p.toString().endsWith(".java")).map(Path::getParent).distinct().sorted().toList()) {
                Kata kata = Katas.byId(root.relativize(folder).getName(0).toString()).orElseThrow();
                List<SourceFile> sources = new ArrayList<>();
                try (Stream<Path> java = Files.list(folder)) {
                    for (Path file : java.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                        sources.add(new SourceFile(file.getFileName().toString(), Files.readString(file)));
                    }
                }
                samples.add(new Sample(sources, ExpectedClass.of(kata.className(), kata.entryPoints())));
            }
        }
        return samples;
    }
}

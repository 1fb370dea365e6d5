package org.katajudge.similarity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.katajudge.jvm.JvmEnvironment;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * JPlag ({@value #JPLAG}), the detector teachers know, run in a process of its own: JPlag 6 needs
 * Java 21 and the judge runs on 17, and in its own JVM JPlag's libraries (Jackson, ICU, commons-math)
 * never meet the judge's, and its memory is bounded apart. The judge writes each kata's sources to a
 * private temporary folder (hand-ins, known sources, base code), the worker
 * ({@code org.katajudge.similarity.worker.SimilarityWorker}, module {@code similarity-worker}) runs
 * JPlag's Java API on them and writes every comparison as JSON, and this class reads it back.
 *
 * <p>JPlag's settings: its Java language module, its default minimum match of 9 tokens, token
 * sequence normalization (against inserted dead code and reordered statements) and match merging
 * (against code inserted inside copied stretches), both new in JPlag 5 and 6.
 *
 * <p>Why one long file: it is the whole exchange with the worker process (its command, the files written for it, its JSON read back, every failure worded), which reads best in one place.
 */
public final class JPlagDetector implements SimilarityDetector {

    /** The JPlag the worker is built with (similarity-worker/pom.xml). */
    public static final String JPLAG = "6.0.0";
    /** JPlag 6's class files are Java 21's. */
    public static final int JAVA = 21;
    /** The worker's main class. */
    static final String MAIN = "org.katajudge.similarity.worker.SimilarityWorker";

    /**
     * How JPlag's two similarities make the one reported.
     */
    public enum Metric {
        /** Matched tokens over both sizes (JPlag's default, {@code AVG}). */
        AVERAGE,
        /** Matched tokens over the smaller size ({@code MAX}): a copy padded with code of its own still scores high. */
        MAXIMUM
    }

    /**
     * JPlag's settings.
     *
     * @param minimumTokenMatch the shortest run of tokens that counts as shared code
     * @param metric            the similarity reported
     * @param normalize         token sequence normalization
     * @param merging           match merging
     */
    public record Settings(int minimumTokenMatch, Metric metric, boolean normalize, boolean merging) {

        /**
         * The settings {@code similarity} uses, chosen by measurement (bench/similarity-measurement.sh):
         * with the maximum similarity a small solution padded with dead code reached 0.54 against an
         * independent one; the average kept every independent pair at 0.43 or less and every renamed,
         * reordered or recommented copy at 0.61 or more.
         */
        public static final Settings DEFAULT = new Settings(9, Metric.AVERAGE, true, true);
    }

    private final Path worker;
    private final JavaFinder.Jdk jdk;
    private final Settings settings;
    private final long timeoutSeconds;

    /**
     * @param worker         the worker's folder ({@code classes/} and {@code lib/}), see {@link #workerFolder}
     * @param jdk            the JDK to run it on
     * @param settings       JPlag's settings
     * @param timeoutSeconds how long the worker may take in all
     */
    public JPlagDetector(Path worker, JavaFinder.Jdk jdk, Settings settings, long timeoutSeconds) {
        this.worker = worker;
        this.jdk = jdk;
        this.settings = settings;
        this.timeoutSeconds = timeoutSeconds;
    }

    /**
     * The worker's folder: {@code -Dkatajudge.similarity.worker=DIR}, else {@code similarity/} beside
     * the judge's jar (or beside its classes: {@code judge/target/similarity}), where the build puts it.
     *
     * @throws SimilarityException when it is not there
     */
    public static Path workerFolder() throws SimilarityException {
        String property = System.getProperty("katajudge.similarity.worker");
        Path folder;
        if (property != null && !property.isBlank()) {
            folder = Path.of(property);
        } else {
            Path code;
            try {
                code = Path.of(JPlagDetector.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            } catch (Exception e) {
                throw new SimilarityException(SimilarityException.Kind.UNAVAILABLE,
                        "cannot tell where the judge's jar is, to find the similarity worker beside it: " + e);
            }
            folder = code.toAbsolutePath().getParent().resolve("similarity");
        }
        Path main = folder.resolve("classes").resolve(MAIN.replace('.', '/') + ".class");
        if (!Files.isRegularFile(main) || !Files.isDirectory(folder.resolve("lib"))) {
            throw new SimilarityException(SimilarityException.Kind.UNAVAILABLE, "the similarity worker (JPlag " + JPLAG
                    + ") is not at " + folder + ": the build puts it beside judge.jar (judge/target/similarity/;"
                    + " mvn -B package builds it), keep that folder with the jar");
        }
        return folder;
    }

    /** What runs, for the report. */
    public String describe() {
        return "JPlag " + JPLAG + " (Java module, minimum match " + settings.minimumTokenMatch() + " tokens, "
                + (settings.normalize() ? "token normalization, " : "") + (settings.merging() ? "match merging, " : "")
                + (settings.metric() == Metric.MAXIMUM ? "maximum" : "average") + " similarity) on Java " + jdk.version();
    }

    @Override
    public Detection detect(List<KataCode> katas) throws SimilarityException {
        Path scratch;
        try {
            scratch = Files.createTempDirectory("kata-judge-similarity-");
        } catch (IOException e) {
            throw new SimilarityException(SimilarityException.Kind.FAILED, "cannot create a temporary folder: " + e.getMessage());
        }
        try {
            return detect(katas, scratch);
        } finally {
            delete(scratch);
        }
    }

    private Detection detect(List<KataCode> katas, Path scratch) throws SimilarityException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode request = mapper.createObjectNode();
        request.put("minimumTokenMatch", settings.minimumTokenMatch());
        request.put("normalize", settings.normalize());
        request.put("merging", settings.merging());
        ArrayNode jobs = request.putArray("jobs");
        List<NotCompared> notCompared = new ArrayList<>();
        Map<String, Map<String, Source>> names = new HashMap<>(); // job -> folder name -> source
        try {
            for (int k = 0; k < katas.size(); k++) {
                KataCode kata = katas.get(k);
                if (kata.handins().isEmpty()) {
                    continue;
                }
                if (kata.handins().size() + kata.known().size() < 2) {
                    kata.handins().forEach(h -> notCompared.add(new NotCompared(h,
                            "the only hand-in of " + kata.kata() + ", and no known source: nothing to compare it with")));
                    continue;
                }
                String job = "job" + k;
                Path folder = scratch.resolve(job);
                Map<String, Source> byName = new HashMap<>();
                lay(folder.resolve("handins"), "h", kata.handins(), byName);
                if (!kata.known().isEmpty()) {
                    lay(folder.resolve("known"), "k", kata.known(), byName);
                }
                if (!kata.base().isEmpty()) {
                    writeFiles(folder.resolve("base"), kata.base());
                }
                names.put(job, byName);
                ObjectNode entry = jobs.addObject();
                entry.put("id", job);
                entry.put("submissions", folder.resolve("handins").toString());
                entry.put("known", kata.known().isEmpty() ? null : folder.resolve("known").toString());
                entry.put("base", kata.base().isEmpty() ? null : folder.resolve("base").toString());
            }
            if (jobs.isEmpty()) {
                return new Detection(describe(), List.of(), notCompared);
            }
            Path requestFile = scratch.resolve("request.json");
            mapper.writeValue(requestFile.toFile(), request);
            JsonNode response = run(requestFile, scratch.resolve("response.json"), scratch.resolve("worker.log"));
            List<Comparison> comparisons = new ArrayList<>();
            String detector = describe();
            for (JsonNode job : response.path("jobs")) {
                Map<String, Source> byName = names.get(job.path("id").asText());
                if (byName == null) {
                    throw new SimilarityException(SimilarityException.Kind.FAILED, "the similarity worker answered for a job"
                            + " it was not given: " + job.path("id").asText());
                }
                read(job, byName, comparisons, notCompared);
            }
            return new Detection(detector, comparisons, notCompared);
        } catch (IOException e) {
            throw new SimilarityException(SimilarityException.Kind.FAILED, "cannot lay out the sources for JPlag: " + e.getMessage(), e);
        }
    }

    /** Each source in a folder of its own, {@code <prefix><n>}, its files named {@code f<i>.java}. */
    private static void lay(Path root, String prefix, List<Source> sources, Map<String, Source> byName) throws IOException {
        Files.createDirectories(root);
        for (int i = 0; i < sources.size(); i++) {
            String name = prefix + i;
            byName.put(name, sources.get(i));
            writeFiles(root.resolve(name), sources.get(i).files());
        }
    }

    private static void writeFiles(Path folder, List<CodeFile> files) throws IOException {
        Files.createDirectories(folder);
        for (int i = 0; i < files.size(); i++) {
            Files.writeString(folder.resolve("f" + i + ".java"), files.get(i).text(), StandardCharsets.UTF_8);
        }
    }

    /** Starts the worker and waits for its answer. */
    private JsonNode run(Path request, Path response, Path log) throws SimilarityException {
        String classPath = worker.resolve("classes") + File.pathSeparator + worker.resolve("lib") + File.separator + "*";
        ProcessBuilder builder = new ProcessBuilder(jdk.java().toString(), "-Xmx1g", "-XX:+UseSerialGC",
                "-Dslf4j.internal.verbosity=ERROR", "-cp", classPath, MAIN, request.toString(), response.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        JvmEnvironment.stated(builder);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new SimilarityException(SimilarityException.Kind.UNAVAILABLE, "cannot start " + jdk.java() + ": " + e.getMessage());
        }
        try {
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                kill(process);
                throw new SimilarityException(SimilarityException.Kind.FAILED, "JPlag did not finish within "
                        + timeoutSeconds + " s");
            }
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            throw new SimilarityException(SimilarityException.Kind.FAILED, "interrupted while JPlag ran");
        }
        if (process.exitValue() != 0 || !Files.isRegularFile(response)) {
            throw new SimilarityException(SimilarityException.Kind.FAILED, "JPlag's worker ended with status "
                    + process.exitValue() + ": " + tail(log));
        }
        try {
            return new ObjectMapper().readTree(response.toFile());
        } catch (IOException e) {
            throw new SimilarityException(SimilarityException.Kind.FAILED, "JPlag's worker wrote no readable answer: " + e.getMessage());
        }
    }

    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** One job's answer: its comparisons, and what JPlag left out. */
    private void read(JsonNode job, Map<String, Source> byName, List<Comparison> comparisons, List<NotCompared> notCompared)
            throws SimilarityException {
        if (!job.path("error").isNull() && !job.path("error").isMissingNode()) {
            String error = job.path("error").asText();
            byName.values().stream().sorted(Comparator.comparing(Source::path))
                    .forEach(s -> notCompared.add(new NotCompared(s, "JPlag compared nothing of " + s.kata() + ": " + error)));
            return;
        }
        for (JsonNode state : job.path("submissions")) {
            Source source = source(byName, state.path("name").asText());
            String why = switch (state.path("state").asText()) {
                case "VALID" -> null;
                case "CANNOT_PARSE" -> "JPlag cannot parse it (a syntax error): not compared";
                case "TOO_SMALL" -> "too short to compare (" + state.path("tokens").asInt() + " tokens; a match needs at least "
                        + settings.minimumTokenMatch() + "): a copy of it could not be told from an independent solution";
                case "NOTHING_TO_PARSE" -> "no Java source JPlag could read";
                default -> "not compared by JPlag (" + state.path("state").asText() + ")";
            };
            if (why != null) {
                notCompared.add(new NotCompared(source, why));
            }
        }
        for (JsonNode comparison : job.path("comparisons")) {
            Source a = source(byName, comparison.path("a").asText());
            Source b = source(byName, comparison.path("b").asText());
            double similarity = settings.metric() == Metric.MAXIMUM ? comparison.path("maximum").asDouble()
                    : comparison.path("similarity").asDouble();
            List<MatchedCode> matches = new ArrayList<>();
            for (JsonNode match : comparison.path("matches")) {
                matches.add(new MatchedCode(match.path("tokens").asInt(), ranges(match.path("a"), a), ranges(match.path("b"), b)));
            }
            comparisons.add(new Comparison(a, b, Math.min(1, Math.max(0, similarity)), matches));
        }
    }

    private static Source source(Map<String, Source> byName, String name) throws SimilarityException {
        // with known sources JPlag names each by its root too ("known/k0"): the folder names are unique alone
        Source source = byName.get(name.substring(name.lastIndexOf('/') + 1));
        if (source == null) {
            throw new SimilarityException(SimilarityException.Kind.FAILED, "the similarity worker named a submission"
                    + " it was not given: " + name);
        }
        return source;
    }

    /** The worker's regions ({@code f<i>.java}, line ranges) as the source's own file names. */
    private static List<LineRange> ranges(JsonNode regions, Source source) {
        List<LineRange> ranges = new ArrayList<>();
        for (JsonNode region : regions) {
            String file = region.path("file").asText();
            String name = file;
            if (file.matches("f\\d+\\.java")) {
                int index = Integer.parseInt(file.substring(1, file.length() - ".java".length()));
                if (index < source.files().size()) {
                    name = source.files().get(index).name();
                }
            }
            for (JsonNode lines : region.path("lines")) {
                ranges.add(new LineRange(name, lines.path(0).asInt(), lines.path(1).asInt()));
            }
        }
        return ranges;
    }

    /** The last lines of the worker's output, for a message. */
    private static String tail(Path log) {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long length = file.length();
            int size = (int) Math.min(length, 2000);
            byte[] bytes = new byte[size];
            file.seek(length - size);
            file.readFully(bytes);
            String text = new String(bytes, StandardCharsets.UTF_8).strip();
            List<String> lines = text.lines().filter(l -> !l.startsWith("SLF4J")).toList();
            return lines.isEmpty() ? "(no output)" : String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
        } catch (IOException e) {
            return "(no output)";
        }
    }

    private static void delete(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }
}

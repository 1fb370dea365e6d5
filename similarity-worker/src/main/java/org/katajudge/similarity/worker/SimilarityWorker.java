package org.katajudge.similarity.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import de.jplag.JPlag;
import de.jplag.JPlagComparison;
import de.jplag.JPlagResult;
import de.jplag.Match;
import de.jplag.Submission;
import de.jplag.Token;
import de.jplag.clustering.ClusteringOptions;
import de.jplag.exceptions.BasecodeException;
import de.jplag.exceptions.ExitException;
import de.jplag.java.JavaLanguage;
import de.jplag.merging.MergingOptions;
import de.jplag.options.JPlagOptions;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code java -cp "similarity/classes:similarity/lib/*" org.katajudge.similarity.worker.SimilarityWorker REQUEST RESPONSE}:
 * runs JPlag on each job of the request and writes every comparison, with its matched regions,
 * to the response. The judge (Java 17) starts it on a Java 21 or newer, which JPlag 6 needs.
 *
 * <p>It only reads the folders the request names and writes the response file: the judge lays
 * out the sources and decides what is flagged. Exit status 0 when the response was written
 * (a job JPlag refused carries its {@code error}), 2 for a request it cannot read, 1 otherwise.
 */
public final class SimilarityWorker {

    private SimilarityWorker() {
    }

    public static void main(String[] args) {
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        if (args.length != 2) {
            err.println("usage: SimilarityWorker REQUEST.json RESPONSE.json");
            System.exit(2);
        }
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        WorkerRequest request;
        try {
            request = mapper.readValue(Path.of(args[0]).toFile(), WorkerRequest.class);
        } catch (IOException e) {
            err.println("similarity worker: cannot read the request " + args[0] + ": " + e.getMessage());
            System.exit(2);
            return;
        }
        try {
            List<WorkerResponse.Job> jobs = new ArrayList<>();
            for (WorkerRequest.Job job : request.jobs()) {
                jobs.add(run(request, job));
            }
            mapper.writeValue(Path.of(args[1]).toFile(), new WorkerResponse(JPlag.JPLAG_VERSION.toString(),
                    Runtime.version().toString(), jobs));
        } catch (IOException | RuntimeException e) {
            err.println("similarity worker: " + e);
            System.exit(1);
        }
    }

    /** One kata's hand-ins against each other and against the known sources, the base code left out. JPlag's clustering is off: the judge joins flagged pairs itself. */
    static WorkerResponse.Job run(WorkerRequest request, WorkerRequest.Job job) {
        Set<File> submissions = Set.of(new File(job.submissions()));
        Set<File> known = job.known() == null ? Set.of() : Set.of(new File(job.known()));
        JPlagOptions options = new JPlagOptions(new JavaLanguage(), submissions, known)
                .withMinimumTokenMatch(request.minimumTokenMatch())
                .withMaximumNumberOfComparisons(JPlagOptions.SHOW_ALL_COMPARISONS)
                .withNormalize(request.normalize())
                .withMergingOptions(new MergingOptions().withEnabled(request.merging()))
                .withClusteringOptions(new ClusteringOptions().withEnabled(false));
        if (job.base() != null) {
            options = options.withBaseCodeSubmissionDirectory(new File(job.base()));
        }
        JPlagResult result;
        String note = null;
        try {
            try {
                result = JPlag.run(options);
            } catch (BasecodeException e) {
                // JPlag refuses base code shorter than a match (a bare class and method signature is):
                // such code can match nothing, so leaving it out changes no comparison
                note = "base code not used: " + e.getMessage();
                result = JPlag.run(options.withBaseCodeSubmissionDirectory(null));
            }
        } catch (ExitException | RuntimeException e) {
            return new WorkerResponse.Job(job.id(), List.of(), List.of(), note, String.valueOf(e.getMessage()));
        }
        List<WorkerResponse.SubmissionState> states = new ArrayList<>();
        for (Submission submission : result.getSubmissions().getSubmissions()) {
            states.add(state(submission));
        }
        for (Submission submission : result.getSubmissions().getInvalidSubmissions()) {
            states.add(state(submission));
        }
        states.sort(Comparator.comparing(WorkerResponse.SubmissionState::name));
        List<WorkerResponse.Comparison> comparisons = new ArrayList<>();
        for (JPlagComparison comparison : result.getAllComparisons()) {
            comparisons.add(comparison(comparison));
        }
        return new WorkerResponse.Job(job.id(), states, comparisons, note, null);
    }

    private static WorkerResponse.SubmissionState state(Submission submission) {
        return new WorkerResponse.SubmissionState(submission.getName(), submission.getState().name(),
                submission.getTokenList() == null ? 0 : submission.getNumberOfTokens(), !submission.isNew());
    }

    private static WorkerResponse.Comparison comparison(JPlagComparison comparison) {
        Submission first = comparison.firstSubmission();
        Submission second = comparison.secondSubmission();
        List<WorkerResponse.Match> matches = new ArrayList<>();
        for (Match match : comparison.matches()) {
            matches.add(new WorkerResponse.Match(match.length(),
                    regions(first, match.startOfFirst(), match.length()),
                    regions(second, match.startOfSecond(), match.length())));
        }
        return new WorkerResponse.Comparison(first.getName(), second.getName(), comparison.similarity(),
                comparison.maximalSimilarity(), comparison.getNumberOfMatchedTokens(), matches);
    }

    /**
     * The lines a run of tokens covers, per file, as ranges of consecutive lines: with
     * normalization the tokens of a match need not come from consecutive lines.
     */
    private static List<WorkerResponse.Region> regions(Submission submission, int start, int length) {
        List<Token> tokens = submission.getTokenList();
        Map<String, TreeSet<Integer>> lines = new TreeMap<>();
        Path root = submission.getRoot().toPath();
        for (int i = start; i < start + length && i < tokens.size(); i++) {
            Token token = tokens.get(i);
            if (token.getLine() <= 0 || token.getFile() == null) {
                continue;
            }
            Path file = token.getFile().toPath();
            String name = (file.startsWith(root) ? root.relativize(file) : file.getFileName()).toString().replace('\\', '/');
            lines.computeIfAbsent(name, n -> new TreeSet<>()).add(token.getLine());
        }
        List<WorkerResponse.Region> regions = new ArrayList<>();
        lines.forEach((file, set) -> {
            List<int[]> ranges = new ArrayList<>();
            for (int line : set) {
                if (!ranges.isEmpty() && ranges.get(ranges.size() - 1)[1] + 1 >= line) {
                    ranges.get(ranges.size() - 1)[1] = line;
                } else {
                    ranges.add(new int[] {line, line});
                }
            }
            regions.add(new WorkerResponse.Region(file, ranges.stream().map(r -> List.of(r[0], r[1])).toList()));
        });
        return regions;
    }
}

package org.katajudge.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.katajudge.report.CaseViews;
import org.katajudge.report.ClassResults;
import org.katajudge.report.ReportJson;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;
import org.katajudge.report.json.JsonReport;
import org.katajudge.shard.ShardReports;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code merge [options] REPORT.json...}: the JSON reports of the shards of one run
 * ({@code grade --shard K/N --json ...}) as the one report a single run would have written,
 * and its JUnit XML and gradebook.
 */
@Command(name = MergeCommand.NAME, customSynopsis = "[options] REPORT.json...",
        header = "combine the JSON reports of grade --shard K/N into one",
        description = "Combines the JSON reports of the N shards of one grading run (grade --shard K/N --json FILE on"
                + " each of N machines) into the report a single run would have written. Refuses anything that is not"
                + " exactly the N shards of one run: a shard missing or given twice, different seeds, trees or judge"
                + " versions, a submission in two shards.",
        exitCodeList = {"0:every submission ACCEPTED", "1:some submission not",
                "2:usage error, or reports that do not make one run"},
        footer = "See: docs/guides/shards.md")
final class MergeCommand implements JudgeCommand {

    static final String NAME = "merge";

    @Parameters(paramLabel = "REPORT.json", description = "the shards' JSON reports")
    List<String> files = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "write the merged JSON report")
    Optional<Path> json;

    @Option(names = "--junit-xml", paramLabel = "DIR", description = "write the merged JUnit XML (DIR/TEST-kata-judge.xml)")
    Optional<Path> junitXml;

    @Option(names = "--csv", paramLabel = "FILE", description = "write the merged gradebook")
    Optional<Path> csv;

    @Option(names = "--csv-bom", description = "start the gradebook with a UTF-8 byte order mark (for Excel)")
    boolean csvBom;

    @Option(names = "--quiet", description = "print only failures and the summary")
    boolean quiet;

    @Option(names = "--help", usageHelp = true, description = "this help")
    boolean help;

    @Override
    public int run(PrintStream out, PrintStream err) throws UsageException {
        if (files.isEmpty()) {
            throw new UsageException(NAME + ": give the shards' JSON reports (see: " + NAME + " --help)");
        }
        Map<String, JsonNode> reports = new LinkedHashMap<>();
        for (String file : files) {
            if (reports.put(file, read(Path.of(file))) != null) {
                throw new UsageException(NAME + ": " + file + " given twice");
            }
        }
        ShardReports shards;
        try {
            shards = ShardReports.check(reports);
        } catch (IllegalArgumentException e) {
            throw new UsageException(NAME + ": " + e.getMessage());
        }
        List<SubmissionResult> results = new ArrayList<>();
        for (JsonNode node : shards.results()) {
            try {
                results.add(ReportJson.mapper().treeToValue(node, SubmissionResult.class));
            } catch (JsonProcessingException e) {
                throw new UsageException(NAME + ": a result of " + node.path("submission").asText()
                        + " is not a kata-judge result: " + e.getOriginalMessage());
            }
        }
        Duration elapsed = Duration.ofMillis(Math.round(shards.longestSeconds() * 1000));
        ConsoleReport console = new ConsoleReport(out);
        for (SubmissionResult result : results) {
            if (!quiet || result.verdict() != Verdict.ACCEPTED) {
                console.result(result);
            }
        }
        console.summary(results, elapsed);
        // the shards' results as they wrote them, not as read back: nothing lost in between
        Outputs outputs = Outputs.from(Outputs.Requested.reports(json, csv, csvBom, junitXml)).withJson(JsonReport.withResultsAsWritten(shards.results()));
        outputs.write(NAME, new ClassResults(results, CaseViews.NONE, elapsed, shards.seed(), Main.version(), false)
                .withCompletion(ClassResults.Completion.COMPLETE));
        return results.stream().allMatch(r -> r.verdict() == Verdict.ACCEPTED) ? ExitCode.OK : ExitCode.FAILED;
    }

    private static JsonNode read(Path file) throws UsageException {
        try {
            return ReportJson.mapper().readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new UsageException(NAME + ": " + file + " is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UsageException(NAME + ": cannot read " + file + ": " + e.getMessage());
        }
    }
}

package org.katajudge.shard;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JSON reports of the N shards of one grading run, checked to be exactly that: every shard
 * from 1 to N once, the same seed and judge version, no submission twice, and together as many
 * submissions as each shard says the whole run has. Anything else is refused, naming the
 * report: a merged report that silently lacks a shard would pass submissions nobody graded.
 */
public final class ShardReports {

    private final List<JsonNode> results;
    private final long seed;
    private final double longestSeconds;

    private ShardReports(List<JsonNode> results, long seed, double longestSeconds) {
        this.results = results;
        this.seed = seed;
        this.longestSeconds = longestSeconds;
    }

    /**
     * @param reports each shard's report, by a name for messages (its file)
     * @throws IllegalArgumentException naming what does not fit
     */
    public static ShardReports check(Map<String, JsonNode> reports) {
        if (reports.isEmpty()) {
            throw new IllegalArgumentException("no reports to merge");
        }
        Integer count = null;
        Long total = null;
        Long seed = null;
        String version = null;
        Map<Integer, String> shards = new TreeMap<>();
        Map<String, String> seen = new HashMap<>();
        List<JsonNode> results = new ArrayList<>();
        double longest = 0;
        for (Map.Entry<String, JsonNode> entry : reports.entrySet()) {
            String name = entry.getKey();
            JsonNode report = entry.getValue();
            JsonNode shard = report.get("shard");
            if (shard == null || !shard.isObject()) {
                throw new IllegalArgumentException(name + " is not a shard's report (no \"shard\": grade it with --shard K/N)");
            }
            if (!report.path("judge").path("command").asText().equals("grade")) {
                throw new IllegalArgumentException(name + " is not a report of grade");
            }
            if (report.path("summary").path("interrupted").asBoolean(false)) {
                // a merged report must not pass for the whole run while a shard left submissions ungraded
                throw new IllegalArgumentException(name + " is of an interrupted run: "
                        + report.path("summary").path("notGraded").size() + " submission(s) not graded; grade that shard again");
            }
            int index = shard.path("index").asInt();
            int n = shard.path("count").asInt();
            long submissions = shard.path("submissions").asLong();
            long reportSeed = report.path("summary").path("seed").asLong();
            String reportVersion = report.path("judge").path("version").asText();
            if (count == null) {
                count = n;
                total = submissions;
                seed = reportSeed;
                version = reportVersion;
            } else if (n != count) {
                throw new IllegalArgumentException(name + " is shard " + index + "/" + n + ", the others are of " + count);
            } else if (submissions != total) {
                throw new IllegalArgumentException(name + " was cut from " + submissions + " submissions, the others from "
                        + total + ": the shards graded different trees");
            } else if (reportSeed != seed) {
                throw new IllegalArgumentException(name + " has seed " + reportSeed + ", the others " + seed);
            } else if (!reportVersion.equals(version)) {
                throw new IllegalArgumentException(name + " was written by kata-judge " + reportVersion + ", the others by " + version);
            }
            String earlier = shards.put(index, name);
            if (earlier != null) {
                throw new IllegalArgumentException(name + " and " + earlier + " are both shard " + index + "/" + n);
            }
            for (JsonNode result : report.path("results")) {
                String submission = result.path("submission").asText();
                String other = seen.put(submission, name);
                if (other != null) {
                    throw new IllegalArgumentException(submission + " is in both " + other + " and " + name);
                }
                results.add(result);
            }
            longest = Math.max(longest, report.path("summary").path("seconds").asDouble());
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            if (!shards.containsKey(i)) {
                missing.add(i);
            }
        }
        if (!missing.isEmpty()) {
            int n = count;
            throw new IllegalArgumentException("shard" + (missing.size() == 1 ? " " : "s ")
                    + String.join(", ", missing.stream().map(i -> i + "/" + n).toList())
                    + " missing: " + n + " shards make the run, " + shards.size() + " given");
        }
        if (results.size() != total) {
            throw new IllegalArgumentException("the shards hold " + results.size() + " results, but the run has " + total
                    + " submissions");
        }
        results.sort(Comparator.comparing(r -> r.path("submission").asText()));
        return new ShardReports(List.copyOf(results), seed, longest);
    }

    /** Every shard's results, in submission order, as a single run orders them. */
    public List<JsonNode> results() {
        return results;
    }

    public long seed() {
        return seed;
    }

    /** The longest shard's time: shards run side by side. */
    public double longestSeconds() {
        return longestSeconds;
    }
}

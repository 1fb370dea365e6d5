package org.katajudge.similarity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The similarity of a class's hand-ins, for the teacher only: every pair compared, the pairs at
 * or above the threshold flagged, and the clusters they form. A flag is a reason to look, never
 * a verdict: independent solutions of a short kata can look alike.
 *
 * @param threshold   pairs with a similarity at or above it are flagged
 * @param detector    what compared them ({@code JPlag 6.0.0 on Java 25, ...})
 * @param pairs       every pair compared, by kata, most similar first
 * @param clusters    groups of sources joined by flagged pairs, largest first
 * @param notCompared the sources left out, each with its reason
 */
public record SimilarityReport(double threshold, String detector, List<Pair> pairs, List<Cluster> clusters,
                               List<NotCompared> notCompared) {

    /**
     * The threshold when the teacher gives none: inside the gap measured between the planted
     * copies (renamed, reordered, recommented: 0.61 and more) and the independent solutions of the
     * six katas (0.43 and less), with JPlag's average similarity (bench/similarity-measurement.sh).
     */
    public static final double DEFAULT_THRESHOLD = 0.5;

    public SimilarityReport {
        pairs = List.copyOf(pairs);
        clusters = List.copyOf(clusters);
        notCompared = List.copyOf(notCompared);
    }

    /**
     * Two sources compared.
     *
     * @param kata       the kata
     * @param a          a hand-in
     * @param b          another hand-in, or a known source
     * @param similarity 0 to 1
     * @param flagged    whether {@code similarity} reaches the threshold
     * @param cluster    the number of the cluster both are in (1 is the first), 0 when not flagged
     * @param matches    the code they share
     */
    public record Pair(String kata, Source a, Source b, double similarity, boolean flagged, int cluster,
                       List<MatchedCode> matches) {

        public Pair {
            matches = List.copyOf(matches);
        }
    }

    /**
     * Sources joined by flagged pairs: two are in one cluster exactly when a chain of flagged pairs
     * joins them.
     *
     * @param number  1 for the first, in report order
     * @param kata    the kata
     * @param members the hand-ins and known sources in it, hand-ins first, each by path order
     * @param highest the highest similarity of a flagged pair in it
     * @param flagged how many of its pairs are flagged
     */
    public record Cluster(int number, String kata, List<Source> members, double highest, int flagged) {

        public Cluster {
            members = List.copyOf(members);
        }

        /** Its hand-ins: the members that are not known sources. */
        public List<Source> handins() {
            return members.stream().filter(s -> !s.known()).toList();
        }
    }

    /** The report of {@code detection} at {@code threshold}. */
    public static SimilarityReport of(Detection detection, double threshold) {
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("threshold " + threshold + " is not in (0, 1]");
        }
        List<Comparison> ordered = new ArrayList<>(detection.comparisons());
        ordered.replaceAll(SimilarityReport::handinFirst);
        ordered.sort(Comparator.comparing((Comparison c) -> c.a().kata())
                .thenComparing(Comparator.comparingDouble(Comparison::similarity).reversed())
                .thenComparing(c -> c.a().path()).thenComparing(c -> c.b().path()));
        List<List<Source>> groups = connected(ordered.stream().filter(c -> c.similarity() >= threshold).toList());
        Map<Source, Integer> clusterOf = new HashMap<>();
        List<Cluster> clusters = new ArrayList<>();
        for (List<Source> members : groups) {
            int number = clusters.size() + 1;
            members.forEach(m -> clusterOf.put(m, number));
            List<Comparison> inside = ordered.stream()
                    .filter(c -> c.similarity() >= threshold && clusterOf.get(c.a()) != null && clusterOf.get(c.a()) == number)
                    .toList();
            clusters.add(new Cluster(number, members.get(0).kata(), members,
                    inside.stream().mapToDouble(Comparison::similarity).max().orElse(0), inside.size()));
        }
        List<Pair> pairs = ordered.stream()
                .map(c -> {
                    boolean flagged = c.similarity() >= threshold;
                    return new Pair(c.a().kata(), c.a(), c.b(), c.similarity(), flagged,
                            flagged ? clusterOf.get(c.a()) : 0, c.matches());
                })
                .toList();
        return new SimilarityReport(threshold, detection.detector(), pairs, clusters, detection.notCompared());
    }

    /** The pair with a hand-in as {@code a}, and two hand-ins in path order. */
    private static Comparison handinFirst(Comparison c) {
        boolean swap = c.a().known() && !c.b().known()
                || c.a().known() == c.b().known() && c.a().path().compareTo(c.b().path()) > 0;
        return swap ? new Comparison(c.b(), c.a(), c.similarity(), c.matches().stream().map(MatchedCode::swapped).toList())
                : c;
    }

    /**
     * The connected components of the graph whose edges are {@code flagged}, each with at least
     * two members: largest first, then by kata and first member. A union-find of a few lines,
     * because JPlag's own clustering drops clusters it finds weak (measured: ten pairs of one
     * kata at similarity 1.0 gave no cluster), and a teacher must find every flagged pair in one.
     */
    private static List<List<Source>> connected(List<Comparison> flagged) {
        Map<Source, Source> parent = new LinkedHashMap<>();
        for (Comparison c : flagged) {
            parent.putIfAbsent(c.a(), c.a());
            parent.putIfAbsent(c.b(), c.b());
            Source rootA = root(parent, c.a());
            Source rootB = root(parent, c.b());
            if (rootA != rootB) {
                parent.put(rootA, rootB);
            }
        }
        Map<Source, List<Source>> byRoot = new LinkedHashMap<>();
        for (Source source : parent.keySet()) {
            byRoot.computeIfAbsent(root(parent, source), r -> new ArrayList<>()).add(source);
        }
        Comparator<Source> memberOrder = Comparator.comparing(Source::known).thenComparing(Source::path);
        List<List<Source>> groups = new ArrayList<>();
        for (List<Source> members : byRoot.values()) {
            members.sort(memberOrder);
            groups.add(List.copyOf(members));
        }
        groups.sort(Comparator.<List<Source>>comparingInt(g -> -g.size())
                .thenComparing(g -> g.get(0).kata())
                .thenComparing(g -> g.get(0).path()));
        return groups;
    }

    private static Source root(Map<Source, Source> parent, Source source) {
        Source root = source;
        while (parent.get(root) != root) {
            root = parent.get(root);
        }
        return root;
    }

    /** The number of pairs flagged. */
    public long flaggedCount() {
        return pairs.stream().filter(Pair::flagged).count();
    }

    /** The katas compared, in order, with how many hand-ins of each were compared. */
    public Map<String, Integer> katas() {
        Map<String, Set<String>> handins = new TreeMap<>();
        for (Pair pair : pairs) {
            Set<String> set = handins.computeIfAbsent(pair.kata(), k -> new TreeSet<>());
            set.add(pair.a().path());
            if (!pair.b().known()) {
                set.add(pair.b().path());
            }
        }
        Map<String, Integer> counts = new TreeMap<>();
        handins.forEach((kata, set) -> counts.put(kata, set.size()));
        return counts;
    }
}

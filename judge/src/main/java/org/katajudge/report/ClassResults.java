package org.katajudge.report;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What every report writer gets: the results of one run and what the reports say about the run
 * (which command, how long, with which seed, whether it was interrupted and whom it did not
 * grade, which shard). The student view ({@link StudentView}) is applied here, once: writers for
 * students take {@link #forStudents()}, the others {@link #shown()}, as this run shows results
 * ({@code --student-view} or not). No writer applies it itself.
 */
public final class ClassResults {

    private final String command;
    private final List<SubmissionResult> results;
    private final List<SubmissionResult> students;
    /** {@link #students} with their replay commands as a student runs them, for the student view's own outputs; made when first asked. */
    private List<SubmissionResult> studentsShown;
    private final CaseViews views;
    private final Duration elapsed;
    private final long seed;
    private final String judgeVersion;
    private final boolean studentView;
    private final Optional<Completion> completion;
    private final Optional<Share> shard;

    /**
     * The end of a run that can be interrupted ({@code grade}), as reports say it.
     *
     * @param interrupted whether it was cancelled (Ctrl-C) before it ended
     * @param notGraded   the submissions it did not grade for that reason
     * @param why         what reports say of them
     */
    public record Completion(boolean interrupted, List<NotGraded> notGraded, String why) {

        public Completion {
            notGraded = List.copyOf(notGraded);
        }

        /** A run that ended, every submission graded. */
        public static final Completion COMPLETE = new Completion(false, List.of(), "");
    }

    /**
     * A submission without a result.
     *
     * @param submission its path, as reports show it
     */
    public record NotGraded(String submission, String student, String kata) {
    }

    /**
     * The share of a run one machine graded ({@code grade --shard K/N}).
     *
     * @param submissions the submissions of the whole run, all shares together
     */
    public record Share(int index, int count, int submissions) {
    }

    private ClassResults(String command, List<SubmissionResult> results, CaseViews views, Duration elapsed, long seed,
                         String judgeVersion, boolean studentView, Optional<Completion> completion, Optional<Share> shard) {
        this.command = command;
        this.results = List.copyOf(results);
        this.students = this.results.stream().map(StudentView::of).toList();
        this.views = views;
        this.elapsed = elapsed;
        this.seed = seed;
        this.judgeVersion = judgeVersion;
        this.studentView = studentView;
        this.completion = completion;
        this.shard = shard;
    }

    /**
     * The results of a run of {@code grade}, neither interrupted nor sharded.
     *
     * @param results     one result per submission, in report order, as the teacher sees them
     * @param views       pictures and calls for the counterexamples
     * @param elapsed     the run's wall-clock time
     * @param seed        the seed of the random tests
     * @param studentView whether the run's reports are for students: hidden tests show only whether they passed
     */
    public ClassResults(List<SubmissionResult> results, CaseViews views, Duration elapsed, long seed, String judgeVersion,
                        boolean studentView) {
        this("grade", results, views, elapsed, seed, judgeVersion, studentView, Optional.empty(), Optional.empty());
    }

    /** These results as the report of {@code command} ({@code grade}, {@code fuzz}, {@code verify}). */
    public ClassResults ofCommand(String name) {
        return new ClassResults(name, results, views, elapsed, seed, judgeVersion, studentView, completion, shard);
    }

    /** These results with how the run ended, for the reports that say it. */
    public ClassResults withCompletion(Completion end) {
        return new ClassResults(command, results, views, elapsed, seed, judgeVersion, studentView, Optional.of(end), shard);
    }

    public ClassResults withShard(Share share) {
        return new ClassResults(command, results, views, elapsed, seed, judgeVersion, studentView, completion,
                Optional.of(share));
    }

    /** The command whose run this is. */
    public String command() {
        return command;
    }

    /** The results as the teacher sees them. */
    public List<SubmissionResult> results() {
        return results;
    }

    /**
     * The results as this run shows them: the students' view in the student view (replay commands
     * as a student runs them), else the teacher's.
     */
    public synchronized List<SubmissionResult> shown() {
        if (!studentView) {
            return results;
        }
        if (studentsShown == null) { // once, and only for a run that shows it: each reads the hand-in's folder
            studentsShown = students.stream().map(result -> StudentView.withStudentReplay(result, views)).toList();
        }
        return studentsShown;
    }

    /** The results as students may see them, in the order of {@link #results()}. */
    public List<SubmissionResult> forStudents() {
        return students;
    }

    public CaseViews views() {
        return views;
    }

    public Duration elapsed() {
        return elapsed;
    }

    public long seed() {
        return seed;
    }

    public String judgeVersion() {
        return judgeVersion;
    }

    public boolean studentView() {
        return studentView;
    }

    /** How the run ended, for a command that can be interrupted; empty for the others. */
    public Optional<Completion> completion() {
        return completion;
    }

    public Optional<Share> shard() {
        return shard;
    }

    /** How many results got each verdict, in the verdicts' order. */
    public static Map<Verdict, Integer> verdictCounts(List<SubmissionResult> results) {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        results.forEach(r -> counts.merge(r.verdict(), 1, Integer::sum));
        return counts;
    }
}

package org.katajudge.server;

import org.katajudge.catalog.KataCatalog;
import org.katajudge.engine.plan.Submission;
import org.katajudge.files.Trees;
import org.katajudge.intake.Handin;
import org.katajudge.intake.Intake;
import org.katajudge.intake.IntakeException;
import org.katajudge.report.CapturedOutput;
import org.katajudge.report.ResultBounds;
import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Timings;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns an attempt's files into the {@link Submission} {@code grade} would make of the same
 * files in a folder: they are written to a scratch folder and read by the same {@link Intake}
 * (decoding, package lines, file names), then the folder is removed.
 */
public final class AttemptIntake {

    private final Map<String, String> kataClasses = new LinkedHashMap<>();
    private final Path scratch;

    public AttemptIntake(KataCatalog catalog, Path scratch) {
        catalog.katas().forEach(k -> kataClasses.put(k.id(), k.spec().className()));
        this.scratch = scratch;
    }

    /** Where an attempt's result says it came from. */
    public static String location(Attempt attempt) {
        return "attempt-" + attempt.id();
    }

    /**
     * What intake makes of an attempt: the submission to grade, or the result of an attempt it
     * refuses (no usable source).
     */
    public record Prepared(Optional<Submission> submission, Optional<SubmissionResult> refused) {
    }

    public Prepared prepare(Attempt attempt) {
        Read read = read(attempt);
        return read.submission.isPresent() ? new Prepared(read.submission, Optional.empty())
                : new Prepared(Optional.empty(), Optional.of(result(attempt, Verdict.REJECTED, read.refusal)));
    }

    /** A result saying the judge failed, not the submission. */
    public SubmissionResult judgeError(Attempt attempt, String why) {
        return result(attempt, Verdict.JUDGE_ERROR, "judge error (not the submission's fault): " + why);
    }

    private record Read(Optional<Submission> submission, String refusal) {
    }

    private Read read(Attempt attempt) {
        Path folder = null;
        try {
            Files.createDirectories(scratch);
            folder = Files.createTempDirectory(scratch, "attempt-" + attempt.id() + "-");
            Path student = folder.resolve(location(attempt));
            Files.createDirectories(student);
            for (Map.Entry<String, String> file : attempt.files().entrySet()) {
                Files.writeString(student.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
            }
            Handin handin = new Intake(kataClasses, Optional.of(attempt.kata())).readOne(student, attempt.kata());
            Submission read = Submission.of(handin);
            return new Read(Optional.of(new Submission(location(attempt), Optional.empty(), attempt.person(),
                    attempt.kata(), read.sources(), read.notes(), read.decided())), null);
        } catch (IntakeException e) {
            return new Read(Optional.empty(), e.getMessage());
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the attempt's files to " + scratch + ": " + e.getMessage(), e);
        } finally {
            if (folder != null) {
                Trees.deleteQuietly(folder); // what cannot be deleted is left for the next start
            }
        }
    }

    private static SubmissionResult result(Attempt attempt, Verdict verdict, String message) {
        return ResultBounds.apply(new SubmissionResult(location(attempt), attempt.person(), attempt.kata(), verdict,
                message, 0, 0, List.of(), 0, 0, new Timings(0, 0, 0), CapturedOutput.NONE, null, List.of(), List.of(),
                List.of(), null));
    }
}

package org.katajudge.cli;

import org.katajudge.report.SubmissionResult;
import org.katajudge.report.Verdict;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The progress of a batch on a terminal: one line (done/total, verdict counts, time left) that
 * is redrawn in place as submissions finish, stepped aside for the result lines printed above
 * it, and erased when the batch is done. Disabled, it prints nothing at all: output to a pipe or
 * a file, and {@code --quiet}, carry no trace of it.
 */
final class ProgressLine {

    /** Carriage return and "erase the whole line" (ANSI EL 2): the cursor stays on the line. */
    static final String ERASE = "\r\033[2K";

    private final PrintStream out;
    private final int total;
    private final LongSupplier nanoTime;
    private final boolean enabled;
    private final long started;
    private final Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
    private int done;
    private boolean drawn;

    /**
     * @param out      where the line goes: the terminal
     * @param total    submissions in the batch
     * @param nanoTime the clock (a test's own)
     * @param enabled  false for anything but an interactive terminal, and for {@code --quiet}
     */
    ProgressLine(PrintStream out, int total, LongSupplier nanoTime, boolean enabled) {
        this.out = out;
        this.total = total;
        this.nanoTime = nanoTime;
        this.enabled = enabled && total > 0;
        this.started = nanoTime.getAsLong();
    }

    /** Shows the line before the first result. */
    synchronized void start() {
        draw();
    }

    /** Erases the line, so a result can be printed where it was; {@link #finished} draws it again. */
    synchronized void clear() {
        if (drawn) {
            out.print(ERASE);
            out.flush();
            drawn = false;
        }
    }

    /** Counts a finished submission and redraws the line (unless it was the last). */
    synchronized void finished(SubmissionResult result) {
        done++;
        counts.merge(result.verdict(), 1, Integer::sum);
        clear();
        if (done < total) {
            draw();
        }
    }

    /** Erases the line for good. */
    synchronized void done() {
        clear();
    }

    /** E.g. {@code grading 12/53  AC 8  WA 3  TLE 1  about 0:42 left}. */
    synchronized String text() {
        StringBuilder line = new StringBuilder("grading ").append(done).append('/').append(total);
        counts.forEach((verdict, count) -> line.append("  ").append(verdict.abbreviation()).append(' ').append(count));
        if (done > 0 && done < total) {
            long elapsed = nanoTime.getAsLong() - started;
            long left = Math.round(elapsed / 1e9 / done * (total - done));
            line.append(String.format(Locale.ROOT, "  about %d:%02d left", left / 60, left % 60));
        }
        return line.toString();
    }

    private void draw() {
        if (enabled) {
            out.print(ERASE + text());
            out.flush();
            drawn = true;
        }
    }
}

package org.katajudge.intake;

import org.katajudge.report.Verdict;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What has been found of one student's hand-in so far, while it is read: the files, the notes
 * on what was skipped, and the student's {@link Budget}, which every file read is charged to.
 */
final class Gathered {

    /** How far the lists had grown, to drop what an unreadable archive added. */
    record Mark(int files, int notes) {
    }

    private final Budget budget;
    private final List<Found> files = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    Gathered(IntakeLimits limits) {
        this.budget = new Budget(limits);
    }

    Budget budget() {
        return budget;
    }

    IntakeLimits limits() {
        return budget.limits();
    }

    void add(Found file) {
        files.add(file);
    }

    void note(String note) {
        notes.add(note);
    }

    Mark mark() {
        return new Mark(files.size(), notes.size());
    }

    /** Drops what was found since the mark. */
    void dropSince(Mark mark) {
        files.subList(mark.files(), files.size()).clear();
        notes.subList(mark.notes(), notes.size()).clear();
    }

    /** A {@code .java} file's bytes, within the bounds of one source and of all of them. */
    byte[] source(InputStream in, String relative) throws IOException, Refused {
        long max = budget.limits().maxSourceBytes();
        byte[] bytes = in.readNBytes((int) max + 1);
        if (bytes.length > max) {
            throw new Refused(Verdict.COMPILE_ERROR, HandinPaths.show(relative) + " is larger than " + Budget.mib(max)
                    + ": not compiled");
        }
        budget.source(bytes.length, HandinPaths.show(relative));
        return bytes;
    }

    /** What was found, the files sorted by path. */
    HandinReader.Findings findings() {
        List<Found> sorted = new ArrayList<>(files);
        sorted.sort(Comparator.comparing(Found::path));
        return new HandinReader.Findings(List.copyOf(sorted), List.copyOf(notes));
    }
}

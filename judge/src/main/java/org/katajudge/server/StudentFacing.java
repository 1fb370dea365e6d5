package org.katajudge.server;

import org.katajudge.catalog.Example;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.report.StudentView;
import org.katajudge.report.SubmissionResult;

import java.util.List;

/**
 * The one place where what a student may see of a grading is decided: every result and every
 * test event a student's response carries passes through here, so a fix to {@link StudentView}
 * applies to the server at once. Hidden tests stay hidden exactly as with
 * {@code grade --student-view}.
 */
public final class StudentFacing {

    private StudentFacing() {
    }

    /** A result as its student may see it. */
    public static SubmissionResult result(SubmissionResult teacherResult) {
        return StudentView.of(teacherResult);
    }

    /**
     * A test event as its student may see it: a hidden example is {@code hidden test N} (its key too), numbered
     * as {@link StudentView} numbers it (the kata's hidden examples in order, from 1).
     */
    public static TestEvent event(TestEvent event, KataDefinition kata) { // kata null: unknown, every hidden test unnamed
        if (!event.hidden()) {
            return event;
        }
        List<Example> hidden = kata == null ? List.of() : kata.examples().stream().filter(Example::hidden).toList();
        for (int i = 0; i < hidden.size(); i++) {
            if (event.key().equals("example:" + hidden.get(i).name())) {
                return new TestEvent("hidden:" + (i + 1), StudentView.hiddenName(i + 1), true, event.status());
            }
        }
        return new TestEvent("hidden", "hidden test", true, event.status()); // another kind: not even its key
    }
}

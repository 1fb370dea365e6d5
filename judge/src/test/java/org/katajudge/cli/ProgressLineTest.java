package org.katajudge.cli;

import org.junit.jupiter.api.Test;
import org.katajudge.report.HandMade;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The progress line: redrawn in place on a terminal, erased when done, absent anywhere else. */
class ProgressLineTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final AtomicLong clock = new AtomicLong();

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void onATerminalItCountsRedrawsAndDisappears() {
        ProgressLine progress = new ProgressLine(out, 3, clock::get, true);
        progress.start();
        assertEquals(ProgressLine.ERASE + "grading 0/3", printed());

        clock.set(10_000_000_000L); // 10 s for the first submission
        progress.clear();
        out.println("WA   xiangqi ...");  // a result line, printed where the progress line was
        progress.finished(HandMade.xiangqiWrong("a", "a"));
        assertTrue(printed().endsWith("WA   xiangqi ...\n" + ProgressLine.ERASE + "grading 1/3  WA 1  about 0:20 left"),
                printed());

        clock.set(15_000_000_000L);
        progress.clear();
        progress.finished(HandMade.accepted("b", "k"));
        assertTrue(printed().endsWith(ProgressLine.ERASE + "grading 2/3  AC 1  WA 1  about 0:08 left"), printed());

        progress.clear();
        progress.finished(HandMade.accepted("c", "k"));
        progress.done();
        assertTrue(printed().endsWith("left" + ProgressLine.ERASE), "the last count erases the line for good: " + printed());
    }

    @Test
    void elsewhereItPrintsNothing() {
        ProgressLine progress = new ProgressLine(out, 3, clock::get, false);
        progress.start();
        progress.clear();
        progress.finished(HandMade.accepted("b", "k"));
        progress.done();
        assertEquals("", printed());
    }
}

package org.katajudge.fuzz.shrink;

import java.util.List;

/** The shrinker's passes in the order it runs them: cheapest and most often helpful first. */
public final class ShrinkPasses {

    /**
     * Delete whole parts, delete and zero spans, minimize each draw, borrow between digits, lower
     * a count with what follows it, reorder parts, shift between neighbours, lower the kind, raise
     * a draw when that removes a piece, delete one piece while moving another, redraw tails.
     */
    public static final List<ShrinkPass> ALL = List.of(new DeleteParts(), new DeleteSpans(), new ZeroSpans(),
            new MinimizeValues(), new Borrow(), new LowerAndDelete(), new Reorder(), new Shift(), new LowerKind(),
            new RaiseToRemove(), new DeleteAndMove(), new Redraw());

    private ShrinkPasses() {
    }
}

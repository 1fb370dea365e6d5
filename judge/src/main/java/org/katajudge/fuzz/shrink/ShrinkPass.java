package org.katajudge.fuzz.shrink;

import org.katajudge.choice.ChoiceSequence;

import java.util.List;

/**
 * One way of making a failing case smaller: from the shape of the best case so far, the
 * candidates to try, most promising first. A pure function: the same shape gives the same
 * candidates. Whether a candidate is smaller and still fails is the shrinker's business; a pass
 * may propose candidates that are neither.
 */
public interface ShrinkPass {

    /** A short name, for tests and traces. */
    String name();

    /** The candidates, in the order they are tried. */
    List<ChoiceSequence> candidates(Shape shape);
}

package org.katajudge.similarity;

import java.util.List;

/**
 * One stretch of code two sources share, as the detector matched it: where it is in each.
 *
 * @param tokens its length in the detector's tokens
 * @param inA    the lines it covers in the first source
 * @param inB    the lines it covers in the second
 */
public record MatchedCode(int tokens, List<LineRange> inA, List<LineRange> inB) {

    public MatchedCode {
        inA = List.copyOf(inA);
        inB = List.copyOf(inB);
    }

    /** The same match seen from the other source. */
    public MatchedCode swapped() {
        return new MatchedCode(tokens, inB, inA);
    }
}

package org.katajudge.similarity;

import java.util.List;

/**
 * Two sources compared by a detector.
 *
 * @param a          a hand-in
 * @param b          another hand-in, or a known source
 * @param similarity how much of the two is shared code, 0 to 1
 * @param matches    the shared code
 */
public record Comparison(Source a, Source b, double similarity, List<MatchedCode> matches) {

    public Comparison {
        if (!(similarity >= 0 && similarity <= 1)) {
            throw new IllegalArgumentException("similarity " + similarity + " of " + a.path() + " and " + b.path());
        }
        matches = List.copyOf(matches);
    }
}

package org.katajudge.similarity;

import java.util.List;

/** Compares hand-ins with each other and with known sources, kata by kata. */
public interface SimilarityDetector {

    /**
     * Compares each kata's hand-ins pairwise and with that kata's known sources, leaving out what
     * matches the kata's base code.
     *
     * @throws SimilarityException when the detector cannot run or failed
     */
    Detection detect(List<KataCode> katas) throws SimilarityException;
}

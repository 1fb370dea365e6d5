package org.katajudge.similarity;

import java.util.List;

/**
 * What a detector found.
 *
 * @param detector    what ran, for the record ({@code JPlag 6.0.0 on Java 25})
 * @param comparisons every pair compared, hand-in with hand-in and hand-in with known source
 * @param notCompared the sources left out, each with its reason
 */
public record Detection(String detector, List<Comparison> comparisons, List<NotCompared> notCompared) {

    public Detection {
        comparisons = List.copyOf(comparisons);
        notCompared = List.copyOf(notCompared);
    }
}

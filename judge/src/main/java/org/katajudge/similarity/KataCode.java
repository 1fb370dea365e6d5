package org.katajudge.similarity;

import java.util.List;

/**
 * Everything compared for one kata.
 *
 * @param kata    the kata
 * @param handins the students' hand-ins: every pair of them is compared
 * @param known   known sources: each is compared with every hand-in
 * @param base    the code every hand-in starts from (the kata's skeleton, code handed out with it):
 *                what matches it never counts
 */
public record KataCode(String kata, List<Source> handins, List<Source> known, List<CodeFile> base) {

    public KataCode {
        handins = List.copyOf(handins);
        known = List.copyOf(known);
        base = List.copyOf(base);
    }
}

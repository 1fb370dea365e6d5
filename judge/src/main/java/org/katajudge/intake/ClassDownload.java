package org.katajudge.intake;

import java.util.List;

/**
 * Everything found below the paths given: one hand-in per student and kata, and what the
 * teacher should know about what was not taken as a hand-in.
 *
 * @param handins  one per student, in the order found
 * @param warnings one line each: files ignored, two hand-ins for one student, students not on the roster
 */
public record ClassDownload(List<Handin> handins, List<String> warnings) {

    public ClassDownload {
        handins = List.copyOf(handins);
        warnings = List.copyOf(warnings);
    }
}

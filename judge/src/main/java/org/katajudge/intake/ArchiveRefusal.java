package org.katajudge.intake;

import java.io.IOException;

/**
 * A student's hand-in {@link Refused} while an archive is read, on its way out through the
 * archive library and the streams, which let only IOExceptions pass. Told apart from an archive
 * that is merely unreadable, which is what the student handed in, not a refusal.
 */
final class ArchiveRefusal extends IOException {

    final Refused refused;

    ArchiveRefusal(Refused refused) {
        super(refused.getMessage(), null);
        this.refused = refused;
    }
}

package org.katajudge.intake;

import org.katajudge.report.Verdict;

/** One student's share of the {@link IntakeLimits}, spent while their hand-in is read. */
final class Budget {

    private final IntakeLimits limits;
    private long unpacked;
    private int entries;
    private long sourceBytes;

    Budget(IntakeLimits limits) {
        this.limits = limits;
    }

    IntakeLimits limits() {
        return limits;
    }

    /** One more entry of an archive. */
    void entry(String archive) throws Refused {
        if (++entries > limits.maxEntries()) {
            throw new Refused(Verdict.REJECTED, archive + " holds more than " + limits.maxEntries()
                    + " files (with the archives it holds): not unpacked");
        }
    }

    /** Bytes unpacked from an archive. */
    void unpacked(long bytes, String archive) throws Refused {
        unpacked += bytes;
        if (unpacked > limits.maxUnpackedBytes()) {
            throw new Refused(Verdict.REJECTED, archive + " unpacks to more than " + mib(limits.maxUnpackedBytes())
                    + " (with the archives it holds): not unpacked");
        }
    }

    /** A .java file kept for compiling. */
    void source(long bytes, String name) throws Refused {
        sourceBytes += bytes;
        if (sourceBytes > limits.maxAllSourceBytes()) {
            throw new Refused(Verdict.REJECTED, "the .java files total more than " + mib(limits.maxAllSourceBytes())
                    + " (at " + name + "): not compiled");
        }
    }

    static String mib(long bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes % 1024 == 0 ? (bytes >> 10) + " KiB" : bytes + " bytes";
    }
}

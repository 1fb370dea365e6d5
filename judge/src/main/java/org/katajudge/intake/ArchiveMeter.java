package org.katajudge.intake;

import org.katajudge.report.Verdict;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * One archive's share of the student's {@link Budget}, metered on the streams the archive
 * library reads rather than on what it hands back: the compressed bytes taken in (for the ratio),
 * and every byte unpacked (headers, long names, pax records, padding, skipped and unread entries
 * as much as contents), each charged before the library sees it. Beyond a bound the next read
 * throws an {@link ArchiveRefusal}, so a hostile archive is refused after a bounded amount of
 * work, whatever it declares.
 */
final class ArchiveMeter {

    /** What the library does with the stream when it is charged: a step that may read. */
    interface Step<T> {
        T run() throws IOException;
    }

    private final Budget budget;
    private final String archive;
    private long compressed;
    private long unpacked;
    private boolean inHeader;
    private long headerBytes;
    private long headerLimit;

    /**
     * @param archive the archive's name as shown in a message
     */
    ArchiveMeter(Budget budget, String archive) {
        this.budget = budget;
        this.archive = archive;
    }

    /**
     * The archive's own bytes, as read from the disk or from the archive holding it: counted for
     * the ratio, never charged. Closing it leaves the stream it reads open (that is its owner's).
     */
    InputStream compressed(InputStream raw) {
        return new Metered(raw, true) {
            @Override
            void count(long bytes) {
                compressed += bytes;
            }
        };
    }

    /** Unpacked bytes: every byte read or skipped from it is charged. */
    InputStream unpacked(InputStream in) {
        return new Metered(in, false) {
            @Override
            void count(long bytes) throws ArchiveRefusal {
                charge(bytes);
            }
        };
    }

    /**
     * The stream under a reader whose entries' contents are charged as they are unpacked (a zip's
     * inflated entries): charged only while a {@link #header} step reads it, so that the local
     * headers, data descriptors and central directory count, and the compressed contents do not
     * count twice.
     */
    InputStream underEntries(InputStream in) {
        return new Metered(in, false) {
            @Override
            void count(long bytes) throws ArchiveRefusal {
                if (inHeader) {
                    charge(bytes);
                }
            }
        };
    }

    /**
     * Runs a step that reads an entry's headers (and skips what is left of the entry before it),
     * with at most {@code limit} bytes charged while it runs: the library holds a header in
     * memory whole (a GNU long name, a pax record) and follows a chain of them one call deeper
     * each, so the bound is on memory and depth as well as on time.
     */
    <T> T header(Step<T> step, long limit) throws IOException {
        inHeader = true;
        headerBytes = 0;
        headerLimit = limit;
        try {
            return step.run();
        } finally {
            inHeader = false;
        }
    }

    /** A refusal of this archive, for a reason found while reading it. */
    ArchiveRefusal refuse(String why) {
        return new ArchiveRefusal(new Refused(Verdict.REJECTED, archive + " " + why + ": not unpacked"));
    }

    private void charge(long bytes) throws ArchiveRefusal {
        unpacked += bytes;
        try {
            budget.unpacked(bytes, archive);
        } catch (Refused e) {
            throw new ArchiveRefusal(e);
        }
        IntakeLimits limits = budget.limits();
        if (unpacked > limits.ratioFloorBytes() && unpacked > limits.maxRatio() * Math.max(1, compressed)) {
            throw refuse("unpacks to more than " + limits.maxRatio() + " times its size (an archive bomb?)");
        }
        if (inHeader) {
            headerBytes += bytes;
            if (headerBytes > headerLimit) {
                throw refuse("holds more than " + Budget.mib(headerLimit) + " of headers for one entry"
                        + " (long names, pax records)");
            }
        }
    }

    /** Counts what passes; skipping reads through, so that a skip is counted as a read is. */
    private abstract static class Metered extends FilterInputStream {
        private final boolean shieldClose;

        Metered(InputStream in, boolean shieldClose) {
            super(in);
            this.shieldClose = shieldClose;
        }

        abstract void count(long bytes) throws IOException;

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            byte[] scratch = new byte[(int) Math.min(8192, Math.max(0, n))];
            long skipped = 0;
            while (skipped < n) {
                int read = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
                if (read < 0) {
                    break;
                }
                skipped += read;
            }
            return skipped;
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        @Override
        public synchronized void mark(int limit) {
        }

        @Override
        public synchronized void reset() throws IOException {
            throw new IOException("mark/reset not supported");
        }

        @Override
        public void close() throws IOException {
            if (!shieldClose) {
                in.close();
            }
        }
    }
}

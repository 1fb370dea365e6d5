package org.katajudge.intake;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipMethod;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;

/**
 * Reads one archive's entries, one at a time and without writing anything, with Apache Commons
 * Compress (zip, tar: POSIX ustar, GNU long names, pax) under an {@link ArchiveMeter}: the
 * library reads nothing that is not charged to the student first. What the entries' names and
 * links mean is the caller's business.
 *
 * <p>Refused outright (an {@link ArchiveRefusal}): a tar's sparse file, whose holes the library
 * would fill with zeros it never read; headers past {@link IntakeLimits#maxHeaderBytes()} for
 * one entry. Not readable (an IOException): zip entries compressed otherwise than stored or
 * deflated, encrypted ones, malformed headers.
 *
 * <p>gzip is the JDK's {@link GZIPInputStream}, not Commons Compress's: that one keeps a member's
 * file name and comment whole in memory, however long, where the JDK's skips them.
 */
final class ArchiveReader {

    /** What an entry is; only files are read. */
    enum Kind { FILE, DIRECTORY, LINK, OTHER }

    /**
     * One entry.
     *
     * @param name       its path, as stored
     * @param kind       what it is
     * @param linkTarget a link's target, else empty
     */
    record Entry(String name, Kind kind, String linkTarget) {
    }

    /** Takes each entry in turn; its content is readable until the next. */
    interface Visitor {
        void entry(Entry entry, InputStream content) throws IOException;
    }

    /** The zip methods of every everyday tool; any other is not unpacked (nor its library code run). */
    private static final Set<Integer> ZIP_METHODS = Set.of(ZipEntry.STORED, ZipEntry.DEFLATED);
    private static final Set<Byte> TAR_FILES = Set.of(TarConstants.LF_NORMAL, TarConstants.LF_OLDNORM,
            TarConstants.LF_CONTIG);

    private ArchiveReader() {
    }

    /**
     * @param raw     the archive's bytes; left open
     * @param archive its name as shown in messages
     * @throws ArchiveRefusal the hand-in is refused
     * @throws IOException    the archive is not readable as {@code format} (or the disk failed)
     */
    static void read(InputStream raw, Archives.Format format, String archive, Budget budget, Visitor visitor)
            throws IOException {
        ArchiveMeter meter = new ArchiveMeter(budget, archive);
        InputStream compressed = meter.compressed(raw);
        long headerLimit = budget.limits().maxHeaderBytes();
        switch (format) {
            case ZIP -> zip(meter, compressed, visitor);
            case TAR -> tar(meter, meter.unpacked(compressed), headerLimit, visitor);
            case TAR_GZ -> tar(meter, meter.unpacked(new GZIPInputStream(compressed)), headerLimit, visitor);
            default -> throw new IllegalArgumentException("not an archive format to read: " + format);
        }
    }

    private static void zip(ArchiveMeter meter, InputStream compressed, Visitor visitor) throws IOException {
        try (ZipArchiveInputStream zip = new StreamedZip(meter.underEntries(compressed))) {
            InputStream content = meter.unpacked(zip);
            for (ZipArchiveEntry entry; (entry = meter.header(zip::getNextEntry, Long.MAX_VALUE)) != null; ) {
                if (!ZIP_METHODS.contains(entry.getMethod())) {
                    throw new ZipException(HandinPaths.show(entry.getName()) + " is compressed with "
                            + ZipMethod.getMethodByCode(entry.getMethod()) + ", which the judge does not unpack");
                }
                visitor.entry(new Entry(entry.getName(), entry.isDirectory() ? Kind.DIRECTORY : Kind.FILE, ""), content);
            }
        }
    }

    private static void tar(ArchiveMeter meter, InputStream unpacked, long headerLimit, Visitor visitor) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(unpacked, StandardCharsets.UTF_8.name())) {
            for (TarArchiveEntry entry; (entry = meter.header(tar::getNextEntry, headerLimit)) != null; ) {
                if (entry.isSparse()) {
                    throw meter.refuse("holds a sparse file (" + HandinPaths.show(entry.getName()) + ")");
                }
                visitor.entry(new Entry(entry.getName(), kind(entry), entry.getLinkName()), tar);
            }
        }
    }

    private static Kind kind(TarArchiveEntry entry) {
        if (entry.isDirectory()) {
            return Kind.DIRECTORY;
        }
        if (entry.isSymbolicLink() || entry.isLink()) {
            return Kind.LINK;
        }
        return TAR_FILES.contains(entry.getLinkFlag()) ? Kind.FILE : Kind.OTHER;
    }

    /**
     * Commons Compress's streamed zip reader, with names in the PC code page unless flagged
     * UTF-8 or given in an Info-ZIP Unicode path field, and without Zstandard, whose decoder is
     * an optional library the judge does not ship: an entry that asks for it is not readable.
     */
    private static final class StreamedZip extends ZipArchiveInputStream {

        StreamedZip(InputStream in) {
            super(in, Archives.ZIP_NAMES.name(), true, false, false);
        }

        @Override
        protected InputStream createZstdInputStream(InputStream in) throws IOException {
            throw new ZipException("an entry is compressed with Zstandard, which the judge does not unpack");
        }
    }
}

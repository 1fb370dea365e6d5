package org.katajudge.intake;

/**
 * What one student's hand-in may expand to. Beyond these an archive is refused as that
 * student's {@code REJECTED}, never the judge's crash: the figures are far above any kata
 * solution, even one handed in with its whole IDE project.
 *
 * <p>Every byte an archive unpacks to counts: its entries' contents, whether read or skipped,
 * and its headers, long names, pax records and padding, each charged before the archive is
 * read further.
 *
 * @param maxUnpackedBytes   bytes unpacked from all of a student's archives together
 * @param maxEntries         entries in all of a student's archives together (files, folders, links, devices)
 * @param maxHeaderBytes     bytes of a tar's headers for one entry (its GNU long name and link, its pax records)
 * @param maxNesting         archives inside archives (a .zip in a .zip is 2)
 * @param maxRatio           unpacked bytes per compressed byte of an archive, once it has unpacked {@code ratioFloorBytes}
 * @param ratioFloorBytes    below this an archive's ratio is not checked (small files of repeated text compress well)
 * @param maxSourceBytes     one .java file
 * @param maxAllSourceBytes  all of a student's .java files together
 * @param maxFolderDepth     folders inside a student's folder
 */
public record IntakeLimits(long maxUnpackedBytes, int maxEntries, long maxHeaderBytes, int maxNesting, int maxRatio,
                           long ratioFloorBytes, long maxSourceBytes, long maxAllSourceBytes, int maxFolderDepth) {

    public static final IntakeLimits DEFAULT = new IntakeLimits(64L << 20, 10_000, 256L << 10, 3, 100, 1L << 20,
            1L << 20, 16L << 20, 64);
}

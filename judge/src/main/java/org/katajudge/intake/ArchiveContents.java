package org.katajudge.intake;

import org.katajudge.report.SafeText;
import org.katajudge.report.Verdict;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;

/**
 * Turns an archive's entries into {@link Found} files of the hand-in, archives inside it
 * included: a {@code .java} file's bytes are kept, anything else is read through (so that it is
 * charged) and listed. An entry whose path leads outside the archive refuses the hand-in, as the
 * sign of a hostile archive, though nothing is ever written; links and devices are skipped with
 * a note. An archive that is not readable (corrupt, encrypted, truncated) leaves none of its
 * files behind, only itself with the reason.
 */
final class ArchiveContents {

    private final Gathered gathered;

    ArchiveContents(Gathered gathered) {
        this.gathered = gathered;
    }

    /**
     * Reads an archive's entries into what is gathered.
     *
     * @param path        where the archive is, relative to the student's entry
     * @param container   the archive holding it, empty when on disk
     * @param depth       1 for an archive on disk, 2 for one inside it...
     * @param buildOutput found in a build output folder
     * @throws ArchiveRefusal (an IOException, so that it passes through the streams) to refuse the hand-in
     * @throws IOException    reading the underlying disk file failed
     */
    void read(InputStream raw, Archives.Format format, String path, String container, int depth, boolean buildOutput)
            throws IOException {
        String shown = HandinPaths.show(path);
        if (depth > gathered.limits().maxNesting()) {
            throw new ArchiveRefusal(new Refused(Verdict.REJECTED, shown + ": archives nested more than "
                    + gathered.limits().maxNesting() + " deep: not unpacked"));
        }
        Gathered.Mark mark = gathered.mark();
        try {
            ArchiveReader.read(raw, format, shown, gathered.budget(),
                    (entry, content) -> entry(path, depth, buildOutput, entry, content));
            gathered.add(new Found(path, container, Found.Kind.ARCHIVE, null, buildOutput, null));
        } catch (ArchiveRefusal e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            // not readable as this kind of archive: the student's, and nothing of it is used
            gathered.dropSince(mark);
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            gathered.add(new Found(path, container, Found.Kind.ARCHIVE, null, buildOutput,
                    "not a readable " + Archives.extension(path) + ": " + SafeText.oneLine(SafeText.clip(reason, 120))));
        }
    }

    /** One entry of an archive. */
    private void entry(String archive, int depth, boolean buildOutput, ArchiveReader.Entry entry, InputStream content)
            throws IOException {
        String shownArchive = HandinPaths.show(archive);
        try {
            gathered.budget().entry(shownArchive);
        } catch (Refused e) {
            throw new ArchiveRefusal(e);
        }
        Optional<List<String>> inside = HandinPaths.insideParts(entry.name());
        if (inside.isEmpty()) {
            throw new ArchiveRefusal(new Refused(Verdict.REJECTED, shownArchive + " holds a file outside itself ("
                    + HandinPaths.show(entry.name()) + "): not unpacked"));
        }
        List<String> parts = inside.get();
        String path = archive + "!/" + String.join("/", parts);
        boolean junk = parts.stream().anyMatch(HandinPaths::junk);
        if (entry.kind() == ArchiveReader.Kind.LINK || entry.kind() == ArchiveReader.Kind.OTHER) {
            if (!junk) {
                gathered.note(entry.kind() == ArchiveReader.Kind.LINK
                        ? "skipped the link " + HandinPaths.show(path) + " -> " + HandinPaths.show(entry.linkTarget())
                        + ": links are not followed"
                        : "skipped " + HandinPaths.show(path) + ": not a regular file");
            }
            content.transferTo(OutputStream.nullOutputStream());
            return;
        }
        if (entry.kind() == ArchiveReader.Kind.DIRECTORY || parts.isEmpty() || junk) {
            content.transferTo(OutputStream.nullOutputStream()); // read through, so a bomb hidden in junk still counts
            return;
        }
        boolean build = buildOutput || HandinPaths.inBuildFolder(parts);
        String fileName = parts.get(parts.size() - 1);
        Optional<Archives.Format> format = Archives.formatOf(fileName);
        try {
            if (fileName.endsWith(".java")) {
                gathered.add(new Found(path, archive, Found.Kind.SOURCE, gathered.source(content, path), build, null));
            } else if (format.isPresent() && format.get() != Archives.Format.UNSUPPORTED) {
                read(content, format.get(), path, archive, depth + 1, build);
            } else {
                content.transferTo(OutputStream.nullOutputStream());
                gathered.add(new Found(path, archive, format.isPresent() ? Found.Kind.ARCHIVE : Found.Kind.OTHER, null, build,
                        format.isPresent() ? "a " + Archives.extension(fileName) + ", which the judge cannot unpack" : null));
            }
        } catch (Refused e) {
            throw new ArchiveRefusal(e);
        }
        content.transferTo(OutputStream.nullOutputStream());
    }
}

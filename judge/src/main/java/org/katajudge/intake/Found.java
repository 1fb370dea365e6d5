package org.katajudge.intake;

/**
 * One file found in a student's hand-in.
 *
 * @param path        where, relative to the student's entry: {@code src/KnightMoves.java},
 *                    {@code KnightMoves.zip!/src/KnightMoves.java}
 * @param container   the archive it was found in ({@code KnightMoves.zip}), empty when not in one
 * @param kind        what it is
 * @param bytes       a source's content; null for other kinds
 * @param buildOutput found in a build output folder ({@code target/}, {@code build/}, {@code out/}, {@code bin/})
 * @param problem     an archive that could not be unpacked: why; null otherwise
 */
record Found(String path, String container, Kind kind, byte[] bytes, boolean buildOutput, String problem) {

    enum Kind { SOURCE, ARCHIVE, OTHER }

    /** The last part of the path: the file's own name. */
    String name() {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }
}

package org.katajudge.similarity;

/**
 * Lines of one file, {@code first} to {@code last}, 1-based and inclusive.
 *
 * @param file  the file's name within its source ({@link CodeFile#name()})
 * @param first the first line
 * @param last  the last line
 */
public record LineRange(String file, int first, int last) {

    public LineRange {
        if (first < 1 || last < first) {
            throw new IllegalArgumentException("lines " + first + ".." + last + " of " + file);
        }
    }
}

package org.katajudge.compile;

/**
 * A compiler error (or a signature problem) located in a submission's source.
 *
 * @param file    the source file name, or empty when not tied to a file
 * @param line    1-based, 0 when unknown
 * @param column  1-based, 0 when unknown
 * @param message what javac said
 */
public record CompilerMessage(String file, long line, long column, String message) {

    /** {@code SafeSpaces.java:12:5: error text}, as compilers print it. */
    @Override
    public String toString() {
        if (file.isEmpty()) {
            return message;
        }
        return file + (line > 0 ? ":" + line + (column > 0 ? ":" + column : "") : "") + ": " + message;
    }
}

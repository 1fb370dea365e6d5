package org.katajudge.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writing a file the user asked for (--json, --csv): parent folders made, failures a usage error. */
final class OutputFile {

    private OutputFile() {
    }

    /** @param what names the file in the error message, e.g. {@code the JSON report} */
    static void write(Path file, String text, String what) throws UsageException {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("cannot write " + what + " to " + file + ": " + e.getMessage());
        }
    }
}

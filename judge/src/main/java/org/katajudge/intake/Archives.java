package org.katajudge.intake;

import java.nio.charset.Charset;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The archive formats students hand in, told by the file name. */
final class Archives {

    enum Format {
        ZIP(".zip", ".jar"), TAR(".tar"), TAR_GZ(".tar.gz", ".tgz"),
        /** Recognised, to say so, but not unpacked: only java.base is used, and these need more. */
        UNSUPPORTED(".rar", ".7z", ".tar.bz2", ".tbz2", ".tar.xz", ".txz", ".gz", ".bz2", ".xz");

        private final List<String> extensions;

        Format(String... extensions) {
            this.extensions = List.of(extensions);
        }
    }

    /** Zip entry names without the UTF-8 flag are in the PC code page, by the zip specification. */
    static final Charset ZIP_NAMES = Charset.isSupported("IBM437") ? Charset.forName("IBM437")
            : java.nio.charset.StandardCharsets.ISO_8859_1;

    private Archives() {
    }

    static Optional<Format> formatOf(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        for (Format format : List.of(Format.TAR_GZ, Format.ZIP, Format.TAR, Format.UNSUPPORTED)) {
            for (String extension : format.extensions) {
                if (name.endsWith(extension) && name.length() > extension.length()) {
                    return Optional.of(format);
                }
            }
        }
        return Optional.empty();
    }

    /** The archive's kind as people name it: {@code .zip}, {@code .tar.gz}, {@code .rar}. */
    static String extension(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        for (Format format : Format.values()) {
            for (String extension : format.extensions) {
                if (name.endsWith(extension)) {
                    return extension;
                }
            }
        }
        return "archive";
    }

    /** The name without its archive extension: {@code alice.tar.gz} is alice's. */
    static String stem(String fileName) {
        String extension = extension(fileName);
        return fileName.toLowerCase(Locale.ROOT).endsWith(extension) && fileName.length() > extension.length()
                ? fileName.substring(0, fileName.length() - extension.length()) : fileName;
    }
}

package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code "files"} of a request: Java source files by name, checked before anything is kept.
 * Names are plain Java file names (no folders, no dots but {@code .java}); at most
 * {@value #MAX_FILES} files and {@value #MAX_BYTES} bytes together, the compiler's own limit.
 */
final class Sources {

    static final int MAX_FILES = 20;
    static final int MAX_BYTES = 256 * 1024;
    private static final Pattern NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]{0,99}\\.java");

    private Sources() {
    }

    static Map<String, String> read(JsonNode files) {
        if (files == null || !files.isObject()) {
            throw ApiError.badRequest("\"files\" must be an object of file name to source text,"
                    + " e.g. {\"KnightMoves.java\": \"public class KnightMoves { ... }\"}");
        }
        if (files.isEmpty()) {
            throw ApiError.badRequest("\"files\" is empty: hand in at least one .java file");
        }
        if (files.size() > MAX_FILES) {
            throw new ApiError(413, "too many files: at most " + MAX_FILES);
        }
        Map<String, String> read = new LinkedHashMap<>();
        long bytes = 0;
        var fields = files.fields();
        while (fields.hasNext()) {
            var field = fields.next();
            if (!NAME.matcher(field.getKey()).matches()) {
                throw ApiError.badRequest("not a Java file name: \"" + printable(field.getKey())
                        + "\" (a class name and .java, no folders)");
            }
            if (!field.getValue().isTextual()) {
                throw ApiError.badRequest("the text of " + field.getKey() + " must be a string");
            }
            String text = field.getValue().textValue();
            if (!StandardCharsets.UTF_8.newEncoder().canEncode(text)) {
                // JSON's \uD800 escapes can name half a character, which no file can hold: it was a judge error (red team)
                throw ApiError.badRequest("the text of " + field.getKey() + " is not valid Unicode (half of a"
                        + " surrogate pair)");
            }
            bytes += text.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_BYTES) {
                throw new ApiError(413, "the sources are too large: at most " + MAX_BYTES + " bytes together");
            }
            read.put(field.getKey(), text);
        }
        return read;
    }

    /** A name as an error message may repeat it: printable, short. */
    static String printable(String text) {
        String clean = text.codePoints().map(c -> c < 0x20 || c == 0x7f || Character.getType(c) == Character.FORMAT ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        return clean.length() > 60 ? clean.substring(0, 60) + "..." : clean;
    }
}

package org.katajudge.intake;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One student on a roster, with the line's cells kept as the file gave them, so that marks can go
 * back to the platform the roster came from under the ids it knows (Canvas's ID, SIS User ID and
 * SIS Login ID are three different columns; Moodle matches by ID number, username or email).
 *
 * @param file    the roster file, as the teacher typed it
 * @param line    its line in the file
 * @param name    how to call them: the name, else login, email or id
 * @param columns every non-empty cell of the line, by its column's header as written
 */
public record RosterStudent(String file, int line, String name, Map<String, String> columns) {

    public RosterStudent {
        columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
    }

    /** The first non-empty cell under any of these headers, compared as {@link #key(String)}s. */
    public Optional<String> cell(List<String> headers) {
        for (String header : headers) {
            for (Map.Entry<String, String> column : columns.entrySet()) {
                if (key(column.getKey()).equals(key(header)) && !column.getValue().isBlank()) {
                    return Optional.of(column.getValue().strip());
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The first non-empty cell, in the file's column order, whose header is one of {@code keys}
     * (as {@link #key(String)} writes them, e.g. {@link Roster#ID}).
     */
    public Optional<String> first(java.util.Set<String> keys) {
        return columns.entrySet().stream().filter(c -> keys.contains(key(c.getKey())) && !c.getValue().isBlank())
                .map(c -> c.getValue().strip()).findFirst();
    }

    /** Where the student is in the roster, as a message names it: {@code roster.csv line 5}. */
    public String where() {
        return file + " line " + line;
    }

    /** A header as the roster compares it: lower case, letters and digits only ("SIS User ID": "sisuserid"). */
    public static String key(String header) {
        return header.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }
}

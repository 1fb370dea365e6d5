package org.katajudge.intake;

import org.katajudge.report.Verdict;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The students a teacher expects ({@code --roster FILE}): a CSV file with a header row, as a
 * spreadsheet or an LMS exports it. Columns are recognised by their header, in any case and
 * with any spacing or punctuation: ids ({@code id}, {@code student id}, {@code sid},
 * {@code id number}, {@code SIS User ID}), logins ({@code login}, {@code username},
 * {@code github}, {@code identifier}, {@code SIS Login ID}), names ({@code name},
 * {@code full name}, {@code student}, or {@code first name} with {@code last name} /
 * {@code surname}) and {@code email}; other columns are ignored. A hand-in belongs to a roster
 * line when any of its names or ids matches any of the line's, ignoring case, accents,
 * punctuation and the order of the words of a name ("Jones, Paula" is "Paula Jones";
 * "Alice Nguyen" is Canvas's "nguyenalice").
 */
public final class Roster {

    /** The headers of a column of student ids, as {@link RosterStudent#key} writes them. */
    public static final Set<String> ID = Set.of("id", "studentid", "userid", "sid", "idnumber", "studentnumber",
            "sisuserid", "sisid", "matriculationnumber", "githubid");
    /** The headers of a column of logins. */
    public static final Set<String> LOGIN = Set.of("login", "loginid", "username", "user", "sisloginid", "github",
            "githubusername", "githublogin", "identifier");
    private static final Set<String> NAME = Set.of("name", "fullname", "student", "studentname", "displayname");
    /** The headers of a column of emails. */
    public static final Set<String> EMAIL = Set.of("email", "emailaddress", "mail");
    /** The headers of a column of sections (not used to match a hand-in). */
    public static final Set<String> SECTION = Set.of("section", "sections", "group");
    private static final Set<String> FIRST = Set.of("firstname", "givenname", "first");
    private static final Set<String> LAST = Set.of("lastname", "surname", "familyname", "last");

    /**
     * One student on the roster.
     *
     * @param line    the line of the file
     * @param display how to call them: the name, else login, email or id
     * @param values  every id and name the line gives
     * @param student the line as the file gave it
     */
    record Entry(int line, String display, List<String> values, RosterStudent student) {
    }

    private final String file;
    private final List<Entry> entries;

    private Roster(String file, List<Entry> entries) {
        this.file = file;
        this.entries = List.copyOf(entries);
    }

    /** @throws IntakeException the file cannot be read, is not a CSV file, or names no student */
    public static Roster load(Path path) throws IntakeException {
        String file = path.toString().replace('\\', '/');
        byte[] bytes;
        try {
            if (Files.isDirectory(path)) {
                throw new IntakeException("broken roster: " + file + " is a directory, not a CSV file");
            }
            bytes = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw new IntakeException("no roster at " + file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new IntakeException("cannot read the roster " + file + ": permission denied");
        } catch (IOException e) {
            throw new IntakeException("cannot read the roster " + file + ": " + e.getMessage());
        }
        SourceDecoder.Decoded decoded = SourceDecoder.decode(file, bytes);
        if (decoded.problem().isPresent()) {
            throw new IntakeException("broken roster: " + file + " is not a CSV text file (save it from the"
                    + " spreadsheet as CSV)");
        }
        List<Csv.Row> rows;
        try {
            rows = Csv.parse(decoded.text());
        } catch (IllegalArgumentException e) {
            throw new IntakeException("broken roster: " + file + " " + e.getMessage());
        }
        if (rows.isEmpty()) {
            throw new IntakeException("broken roster: " + file + " is empty");
        }
        List<String> written = rows.get(0).fields();
        List<String> header = written.stream().map(RosterStudent::key).toList();
        Map<Integer, Set<String>> roles = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
            String key = header.get(i);
            for (Set<String> role : List.of(ID, LOGIN, NAME, EMAIL, FIRST, LAST)) {
                if (role.contains(key)) {
                    roles.put(i, role);
                }
            }
        }
        if (roles.isEmpty()) {
            throw new IntakeException("broken roster: " + file + " has no column named id, login, name, email or"
                    + " student (its header: " + HandinPaths.show(String.join(", ", rows.get(0).fields())) + ")");
        }
        List<Entry> entries = new ArrayList<>();
        for (Csv.Row row : rows.subList(1, rows.size())) {
            entry(file, written, row, roles).ifPresent(entries::add);
        }
        if (entries.isEmpty()) {
            throw new IntakeException("broken roster: " + file + " lists no students");
        }
        return new Roster(file, entries);
    }

    private static Optional<Entry> entry(String file, List<String> header, Csv.Row row, Map<Integer, Set<String>> roles) {
        Map<Set<String>, String> by = new LinkedHashMap<>();
        roles.forEach((column, role) -> {
            String value = column < row.fields().size() ? row.fields().get(column).strip() : "";
            if (!value.isEmpty()) {
                by.merge(role, value, (a, b) -> a);
            }
        });
        String first = by.getOrDefault(FIRST, "");
        String last = by.getOrDefault(LAST, "");
        String name = by.getOrDefault(NAME, (first + " " + last).strip());
        if (name.equals("Points Possible")) { // the second line of a Canvas gradebook export
            return Optional.empty();
        }
        List<String> values = new ArrayList<>();
        for (String value : List.of(name, by.getOrDefault(LOGIN, ""), by.getOrDefault(EMAIL, ""), by.getOrDefault(ID, ""))) {
            if (!value.isEmpty()) {
                values.add(value);
            }
        }
        if (values.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> columns = new LinkedHashMap<>();
        for (int i = 0; i < Math.min(header.size(), row.fields().size()); i++) {
            if (!row.fields().get(i).isBlank()) {
                columns.putIfAbsent(header.get(i).strip(), row.fields().get(i).strip());
            }
        }
        return Optional.of(new Entry(row.line(), values.get(0), values,
                new RosterStudent(file, row.line(), values.get(0), columns)));
    }

    /** The students it lists, in its order. */
    public List<RosterStudent> students() {
        return entries.stream().map(Entry::student).toList();
    }

    /**
     * The roster students a hand-in can belong to: none (not on the roster), one, or several
     * (their names or ids are alike), for a caller that must know whose it is. A hand-in this
     * roster made for a student without one ({@link #reconcile}) is theirs alone.
     */
    public List<RosterStudent> candidates(Handin handin) {
        for (Entry entry : entries) {
            if (handin.location().equals(file + ":" + entry.line())) {
                return List.of(entry.student());
            }
        }
        Set<String> keys = keys(handin.aliases());
        List<RosterStudent> found = new ArrayList<>();
        for (Entry entry : entries) {
            if (keys(entry.values()).stream().anyMatch(keys::contains)) {
                found.add(entry.student());
            }
        }
        return found;
    }

    /** How many students it lists. */
    public int size() {
        return entries.size();
    }

    /**
     * The download with the roster applied: a {@code NO_SUBMISSION} hand-in, for every kata in the
     * download, for each student on the roster without one; a note and a warning for each hand-in
     * by someone not on the roster.
     */
    public ClassDownload reconcile(ClassDownload download) {
        List<Handin> handins = new ArrayList<>();
        List<String> warnings = new ArrayList<>(download.warnings());
        Map<String, Set<Entry>> handedIn = new LinkedHashMap<>();
        List<Set<String>> entryKeys = entries.stream().map(e -> keys(e.values())).toList();
        for (Handin handin : download.handins()) {
            Set<String> keys = keys(handin.aliases());
            Set<Entry> matched = handedIn.computeIfAbsent(handin.kataId(), k -> new LinkedHashSet<>());
            boolean listed = false;
            for (int i = 0; i < entries.size(); i++) {
                if (entryKeys.get(i).stream().anyMatch(keys::contains)) {
                    matched.add(entries.get(i));
                    listed = true;
                }
            }
            if (!listed) {
                handin = handin.withNote("not on the roster " + file);
                warnings.add(HandinPaths.show(handin.student()) + " (" + HandinPaths.show(handin.location())
                        + ") is not on the roster " + file);
            }
            handins.add(handin);
        }
        for (Map.Entry<String, Set<Entry>> kata : handedIn.entrySet()) {
            for (Entry entry : entries) {
                if (!kata.getValue().contains(entry)) {
                    handins.add(new Handin(file + ":" + entry.line(), Optional.empty(), entry.display(), entry.values(),
                            kata.getKey(), List.of(), List.of(), Optional.of(IntakeVerdict.of(Verdict.NO_SUBMISSION,
                            "nothing handed in: on the roster (" + file + " line " + entry.line() + ") but no hand-in for "
                                    + kata.getKey() + " was found"))));
                }
            }
        }
        return new ClassDownload(handins, warnings);
    }

    /** Keys to compare names and ids by: case, accents, punctuation and the order of a name's words aside. */
    static Set<String> keys(List<String> values) {
        Set<String> keys = new LinkedHashSet<>();
        for (String value : values) {
            String plain = Normalizer.normalize(value, Normalizer.Form.NFKD).replaceAll("\\p{M}", "")
                    .toLowerCase(Locale.ROOT).strip();
            int at = plain.indexOf('@');
            if (at > 0) {
                keys.add(plain);
                plain = plain.substring(0, at);
            }
            List<String> words = new ArrayList<>();
            for (String word : plain.split("[^\\p{L}\\p{N}]+")) {
                if (!word.isEmpty()) {
                    words.add(word);
                }
            }
            if (words.isEmpty()) {
                continue;
            }
            keys.add(String.join(" ", words));
            keys.add(String.join("", words));
            if (words.size() > 1) {
                List<String> reversed = new ArrayList<>(words);
                java.util.Collections.reverse(reversed);
                keys.add(String.join("", reversed));
                keys.add(String.join(" ", words.stream().sorted().toList()));
            }
        }
        return keys;
    }
}

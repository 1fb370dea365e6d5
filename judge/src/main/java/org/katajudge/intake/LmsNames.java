package org.katajudge.intake;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The naming conventions by which learning-management systems tie files and folders of a class
 * download to one student. Each is recognised from names alone.
 */
final class LmsNames {

    /** Moodle: {@code Full Name_ID_assignsubmission_file_} (a folder) or {@code ..._file_Name.java} (a file). */
    private static final Pattern MOODLE = Pattern.compile("(.+?)_(\\d+)_assignsubmission_([a-z]+)(?:_(.*))?");
    /** Canvas: {@code login_userid_fileid_Name.java}, {@code login_LATE_userid_fileid_Name.java}. */
    private static final Pattern CANVAS = Pattern.compile("([\\p{L}\\p{N}]+)(_LATE)?_(\\d+)_(\\d+)_(.+)");
    /** A copy's or re-submission's suffix: {@code KnightMoves-1.java}, {@code KnightMoves (2).java}. */
    private static final Pattern COPY = Pattern.compile("(.+?)(?:-(\\d+)| \\((\\d+)\\))(\\.[^.]+)");

    private LmsNames() {
    }

    /**
     * A Moodle submission folder or file.
     *
     * @param name   the student's full name
     * @param id     Moodle's participant id
     * @param plugin {@code file}, {@code onlinetext}...
     * @param file   the file's own name, empty for a folder
     */
    record Moodle(String name, String id, String plugin, String file) {

        /** Entries of one student share this prefix. */
        String prefix() {
            return name + "_" + id + "_assignsubmission_";
        }
    }

    /**
     * A file of a Canvas bulk download.
     *
     * @param login  Canvas's login-like name, e.g. {@code nguyenalice}
     * @param late   marked LATE
     * @param userId the Canvas user id
     * @param fileId the Canvas file id
     * @param file   the file's own name, e.g. {@code KnightMoves-1.java}
     */
    record Canvas(String login, boolean late, String userId, String fileId, String file) {

        String prefix() {
            return login + "_";
        }
    }

    static Optional<Moodle> moodle(String entryName) {
        Matcher m = MOODLE.matcher(entryName);
        if (!m.matches() || m.group(1).isBlank()) {
            return Optional.empty();
        }
        return Optional.of(new Moodle(m.group(1).strip(), m.group(2), m.group(3), m.group(4) == null ? "" : m.group(4)));
    }

    static Optional<Canvas> canvas(String fileName) {
        Matcher m = CANVAS.matcher(fileName);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new Canvas(m.group(1), m.group(2) != null, m.group(3), m.group(4), m.group(5)));
    }

    /**
     * A name with a copy or re-submission suffix: its base name ({@code KnightMoves.java}) and the
     * copy's number; a name without one is copy 0 of itself.
     */
    record Copy(String base, int number) {
    }

    static Copy copy(String fileName) {
        Matcher m = COPY.matcher(fileName);
        if (!m.matches()) {
            return new Copy(fileName, 0);
        }
        String number = m.group(2) != null ? m.group(2) : m.group(3);
        try {
            return new Copy(m.group(1) + m.group(4), Integer.parseInt(number));
        } catch (NumberFormatException e) {
            return new Copy(fileName, 0);
        }
    }

    /**
     * The GitHub login in a GitHub Classroom repository's folder name ({@code assignment-login}):
     * what follows the assignment prefix, told by {@code <assignment>-submissions/} around the
     * repositories ({@code gh classroom clone}), by the prefix all sibling repositories share, or
     * by the kata's id.
     *
     * @param siblings the names of the repositories in the same folder, this one included
     */
    static Optional<String> classroomLogin(String folder, String parent, List<String> siblings, String kataId) {
        if (parent != null && parent.endsWith("-submissions")) {
            String prefix = parent.substring(0, parent.length() - "-submissions".length()) + "-";
            if (folder.startsWith(prefix) && folder.length() > prefix.length()) {
                return Optional.of(folder.substring(prefix.length()));
            }
        }
        if (siblings.size() >= 2) {
            String common = siblings.get(0);
            for (String sibling : siblings) {
                int n = 0;
                while (n < common.length() && n < sibling.length() && common.charAt(n) == sibling.charAt(n)) {
                    n++;
                }
                common = common.substring(0, n);
            }
            String prefix = common.substring(0, common.lastIndexOf('-') + 1);
            if (!prefix.isEmpty() && folder.startsWith(prefix) && folder.length() > prefix.length()) {
                return Optional.of(folder.substring(prefix.length()));
            }
        }
        String prefix = kataId + "-";
        if (folder.startsWith(prefix) && folder.length() > prefix.length()) {
            return Optional.of(folder.substring(prefix.length()));
        }
        return Optional.empty();
    }
}

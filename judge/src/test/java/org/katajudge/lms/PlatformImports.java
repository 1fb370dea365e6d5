package org.katajudge.lms;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The two platforms' grade imports as their documentation describes them, to read back what the
 * judge wrote the way the platform would, and to refuse it where the platform would.
 *
 * <p>Moodle (docs.moodle.org, "Grade import"; grade/import/csv): a header row, then one row per
 * user; the teacher maps one column to a user field (ID number, username, email) and each grade
 * column to a grade item; a row that maps to no user, a grade that is not a number ("-" and empty
 * mean no grade) or a grade above the item's maximum refuses the import.
 *
 * <p>Canvas (community.canvaslms.com, "How do I import grades in the Gradebook?"): the columns
 * Student, ID, SIS User ID, SIS Login ID and Section come first, assignments after Section; an
 * optional second row whose first cell is "Points Possible" gives each assignment's points; a
 * student is found by ID, else SIS User ID, else SIS Login ID; one not found is not imported.
 */
public final class PlatformImports {

    private PlatformImports() {
    }

    /** A course's enrolled student as the platform knows them. */
    public record User(String id, String idNumber, String username, String email, String sisUserId, String sisLoginId) {
    }

    /** What an import did: grades by user and item, or why it was refused. */
    public record Imported(Map<User, Map<String, BigDecimal>> grades, Map<String, BigDecimal> pointsPossible) {
    }

    public static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    /**
     * @param mapFrom  the column chosen to identify users
     * @param mapTo    the user field it maps to: "idnumber", "username" or "email"
     * @param maximums each grade item's maximum grade, by column header
     */
    public static Imported moodle(String csv, List<User> course, String mapFrom, String mapTo, Map<String, BigDecimal> maximums)
            throws Refused, IOException {
        List<CSVRecord> rows = CSVFormat.RFC4180.parse(new StringReader(csv)).getRecords();
        if (rows.isEmpty()) {
            throw new Refused("empty file");
        }
        List<String> header = rows.get(0).toList();
        int from = header.indexOf(mapFrom);
        if (from < 0) {
            throw new Refused("no column " + mapFrom + " in " + header);
        }
        Map<User, Map<String, BigDecimal>> grades = new LinkedHashMap<>();
        for (CSVRecord row : rows.subList(1, rows.size())) {
            String key = row.get(from);
            Optional<User> user = course.stream().filter(u -> switch (mapTo) {
                case "idnumber" -> u.idNumber().equals(key);
                case "username" -> u.username().equals(key);
                case "email" -> u.email().equalsIgnoreCase(key);
                default -> throw new IllegalArgumentException(mapTo);
            }).findFirst();
            if (user.isEmpty()) {
                throw new Refused("user mapping error: no user with " + mapTo + " '" + key + "'");
            }
            Map<String, BigDecimal> userGrades = new LinkedHashMap<>();
            for (Map.Entry<String, BigDecimal> item : maximums.entrySet()) {
                int column = header.indexOf(item.getKey());
                if (column < 0) {
                    throw new Refused("no column for grade item " + item.getKey());
                }
                String value = row.get(column).strip();
                if (value.isEmpty() || value.equals("-")) {
                    continue;
                }
                if (!value.matches("-?[0-9]+(\\.[0-9]+)?")) {
                    throw new Refused("bad grade '" + value + "' for " + key);
                }
                BigDecimal grade = new BigDecimal(value);
                if (grade.compareTo(item.getValue()) > 0 || grade.signum() < 0) {
                    throw new Refused("grade " + value + " outside 0.." + item.getValue() + " for " + key);
                }
                userGrades.put(item.getKey(), grade);
            }
            if (grades.put(user.get(), userGrades) != null) {
                throw new Refused("two rows for " + key);
            }
        }
        return new Imported(grades, maximums);
    }

    public static Imported canvas(String csv, List<User> course) throws Refused, IOException {
        List<CSVRecord> rows = CSVFormat.RFC4180.parse(new StringReader(csv)).getRecords();
        List<String> header = rows.get(0).toList();
        List<String> required = List.of("Student", "ID", "SIS User ID", "SIS Login ID", "Section");
        if (!header.containsAll(required)) {
            throw new Refused("missing columns: " + required + " in " + header);
        }
        int firstAssignment = header.indexOf("Section") + 1;
        List<String> assignments = header.subList(firstAssignment, header.size());
        Map<String, BigDecimal> possible = new LinkedHashMap<>();
        int first = 1;
        if (rows.size() > 1 && rows.get(1).get(0).strip().startsWith("Points Possible")) {
            for (int i = 0; i < assignments.size(); i++) {
                possible.put(assignments.get(i), new BigDecimal(rows.get(1).get(firstAssignment + i)));
            }
            first = 2;
        }
        Map<User, Map<String, BigDecimal>> grades = new LinkedHashMap<>();
        for (CSVRecord row : rows.subList(first, rows.size())) {
            String id = row.get(header.indexOf("ID"));
            String sisUser = row.get(header.indexOf("SIS User ID"));
            String sisLogin = row.get(header.indexOf("SIS Login ID"));
            Optional<User> user = course.stream().filter(u -> !id.isEmpty() && u.id().equals(id)).findFirst()
                    .or(() -> course.stream().filter(u -> !sisUser.isEmpty() && u.sisUserId().equals(sisUser)).findFirst())
                    .or(() -> course.stream().filter(u -> !sisLogin.isEmpty() && u.sisLoginId().equals(sisLogin)).findFirst());
            if (user.isEmpty()) {
                throw new Refused("student not found: " + row.toList());
            }
            Map<String, BigDecimal> userGrades = new LinkedHashMap<>();
            for (int i = 0; i < assignments.size(); i++) {
                String value = row.get(firstAssignment + i).strip();
                if (value.isEmpty()) {
                    continue;
                }
                if (!value.matches("[0-9]+(\\.[0-9]+)?")) {
                    throw new Refused("not a score: '" + value + "'");
                }
                userGrades.put(assignments.get(i), new BigDecimal(value));
            }
            if (grades.put(user.get(), userGrades) != null) {
                throw new Refused("two rows for " + user.get());
            }
        }
        return new Imported(grades, possible);
    }

    public static List<String> header(String csv) throws IOException {
        return new ArrayList<>(CSVFormat.RFC4180.parse(new StringReader(csv)).getRecords().get(0).toList());
    }
}

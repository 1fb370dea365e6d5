package org.katajudge.lms;

import org.katajudge.intake.Roster;
import org.katajudge.intake.RosterStudent;

import java.util.ArrayList;
import java.util.List;

/**
 * Moodle's grade import (Grades, Import, CSV file). The teacher chooses which column identifies a
 * user ("Map from": ID number, Username or Email address, to the user field of the same name) and
 * maps each grade column to a grade item. Moodle refuses the whole import when a row names no
 * user it knows or a grade is not a number or is above the item's maximum, so: one column per
 * identifier the roster gives, every roster student a row, plain numbers with a dot on the kata's
 * scale (set the grade item's maximum to it), a first row of headers.
 */
public final class MoodleGradeImport implements GradeImportFormat {

    static final List<String> ID_NUMBER = List.of("ID number", "idnumber", "student id", "student number",
            "matriculation number", "sis user id");
    static final List<String> USERNAME = List.of("Username", "user name", "login", "sis login id");
    static final List<String> EMAIL = List.of("Email address", "email", "e-mail", "mail");
    private static final List<List<String>> IDENTIFIERS = List.of(ID_NUMBER, USERNAME, EMAIL);

    @Override
    public String platform() {
        return "Moodle";
    }

    @Override
    public void check(Roster roster) throws LmsException {
        for (List<String> identifier : IDENTIFIERS) {
            if (GradeImportFormat.without(roster, List.of(identifier)).isEmpty()) {
                return; // one column the teacher can map from, complete
            }
        }
        List<String> missing = GradeImportFormat.without(roster, IDENTIFIERS);
        throw new LmsException("Moodle's import finds a student by ID number, username or email, and the roster has"
                + " no such column filled in for every student" + (missing.isEmpty() ? ""
                : " (none at all for " + String.join(", ", missing) + ")")
                + "; export the participants from Moodle as the roster");
    }

    @Override
    public String render(ClassMarks marks) {
        List<List<String>> present = IDENTIFIERS.stream()
                .filter(id -> marks.students().stream().anyMatch(s -> s.cell(id).isPresent())).toList();
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("Full name"));
        present.forEach(id -> header.add(id.get(0)));
        marks.katas().forEach(kata -> header.add(kata));
        rows.add(header);
        for (RosterStudent student : marks.students()) {
            List<String> row = new ArrayList<>(List.of(student.name()));
            present.forEach(id -> row.add(GradeImportFormat.cell(student, id)));
            marks.katas().forEach(kata -> row.add(marks.pointsText(student, kata)));
            rows.add(row);
        }
        return GradeImportFormat.csv(rows);
    }
}

package org.katajudge.lms;

import org.katajudge.intake.Roster;
import org.katajudge.intake.RosterStudent;

import java.util.ArrayList;
import java.util.List;

/**
 * Canvas's gradebook import (Grades, Import). Its file is the gradebook export's shape: the
 * columns {@code Student, ID, SIS User ID, SIS Login ID, Section} first, then one column per
 * assignment (a name without an "(id)" makes a new assignment), and a second row whose first cell
 * is "Points Possible" giving each assignment's points. Canvas finds a student by ID (its own user
 * id), else SIS User ID, else SIS Login ID; a row with none of them it cannot place, so the
 * roster must give one of them for everyone (the gradebook export has all three).
 */
public final class CanvasGradeImport implements GradeImportFormat {

    static final List<String> STUDENT = List.of("Student");
    static final List<String> ID = List.of("ID", "canvas user id", "user id");
    static final List<String> SIS_USER_ID = List.of("SIS User ID", "student id", "id number", "student number");
    static final List<String> SIS_LOGIN_ID = List.of("SIS Login ID", "login", "username", "login id");
    static final List<String> SECTION = List.of("Section", "sections");
    static final List<String> HEADER = List.of("Student", "ID", "SIS User ID", "SIS Login ID", "Section");

    @Override
    public String platform() {
        return "Canvas";
    }

    @Override
    public void check(Roster roster) throws LmsException {
        List<String> missing = GradeImportFormat.without(roster, List.of(ID, SIS_USER_ID, SIS_LOGIN_ID));
        if (!missing.isEmpty()) {
            throw new LmsException("Canvas's import finds a student by ID, SIS User ID or SIS Login ID, and the roster"
                    + " gives none of them for " + String.join(", ", missing)
                    + "; export the gradebook from Canvas as the roster");
        }
    }

    @Override
    public String render(ClassMarks marks) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(HEADER);
        header.addAll(marks.katas());
        rows.add(header);
        List<String> possible = new ArrayList<>(List.of("Points Possible", "", "", "", ""));
        marks.katas().forEach(kata -> possible.add(org.katajudge.scoring.Points.format(marks.scale(kata), 2)));
        rows.add(possible);
        for (RosterStudent student : marks.students()) {
            List<String> row = new ArrayList<>(List.of(student.cell(STUDENT).orElse(student.name()),
                    GradeImportFormat.cell(student, ID), GradeImportFormat.cell(student, SIS_USER_ID),
                    GradeImportFormat.cell(student, SIS_LOGIN_ID), GradeImportFormat.cell(student, SECTION)));
            marks.katas().forEach(kata -> row.add(marks.pointsText(student, kata)));
            rows.add(row);
        }
        return GradeImportFormat.csv(rows);
    }
}

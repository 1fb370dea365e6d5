package org.katajudge.server;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A class server's student ids: one per roster line, none of them another's or the teacher's. */
class StudentIdsTest {

    @Test
    void aStudentNamedLikeTheTeacherOrAClassmateGetsAnIdOfTheirOwn() {
        assertEquals(List.of("teacher (2)", "Ann", "Ann (2)", "Bob", "teacher (3)"),
                KataServer.studentIds(List.of("teacher", "Ann", "Ann", "Bob", "teacher")));
    }

    @Test
    void theTeachersIdIsTheOneNoStudentGets() {
        assertEquals("teacher", KataServer.TEACHER_ID);
        assertEquals(List.of(), KataServer.studentIds(List.of()));
    }
}

/**
 * Marks back into a learning platform: the class's points, one per roster student and kata, on
 * the assignment's scale ({@link org.katajudge.lms.ClassMarks}), written as a platform's grade
 * import reads them ({@link org.katajudge.lms.GradeImportFormat}: Moodle, Canvas).
 *
 * <p>Depends on the intake (who is on the roster, which hand-in is whose) and on the results;
 * nothing depends on it but the command line.
 */
package org.katajudge.lms;

/**
 * What a run grades, decided before anything is graded and read by everyone after: the
 * {@link org.katajudge.engine.plan.Submission}s, the {@link org.katajudge.engine.plan.GradingOptions}
 * with their {@link org.katajudge.engine.plan.GradingMode} (grade, score, fuzz or replay: a type,
 * not flags), and for each kata the {@link org.katajudge.engine.plan.PlannedTests}: its tests, each a
 * {@link org.katajudge.engine.plan.PlannedTest}, and what each is worth. The JUnit test tree, the
 * grader and the reports all read the same plan, so the tests reported are the tests planned.
 * Immutable values; building a {@link org.katajudge.engine.plan.GradingPlan} checks it (an
 * assignment file that does not fit the katas is an error before any time is spent).
 */
package org.katajudge.engine.plan;

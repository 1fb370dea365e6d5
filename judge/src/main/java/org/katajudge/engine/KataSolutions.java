package org.katajudge.engine;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the one test class of a challenge repository that grades its solutions:
 *
 * <pre>{@code
 * @KataSolutions("solutions")
 * class SolutionsTest {
 * }
 * }</pre>
 *
 * <p>The class stays empty. Build tools such as Maven Surefire run only test classes and report
 * a test only under the class it belongs to; the {@code kata-judge} engine grades the solutions
 * below the given paths as tests of this class, so every verdict reaches the build's report and
 * fails the build when wrong. Finding no solution at all is a failure too, never a silent pass.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface KataSolutions {

    /**
     * The folders (or single {@code .java} files) to grade, relative to the directory the tests
     * run in (Maven: the project's directory), e.g. {@code "solutions"}. A solution's kata is the
     * nearest enclosing folder named after a kata id. The configuration parameter
     * {@code katajudge.paths} (e.g. {@code -Dkatajudge.paths=solutions/knight-moves/carol}),
     * when set, grades those paths instead: that is how a replay command narrows a run.
     */
    String[] value() default {};
}

package org.katajudge.engine;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;

import java.util.Optional;

/**
 * A {@link KataSolutions} class in the test plan: the container of the submissions it grades.
 * Its {@link ClassSource} is what lets class-based tools (Maven Surefire) report the tests
 * below it at all. When the submissions could not be found it holds the problem instead, and
 * fails with it when executed.
 */
final class SolutionsClassDescriptor extends AbstractTestDescriptor {

    static final String SEGMENT = "class";

    private final Class<?> testClass;
    private final String problem;

    SolutionsClassDescriptor(UniqueId parent, Class<?> testClass, String problem) {
        super(parent.append(SEGMENT, testClass.getName()), testClass.getSimpleName(), ClassSource.from(testClass));
        this.testClass = testClass;
        this.problem = problem;
    }

    Class<?> testClass() {
        return testClass;
    }

    /** Why nothing can be graded (no solution found, no such path...), when so. */
    Optional<String> problem() {
        return Optional.ofNullable(problem);
    }

    @Override
    public Type getType() {
        return Type.CONTAINER;
    }

    /** A class with a problem has no tests but must not be pruned: its failure is the report. */
    @Override
    public boolean mayRegisterTests() {
        return problem != null;
    }

    @Override
    public String getLegacyReportingName() {
        return testClass.getName();
    }
}

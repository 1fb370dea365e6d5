package org.katajudge.compile;

import java.util.List;

/**
 * Compiles a submission's sources, checks them against the {@link SolutionPolicy} and the
 * kata's signatures. Implementations are thread-safe.
 */
public interface SourceCompiler {

    /**
     * @param sources       the submission's Java files
     * @param expected      the class and methods the kata needs
     * @param enforcePolicy false only to test what the sandbox does with code the policy would refuse
     */
    Compilation compile(List<SourceFile> sources, ExpectedClass expected, boolean enforcePolicy);
}

package org.katajudge.engine.pipeline;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.compile.Compilation;
import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.ExpectedClass;
import org.katajudge.compile.SourceCompiler;
import org.katajudge.engine.plan.Submission;

import java.util.Optional;

/**
 * The compile stage: the sources together within their bound (the intake bounds each file as it
 * reads it), compiled with the policy checked (what a solution may use) and the kata's class and
 * methods declared as its entry points say.
 */
final class CompileStage {

    private final SourceCompiler compiler;
    private final CompileLimits limits;

    CompileStage(SourceCompiler compiler, CompileLimits limits) {
        this.compiler = compiler;
        this.limits = limits;
    }

    Compilation compile(Submission submission, KataDefinition kata, boolean enforcePolicy) {
        Optional<String> tooLarge = limits.tooLarge(submission.sources());
        if (tooLarge.isPresent()) {
            return Compilation.Failed.because(tooLarge.get());
        }
        return compiler.compile(submission.sources(), ExpectedClass.of(kata.spec().className(), kata.entryPoints()),
                enforcePolicy);
    }
}

package org.katajudge.compile;

import java.util.List;
import java.util.Map;

/** The outcome of compiling a submission and checking it against the policy and the kata's signatures. */
public sealed interface Compilation {

    /** Compiled, allowed and declaring what the kata needs: the class bytes, by binary name. */
    record Compiled(Map<String, byte[]> classes, List<CompilerMessage> warnings) implements Compilation {
        public Compiled {
            classes = Map.copyOf(classes);
            warnings = List.copyOf(warnings);
        }
    }

    /** Does not compile, or lacks the kata's class or a method: COMPILE_ERROR. */
    record Failed(List<CompilerMessage> errors) implements Compilation {
        public Failed {
            errors = List.copyOf(errors);
        }
    }

    /** Compiles, but uses what a kata solution may not: REJECTED. */
    record Rejected(List<PolicyViolation> violations) implements Compilation {
        public Rejected {
            violations = List.copyOf(violations);
        }
    }
}

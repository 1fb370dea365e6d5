package org.katajudge.compile;

import java.util.List;
import java.util.Map;

/**
 * The outcome of compiling a submission and checking it against the policy and the kata's
 * signatures. Every outcome may carry notes for the submission's author: what the judge noticed
 * and did about it ("KnightMoves is in package com.example; ... graded as it is").
 */
public sealed interface Compilation {

    List<String> notes();

    /**
     * Compiled, allowed and declaring what the kata needs.
     *
     * @param mainClass the binary name of the kata's class ({@code KnightMoves}, {@code com.example.KnightMoves})
     * @param classes   the class bytes, by binary name
     * @param warnings  javac's warnings
     */
    record Compiled(String mainClass, Map<String, byte[]> classes, List<CompilerMessage> warnings, List<String> notes)
            implements Compilation {
        public Compiled {
            classes = Map.copyOf(classes);
            warnings = List.copyOf(warnings);
            notes = List.copyOf(notes);
        }
    }

    /** Does not compile, lacks the kata's class or a method, or the compiler gave up on it: COMPILE_ERROR. */
    record Failed(List<CompilerMessage> errors, List<String> notes) implements Compilation {
        public Failed {
            errors = List.copyOf(errors);
            notes = List.copyOf(notes);
        }

        public Failed(List<CompilerMessage> errors) {
            this(errors, List.of());
        }

        /** A failure not tied to a place in the sources. */
        public static Failed because(String message) {
            return new Failed(List.of(new CompilerMessage("", 0, 0, message)));
        }
    }

    /** Compiles, but uses what a kata solution may not: REJECTED. */
    record Rejected(List<PolicyViolation> violations, List<String> notes) implements Compilation {
        public Rejected {
            violations = List.copyOf(violations);
            notes = List.copyOf(notes);
        }

        public Rejected(List<PolicyViolation> violations) {
            this(violations, List.of());
        }
    }
}

package org.katajudge.report;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What a test of a submission tests: compiling it, one fixed example, or the cases the judge
 * generates for one method (random, enumerated or replayed). Reports write it in lower case,
 * {@code "kind": "random"}: those words are a contract ({@code schema/report.schema.json}).
 */
public enum TestKind {

    COMPILE("compile"),
    EXAMPLE("example"),
    /** The generated cases of one method: drawn at random, a small domain enumerated, or calls replayed. */
    RANDOM("random");

    private final String word;

    TestKind(String word) {
        this.word = word;
    }

    /** The word reports write. */
    @JsonValue
    public String word() {
        return word;
    }

    /** @throws IllegalArgumentException for a word no kind has */
    @JsonCreator
    public static TestKind of(String word) {
        for (TestKind kind : values()) {
            if (kind.word.equals(word)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("no test kind \"" + word + "\" (compile, example, random)");
    }

    @Override
    public String toString() {
        return word;
    }
}

package org.katajudge.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * A kata's {@code kata.json}: what a person edits about a kata, as opposed to its code.
 *
 * @param id              the kata id, also its folder name
 * @param title           the title a solver sees
 * @param difficulty      e.g. {@code "6 kyu"}
 * @param seed            the seed document the kata comes from
 * @param className       the public class a solution declares, in the default package
 * @param methods         the entry points, with their Java signatures
 * @param timeLimitMillis the wall-clock limit for one call
 * @param scoring         what the kata's tests are worth, when not the defaults (read by
 *                        {@code org.katajudge.scoring.ScoringRules}); null when absent
 */
public record KataSpec(String id, String title, String difficulty, String seed,
                       @JsonProperty("class") String className,
                       List<MethodSpec> methods, long timeLimitMillis, JsonNode scoring) {

    public KataSpec {
        methods = methods == null ? List.of() : List.copyOf(methods);
    }

    /**
     * @param name      the method name
     * @param signature the Java declaration, e.g. {@code public static boolean isLight(String coordinate)}
     */
    public record MethodSpec(String name, String signature) {
    }
}

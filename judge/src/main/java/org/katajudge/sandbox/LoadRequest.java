package org.katajudge.sandbox;

import org.katajudge.kata.ValueType;

import java.util.List;
import java.util.Map;

/**
 * What a child JVM loads: a compiled submission's classes and the methods it will be asked to call.
 *
 * @param className the binary name of the class declaring the methods ({@code KnightMoves}, {@code com.example.KnightMoves})
 * @param classes   every class of the submission, by binary name
 * @param methods   the methods, in the order calls refer to them by index
 */
public record LoadRequest(String className, Map<String, byte[]> classes, List<Method> methods) {

    public LoadRequest {
        classes = Map.copyOf(classes);
        methods = List.copyOf(methods);
    }

    /** A public static method by name and types. */
    public record Method(String name, List<ValueType> parameters, ValueType returns) {
        public Method {
            parameters = List.copyOf(parameters);
        }
    }
}

package org.katajudge.compile;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.ValueType;

import java.util.List;

/**
 * What a kata needs a solution to declare: a public class of this simple name, with these
 * public static methods. Plain names, so it crosses to a compiler worker as text.
 *
 * @param name    the class's simple name, e.g. {@code KnightMoves}
 * @param methods the methods, in the kata's order
 */
public record ExpectedClass(String name, List<Method> methods) {

    /** No class expected: a kata folder's own code is compiled without a signature check. */
    public static final ExpectedClass NONE = new ExpectedClass("", List.of());

    public ExpectedClass {
        methods = List.copyOf(methods);
    }

    public static ExpectedClass of(String className, List<EntryPoint> entryPoints) {
        return new ExpectedClass(className, entryPoints.stream().map(ExpectedClass::method).toList());
    }

    private static Method method(EntryPoint entryPoint) {
        return new Method(entryPoint.method(), canonical(entryPoint.returns()),
                entryPoint.parameters().stream().map(ExpectedClass::canonical).toList(), entryPoint.parameterNames());
    }

    private static String canonical(ValueType type) {
        return type.javaClass().getCanonicalName();
    }

    /**
     * A public static method.
     *
     * @param name           the method's name
     * @param returns        the canonical name of the return type ({@code int}, {@code java.lang.String}, {@code int[]})
     * @param parameterTypes the canonical names of the parameter types
     * @param parameterNames the parameters' names, for messages
     */
    public record Method(String name, String returns, List<String> parameterTypes, List<String> parameterNames) {

        public Method {
            parameterTypes = List.copyOf(parameterTypes);
            parameterNames = List.copyOf(parameterNames);
            if (parameterTypes.size() != parameterNames.size()) {
                throw new IllegalArgumentException(name + ": one name per parameter");
            }
        }

        /** As a student writes it: {@code public static int minMoves(String start, String end)}. */
        public String signature() {
            StringBuilder text = new StringBuilder("public static ").append(simple(returns)).append(' ')
                    .append(name).append('(');
            for (int i = 0; i < parameterTypes.size(); i++) {
                text.append(i == 0 ? "" : ", ").append(simple(parameterTypes.get(i))).append(' ')
                        .append(parameterNames.get(i));
            }
            return text.append(')').toString();
        }
    }

    /** A type name as source code writes it: {@code java.lang.String} is {@code String}. */
    static String simple(String canonical) {
        return canonical.replaceAll("\\bjava\\.lang\\.(?=[A-Z])", "");
    }
}

package org.katajudge.jvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The environment variables every java launcher reads JVM options from. Set for the judge, they
 * would reach every JVM the judge starts for itself, on top of the options those JVMs' commands
 * state: an agent or a debugger that binds a port (the second JVM cannot, and fails to start),
 * {@code _JAVA_OPTIONS}'s {@code -Xmx} over a compiler worker's heap limit (it comes after the
 * command's). So the judge's own helper JVMs (compiler workers, their archive's training, the
 * similarity worker) run without them ({@link #stated}); a submission's JVM gets an environment
 * of its own, stated in full, anyway.
 */
public final class JvmEnvironment {

    /** Read by the JVM ({@code JAVA_TOOL_OPTIONS}, {@code _JAVA_OPTIONS}) or the java launcher ({@code JDK_JAVA_OPTIONS}). */
    public static final List<String> OPTION_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    private JvmEnvironment() {
    }

    /** {@code builder}, without the option variables in the environment it passes on. */
    public static ProcessBuilder stated(ProcessBuilder builder) {
        builder.environment().keySet().removeAll(OPTION_VARIABLES);
        return builder;
    }

    /** The options the option variables of {@code environment} add, word by word. */
    public static List<String> optionsFrom(Map<String, String> environment) {
        List<String> options = new ArrayList<>();
        for (String variable : OPTION_VARIABLES) {
            String value = environment.get(variable);
            if (value != null && !value.isBlank()) {
                options.addAll(List.of(value.strip().split("\\s+")));
            }
        }
        return options;
    }
}

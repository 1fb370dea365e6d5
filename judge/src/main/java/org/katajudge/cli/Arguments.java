package org.katajudge.cli;

import java.util.HashSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A command's parsed arguments: {@code --name value} options, {@code --flag}s and positionals.
 * Also accepts {@code --name=value}; {@code --} ends the options.
 */
final class Arguments {

    private final Map<String, String> options;
    private final Map<String, List<String>> repeated;
    private final Set<String> flags;
    private final List<String> positionals;

    private Arguments(Map<String, String> options, Map<String, List<String>> repeated, Set<String> flags,
                      List<String> positionals) {
        this.options = options;
        this.repeated = repeated;
        this.flags = flags;
        this.positionals = positionals;
    }

    static Arguments parse(String command, List<String> args, Set<String> valued, Set<String> allowed)
            throws UsageException {
        return parse(command, args, valued, allowed, Set.of());
    }

    /**
     * @param valued  the options that take a value, without {@code --}
     * @param allowed the flags, without {@code --}
     * @param many    the valued options that may be given more than once (read with {@link #all})
     * @throws UsageException for an unknown option, a missing value or a repeated option
     */
    static Arguments parse(String command, List<String> args, Set<String> valued, Set<String> allowed,
                           Set<String> many) throws UsageException {
        Map<String, String> options = new LinkedHashMap<>();
        Map<String, List<String>> repeated = new LinkedHashMap<>();
        Set<String> flags = new HashSet<>();
        List<String> positionals = new ArrayList<>();
        boolean onlyPositionals = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (onlyPositionals || !arg.startsWith("--") || arg.equals("-")) {
                positionals.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                onlyPositionals = true;
                continue;
            }
            String name = arg.substring(2);
            String value = null;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if (valued.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw new UsageException(command + ": option --" + name + " needs a value");
                    }
                    value = args.get(++i);
                }
                repeated.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
                if (options.put(name, value) != null && !many.contains(name)) {
                    throw new UsageException(command + ": option --" + name + " given twice");
                }
            } else if (allowed.contains(name) && value == null) {
                flags.add(name);
            } else {
                throw new UsageException(command + ": unknown option --" + name
                        + " (see: " + command + " --help)");
            }
        }
        return new Arguments(options, repeated, flags, positionals);
    }

    /** Every value of an option that may be repeated, in the order given. */
    List<String> all(String name) {
        return repeated.getOrDefault(name, List.of());
    }

    Optional<String> option(String name) {
        return Optional.ofNullable(options.get(name));
    }

    boolean flag(String name) {
        return flags.contains(name);
    }

    List<String> positionals() {
        return positionals;
    }

    /** An integer option within {@code [min, max]}. */
    Optional<Integer> intOption(String command, String name, int min, int max) throws UsageException {
        Optional<String> value = option(name);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        try {
            int number = Integer.parseInt(value.get().trim());
            if (number < min || number > max) {
                throw new UsageException(command + ": --" + name + " must be between " + min + " and " + max
                        + ", got " + number);
            }
            return Optional.of(number);
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": --" + name + " must be a number, got \"" + value.get() + "\"");
        }
    }

    Optional<Long> longOption(String command, String name) throws UsageException {
        Optional<String> value = option(name);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(value.get().trim()));
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": --" + name + " must be a whole number, got \"" + value.get() + "\"");
        }
    }
}

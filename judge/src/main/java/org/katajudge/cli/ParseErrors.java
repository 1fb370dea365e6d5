package org.katajudge.cli;

import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.List;

/**
 * picocli's parse errors in the judge's words: one line, naming the command, as they read before
 * picocli ({@code grade: option --seed needs a value}, {@code grade: option --seed given twice}).
 */
final class ParseErrors {

    private ParseErrors() {
    }

    static String message(ParameterException e) {
        CommandLine where = e.getCommandLine();
        boolean judge = where.getParent() == null;
        String command = where.getCommandSpec().name();
        String prefix = judge ? "" : command + ": ";
        ArgSpec arg = e.getArgSpec();
        if (e instanceof UnmatchedArgumentException unmatched) {
            String word = unmatched.getUnmatched().isEmpty() ? "" : unmatched.getUnmatched().get(0);
            if (judge) {
                return "unknown command \"" + word + "\" (commands: "
                        + String.join(", ", where.getSubcommands().keySet()) + "; see --help)";
            }
            if (word.startsWith("-")) {
                int equals = word.indexOf('=');
                return prefix + "unknown option " + (equals > 0 ? word.substring(0, equals) : word)
                        + " (see: " + command + " --help)";
            }
            return prefix + "unexpected argument \"" + word + "\" (see: " + command + " --help)";
        }
        if (e instanceof MissingParameterException missing && !missing.getMissing().isEmpty()
                && missing.getMissing().get(0) instanceof OptionSpec option) {
            return prefix + "option " + option.longestName() + " needs a value";
        }
        if (e instanceof OverwrittenOptionException overwritten && overwritten.getOverwritten() instanceof OptionSpec option) {
            return prefix + "option " + option.longestName() + " given twice";
        }
        if (e.getCause() instanceof OptionValues.BadValue bad && arg != null) {
            return prefix + JudgeCommandLine.name(arg) + bad.getMessage();
        }
        if (arg instanceof OptionSpec option && option.arity().max() == 0) {
            return prefix + "option " + option.longestName() + " takes no value (see: " + command + " --help)";
        }
        return prefix + oneLine(e.getMessage());
    }

    private static String oneLine(String message) {
        return String.join(" ", List.of(String.valueOf(message).strip().split("\\s*\\R\\s*")));
    }
}

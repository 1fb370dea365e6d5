package org.katajudge.cli;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;

/**
 * {@code completion}: the bash (and zsh) completion script of the judge's commands and options,
 * written by picocli from the same definition as the help.
 */
@Command(name = CompletionCommand.NAME, customSynopsis = "[--help]",
        header = "print the shell completion script of these commands (bash, zsh)",
        description = {
                "Prints a script that completes the judge's commands and options in bash (and zsh) for a command named "
                        + CompletionCommand.SCRIPT + ". Define it and load the script, e.g. in ~/.bashrc:",
                "  alias " + CompletionCommand.SCRIPT + "='java -jar /path/to/judge.jar'",
                "  source <(java -jar /path/to/judge.jar completion)"},
        exitCodeList = {"0:printed"})
final class CompletionCommand implements JudgeCommand {

    static final String NAME = "completion";
    /** The command the script completes: an alias or a wrapper script that runs judge.jar. */
    static final String SCRIPT = "kata-judge";

    @Spec
    CommandSpec spec;

    @Option(names = "--help", usageHelp = true, description = "this help")
    boolean help;

    @Override
    public int run(PrintStream out, PrintStream err) {
        out.print(script(spec.parent().commandLine()));
        return ExitCode.OK;
    }

    /** The completion script of {@code judge}'s commands. */
    static String script(CommandLine judge) {
        // picocli's functions turn bash's fallback off (compopt +o default), and it offers file names
        // only for options typed File or Path, not Optional<Path>: with the fallback left on, bash
        // completes file names wherever the script has nothing to offer (a PATH, --json FILE).
        return AutoComplete.bash(SCRIPT, judge).replace(DEFAULT_OFF, "");
    }

    /** The line of picocli's script that turns bash's file-name fallback off. */
    static final String DEFAULT_OFF = "type compopt &>/dev/null && compopt +o default";
}

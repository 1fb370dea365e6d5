package org.katajudge.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The judge's commands and options, defined once: each command is a picocli {@code @Command}
 * class whose {@code @Option} fields are its options. From that one definition come the parsing,
 * every {@code --help}, {@code docs/reference/cli.md} ({@link CliReference}) and the shell
 * completion ({@link CompletionCommand}). Parse errors become the judge's one-line messages
 * ({@code grade: unknown option --x (see: grade --help)}), exit status 2.
 */
final class JudgeCommandLine {

    /** How the help texts show an option's value: {@code --seed N}, as the docs write it (parsing also takes {@code --seed=N}). */
    private static final Help.IParamLabelRenderer SPACED_LABEL = new Help.IParamLabelRenderer() {
        @Override
        public Help.Ansi.Text renderParameterLabel(ArgSpec arg, Help.Ansi ansi, List<Help.Ansi.IStyle> styles) {
            return ansi.text(arg.arity().max() == 0 ? "" : separator() + arg.paramLabel());
        }

        @Override
        public String separator() {
            return " ";
        }
    };

    /** The judge itself: {@code --help}, {@code --version} and the commands. */
    @Command(name = "kata-judge", customSynopsis = "COMMAND [options]",
            description = "A judge for Java solutions to board-game katas.",
            exitCodeListHeading = "%nExit status (every command):%n",
            exitCodeList = {
                    "0:success (grade: every submission ACCEPTED; verify: every check held; fuzz: no failure found)",
                    "1:a submission was not ACCEPTED, a check did not hold, a failing case was found",
                    "2:usage or configuration error (found before any grading)",
                    "3:the judge itself failed (a bug: please report it)",
                    "130:interrupted (Ctrl-C); the reports hold what was graded"},
            footer = "Every command takes --help. See: docs/reference/cli.md")
    static final class Judge {
        @Option(names = {"--help", "-h"}, usageHelp = true, description = "this help (also after a command: COMMAND --help)")
        boolean help;

        @Option(names = "--version", versionHelp = true, description = "the judge's version")
        boolean version;
    }

    private JudgeCommandLine() {
    }

    /** The commands, in the order the help lists them. */
    private static final Map<String, Supplier<Object>> COMMANDS = commands();

    private static Map<String, Supplier<Object>> commands() {
        Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
        commands.put(GradeCommand.NAME, GradeCommand::new);
        commands.put(FuzzCommand.NAME, FuzzCommand::new);
        commands.put(VerifyCommand.NAME, VerifyCommand::new);
        commands.put(KatasCommand.NAME, KatasCommand::new);
        commands.put(MergeCommand.NAME, MergeCommand::new);
        commands.put(BundleCommand.GRADESCOPE, BundleCommand.Gradescope::new);
        commands.put(BundleCommand.PRAIRIELEARN, BundleCommand.PrairieLearn::new);
        commands.put(NewKataCommand.NAME, NewKataCommand::new);
        commands.put(SimilarityCommand.NAME, SimilarityCommand::new);
        commands.put(ServeCommand.NAME, ServeCommand::new);
        commands.put(CacheCommand.NAME, CacheCommand::new);
        commands.put(CompletionCommand.NAME, CompletionCommand::new);
        return java.util.Collections.unmodifiableMap(commands);
    }

    /** The judge's command line: every command, in the order the help lists them. */
    static CommandLine create() {
        return create(COMMANDS.keySet());
    }

    /**
     * The judge's command line with only {@code names} of its commands: reading a command's
     * definition costs time at every start, and a run needs only its own.
     */
    private static CommandLine create(Collection<String> names) {
        CommandLine judge = new CommandLine(new Judge());
        for (String name : names) {
            judge.addSubcommand(name, COMMANDS.get(name).get());
        }
        judge.setCommandName(Main.command());
        judge.setOverwrittenOptionsAllowed(false);
        judge.setExpandAtFiles(false); // @name is a path like any other, never a file of more arguments
        // A word such as -king is an argument, as a path or an id (only --words are options); a
        // --word no command knows is still refused: see unknownOption.
        judge.getSubcommands().values().forEach(command -> command.setUnmatchedOptionsArePositionalParams(true));
        return judge;
    }

    /** Prints {@code command}'s help (laid out only when asked for: every start pays for what it sets up). */
    static void usage(CommandLine command, PrintStream out) {
        CommandLine judge = command;
        while (judge.getParent() != null) {
            judge = judge.getParent();
        }
        layOutHelp(judge);
        command.usage(out);
    }

    /** How the help texts look: sections, headings, width, options as {@code --seed N}. */
    private static void layOutHelp(CommandLine judge) {
        judge.setColorScheme(Help.defaultColorScheme(Help.Ansi.OFF));
        judge.setUsageHelpWidth(100);
        judge.setUsageHelpLongOptionsMaxWidth(26);
        judge.setHelpSectionKeys(List.of(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS_HEADING,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_DESCRIPTION_HEADING,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_DESCRIPTION,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_PARAMETER_LIST_HEADING,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_PARAMETER_LIST,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST_HEADING,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER_HEADING,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER));
        for (CommandLine command : all(judge)) {
            CommandSpec spec = command.getCommandSpec();
            spec.usageMessage().sortOptions(false).descriptionHeading("%n").optionListHeading("%nOptions:%n")
                    .parameterListHeading("%nArguments:%n").commandListHeading("%nCommands:%n").footerHeading("%n");
            if (spec.usageMessage().exitCodeListHeading().isEmpty()) {
                spec.usageMessage().exitCodeListHeading("%nExit status:%n");
            }
            Map<String, CommandLine.IHelpSectionRenderer> sections = command.getHelpSectionMap();
            sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS,
                    help -> synopsis(help.commandSpec()) + System.lineSeparator());
            sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST,
                    help -> help.optionList(help.createDefaultLayout(), null, SPACED_LABEL));
            sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, JudgeCommandLine::commandList);
            command.setHelpSectionMap(sections);
        }
    }

    /** The judge's command line and each of its commands. */
    static List<CommandLine> all(CommandLine judge) {
        List<CommandLine> all = new ArrayList<>();
        all.add(judge);
        all.addAll(judge.getSubcommands().values());
        return all;
    }

    /** How to call a command: {@code java -jar judge.jar grade [options] [PATH...]}. */
    static String synopsis(CommandSpec spec) {
        return spec.qualifiedName() + " " + String.join(" ", spec.usageMessage().customSynopsis());
    }

    /** A command's synopsis without its options: {@code grade [PATH...]}, {@code new-kata ID}. */
    static String shortSynopsis(CommandSpec spec) {
        String arguments = String.join(" ", spec.usageMessage().customSynopsis())
                .replaceAll("\\[options]|\\[?--[a-z-]+( [A-Z.]+)?]?", "").strip().replaceAll("\\s+", " ");
        return (spec.name() + " " + arguments).strip();
    }

    /** The commands with their one-line summaries, for the judge's --help. */
    private static String commandList(Help help) {
        List<CommandSpec> commands = help.commandSpec().subcommands().values().stream()
                .map(CommandLine::getCommandSpec).distinct().toList();
        if (commands.isEmpty()) {
            return "";
        }
        int width = commands.stream().mapToInt(c -> shortSynopsis(c).length()).max().orElse(0);
        StringBuilder list = new StringBuilder();
        for (CommandSpec command : commands) {
            list.append(String.format("  %-" + width + "s  %s%n", shortSynopsis(command), summary(command)));
        }
        return list.toString();
    }

    /** A command's one-line summary: its header. */
    static String summary(CommandSpec command) {
        return String.join(" ", command.usageMessage().header());
    }

    /** Runs the command {@code args} name; returns the exit status. */
    static int run(List<String> args, PrintStream out, PrintStream err) throws UsageException {
        CommandLine judge = !args.isEmpty() && COMMANDS.containsKey(args.get(0))
                && !args.get(0).equals(CompletionCommand.NAME) ? create(List.of(args.get(0))) : create();
        if (args.isEmpty()) {
            usage(judge, out);
            return ExitCode.USAGE;
        }
        if (args.get(0).equals("help")) {
            usage(judge, out);
            return ExitCode.OK;
        }
        ParseResult parsed;
        try {
            parsed = judge.parseArgs(args.toArray(String[]::new));
        } catch (ParameterException e) {
            CommandLine where = e.getCommandLine();
            if (asksForHelp(where, args)) { // --help wins over the mistakes around it, as it always did
                usage(where, out);
                return ExitCode.OK;
            }
            throw new UsageException(ParseErrors.message(e));
        }
        if (parsed.isUsageHelpRequested()) {
            usage(judge, out);
            return ExitCode.OK;
        }
        if (parsed.isVersionHelpRequested()) {
            out.println("kata-judge " + Main.version());
            return ExitCode.OK;
        }
        if (!parsed.hasSubcommand()) {
            throw new UsageException("give a command (see --help)");
        }
        ParseResult command = parsed.subcommand();
        if (command.isUsageHelpRequested()) {
            usage(command.commandSpec().commandLine(), out);
            return ExitCode.OK;
        }
        Optional<String> unknown = unknownOption(command, args.subList(1, args.size()));
        if (unknown.isPresent()) {
            String name = command.commandSpec().name();
            throw new UsageException(name + ": unknown option " + unknown.get().replaceAll("=.*", "")
                    + " (see: " + name + " --help)");
        }
        return ((JudgeCommand) command.commandSpec().userObject()).run(out, err);
    }

    /**
     * A {@code --word} that the command took as an argument but its user wrote before any
     * {@code --}: an option it does not know (a typo), not a path named {@code --something}.
     */
    private static Optional<String> unknownOption(ParseResult command, List<String> words) {
        int end = words.indexOf("--");
        List<String> beforeEnd = end < 0 ? words : words.subList(0, end);
        for (PositionalParamSpec positional : command.commandSpec().positionalParameters()) {
            Object value = positional.getValue();
            List<?> values = value instanceof List<?> list ? list : value == null ? List.of() : List.of(value);
            for (Object argument : values) {
                String word = String.valueOf(argument);
                if (word.startsWith("--") && beforeEnd.contains(word)) {
                    return Optional.of(word);
                }
            }
        }
        return Optional.empty();
    }

    /** Whether the words of the command where parsing failed ask for its help (before any {@code --}). */
    private static boolean asksForHelp(CommandLine where, List<String> args) {
        boolean judge = where.getParent() == null;
        List<String> words = judge ? args.subList(0, 1) : args.subList(1, args.size());
        for (String word : words) {
            if (word.equals("--")) {
                return false;
            }
            if (word.equals("--help") || judge && word.equals("-h")) {
                return true;
            }
        }
        return false;
    }

    /** The long name of an option, as messages say it: {@code --seed}. */
    static String name(ArgSpec arg) {
        return arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel();
    }
}

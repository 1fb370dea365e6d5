package org.katajudge.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code docs/reference/cli.md}, written from the commands' definitions ({@link JudgeCommandLine}):
 * a section per command with its synopsis, description, arguments, options and exit statuses, in
 * the words of its {@code --help}. Plain help text becomes Markdown here: options, paths and file
 * names become code, and {@code docs/...} paths become links. CliReferenceTest keeps the committed
 * page equal to what this writes; regenerate it with {@value #REGENERATE}.
 */
public final class CliReference {

    /** The command that rewrites the page, from the repository's root, after {@code mvn -B -DskipTests package}. */
    static final String REGENERATE = "java -cp judge/target/judge.jar org.katajudge.cli.CliReference docs/reference/cli.md";
    /** How the page names the judge: the documented form, not this machine's path to the jar. */
    static final String JUDGE = "java -jar judge/target/judge.jar";

    private static final Pattern PLACEHOLDER = Pattern.compile("[A-Z][A-Z0-9./_-]*(\\.\\.\\.)?");
    private static final Pattern DOCS_PATH = Pattern.compile("docs/[a-z0-9/-]+\\.md(#[a-z0-9-]+)?");
    private static final Pattern CODE = Pattern.compile(".*([/<>@=_*`]|\\.(json|java|md|sh|csv|xml|zip|jar)$).*");

    private CliReference() {
    }

    /** Writes the page to {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: " + REGENERATE);
            System.exit(ExitCode.USAGE);
        }
        Files.writeString(Path.of(args[0]), markdown(), StandardCharsets.UTF_8);
    }

    /** The page. */
    static String markdown() {
        CommandLine judge = JudgeCommandLine.create();
        judge.setCommandName(JUDGE);
        StringBuilder page = new StringBuilder();
        page.append("<!-- Written by org.katajudge.cli.CliReference from the commands' definitions (cli/*Command.java):\n")
                .append("     do not edit; change the definitions and run ").append(REGENERATE).append(" -->\n");
        page.append("# Command reference\n\n```\n").append(JUDGE).append(" COMMAND [options]\n```\n\n");
        page.append("| command | does | see |\n|---|---|---|\n");
        List<CommandSpec> commands = judge.getSubcommands().values().stream().map(CommandLine::getCommandSpec).toList();
        for (CommandSpec command : commands) {
            page.append("| [`").append(JudgeCommandLine.shortSynopsis(command)).append("`](#").append(command.name())
                    .append(") | ").append(cell(JudgeCommandLine.summary(command))).append(" | ")
                    .append(seeAlso(command)).append(" |\n");
        }
        page.append("\n`").append(JUDGE).append(" --help` lists the commands and `--version` prints the version;\n")
                .append("every command takes `--help`. Options take their value as the next word or after `=`\n")
                .append("(`--seed 7`, `--seed=7`); `--` ends the options; an option given twice is refused, except those\n")
                .append("that say they may be repeated. A mistake on the command line is one line on the standard error,\n")
                .append("`kata-judge: COMMAND: ...`, and exit status 2. Each section below is its command's `--help`,\n")
                .append("as Markdown.\n\n");
        page.append("Exit statuses, the same for every command (each section says what they mean for its command):\n\n");
        exitStatuses(page, judge.getCommandSpec());
        for (CommandSpec command : commands) {
            section(page, command);
        }
        page.append(SYSTEM_PROPERTIES);
        return page.toString();
    }

    private static void section(StringBuilder page, CommandSpec command) {
        page.append("\n## ").append(command.name()).append("\n\n");
        page.append("`").append(command.name()).append(" ").append(String.join(" ", command.usageMessage().customSynopsis()))
                .append("`: ").append(text(JudgeCommandLine.summary(command))).append(".\n\n");
        boolean inCode = false;
        for (String paragraph : command.usageMessage().description()) {
            boolean code = paragraph.startsWith("  "); // an indented line of help: a command to type
            if (code != inCode) {
                page.append("```\n");
                inCode = code;
            }
            page.append(code ? paragraph.strip() : paragraph.isEmpty() ? "" : text(paragraph.strip())).append("\n");
        }
        if (inCode) {
            page.append("```\n");
        }
        List<PositionalParamSpec> arguments = command.positionalParameters().stream().filter(p -> !p.hidden()).toList();
        if (!arguments.isEmpty()) {
            page.append("\n| argument | |\n|---|---|\n");
            for (PositionalParamSpec argument : arguments) {
                page.append("| `").append(argument.paramLabel()).append(argument.isMultiValue() ? "..." : "")
                        .append("` | ").append(cell(String.join(" ", argument.renderedDescription()))).append(" |\n");
            }
        }
        List<OptionSpec> options = command.options().stream().filter(o -> !o.hidden() && !o.usageHelp()).toList();
        if (!options.isEmpty()) {
            page.append("\n| option | |\n|---|---|\n");
        }
        for (OptionSpec option : options) {
            page.append("| `").append(option.longestName()).append(option.arity().max() == 0 ? "" : " " + option.paramLabel())
                    .append("` | ").append(cell(String.join(" ", option.renderedDescription()))).append(" |\n");
        }
        page.append("\n");
        exitStatuses(page, command);
        String see = seeAlso(command);
        if (!see.isEmpty()) {
            page.append("\nSee ").append(see).append(".\n");
        }
    }

    private static void exitStatuses(StringBuilder page, CommandSpec command) {
        page.append("| exit status | |\n|---|---|\n");
        for (Map.Entry<String, String> status : command.usageMessage().exitCodeList().entrySet()) {
            page.append("| ").append(status.getKey().strip()).append(" | ").append(cell(status.getValue())).append(" |\n");
        }
    }

    /** The pages a command's footer names ({@code See: docs/...}), as links. */
    private static String seeAlso(CommandSpec command) {
        List<String> links = new ArrayList<>();
        for (String line : command.usageMessage().footer()) {
            Matcher path = DOCS_PATH.matcher(line);
            while (path.find()) {
                links.add(link(path.group()));
            }
        }
        return String.join(", ", links);
    }

    /** A table cell: Markdown, with no {@code |} of its own. */
    private static String cell(String plain) {
        return text(plain).replace("|", "\\|");
    }

    /**
     * Help text as Markdown: {@code --option VALUE}, paths, file names and placeholders in angle
     * brackets become code; {@code docs/...md} paths become links relative to this page.
     */
    static String text(String plain) {
        String[] words = plain.split(" ", -1);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < words.length; i++) {
            String word = words[i];
            int start = 0;
            while (start < word.length() && "(\"".indexOf(word.charAt(start)) >= 0) {
                start++;
            }
            int end = word.length();
            while (end > start && ".,;:)\"".indexOf(word.charAt(end - 1)) >= 0 && !word.substring(start, end).endsWith("...")) {
                end--;
            }
            if (word.substring(start, end).endsWith("'s")) { // --method's: the possessive stays outside the code
                end -= 2;
            }
            String lead = word.substring(0, start);
            String core = word.substring(start, end);
            String trail = word.substring(end);
            if (core.isEmpty()) {
                out.add(word);
            } else if (DOCS_PATH.matcher(core).matches()) {
                out.add(lead + link(core) + trail);
            } else if (core.startsWith("--") && core.length() > 2) {
                // "--csv FILE": the option with its placeholder, when the placeholder ends the phrase here
                if (trail.isEmpty() && i + 1 < words.length) {
                    String next = words[i + 1];
                    String nextCore = next.replaceAll("[.,;:)\"]+$", "");
                    if (PLACEHOLDER.matcher(nextCore).matches() && nextCore.length() > 0) {
                        out.add(lead + "`" + core + " " + nextCore + "`" + next.substring(nextCore.length()));
                        i++;
                        continue;
                    }
                }
                out.add(lead + "`" + core + "`" + trail);
            } else if (CODE.matcher(core).matches() && !core.startsWith("http") || core.startsWith("http://")) {
                out.add(lead + "`" + core + "`" + trail);
            } else {
                out.add(word);
            }
        }
        return String.join(" ", out);
    }

    /** A link to a page of docs/, relative to docs/reference/. */
    private static String link(String docsPath) {
        String relative = docsPath.startsWith("docs/reference/") ? docsPath.substring("docs/reference/".length())
                : "../" + docsPath.substring("docs/".length());
        return "[" + docsPath + "](" + relative + ")";
    }

    private static final String SYSTEM_PROPERTIES = """

            ## JVM system properties

            Set with `-D` before `-jar` (`java -Dkatajudge.cache=/tmp/kc -jar judge/target/judge.jar ...`):

            | property | |
            |---|---|
            | `katajudge.cache` | where compiled kata code is cached (default `$XDG_CACHE_HOME/kata-judge`, else `~/.cache/kata-judge`, else the temporary directory) |
            | `katajudge.cds` | `off`: children start without the runner's class-data-sharing archive (see [Isolation](isolation.md)) |
            | `katajudge.home` | the kata-judge repository whose `katas/` and `submissions/` commands use (also `$KATA_JUDGE_HOME`; default: the repository holding the running `judge/target/judge.jar`, else the current directory if it has `katas/`, else the katas bundled in the jar) |
            | `katajudge.similarity.worker` | the similarity worker's folder (`classes/`, `lib/`; default: `similarity/` beside `judge.jar`) |
            | `katajudge.jlink` | `off`: children run on the judge's JDK with `--limit-modules java.base` instead of a `jlink` image of java.base (made once per JDK and user in `java.io.tmpdir`) |

            The JUnit Platform engine's configuration parameters (`katajudge.seed`, `katajudge.cases`,
            `katajudge.paths`, ...) are for challenge repositories: see [Settings](../guides/challenge-repos.md#settings).
            """;
}

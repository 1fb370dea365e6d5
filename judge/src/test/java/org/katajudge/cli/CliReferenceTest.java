package org.katajudge.cli;

import org.junit.jupiter.api.Test;
import org.katajudge.TestHome;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command reference ({@code docs/reference/cli.md}) and the commands' {@code --help} say the
 * same: every option a command's help prints is in its section of the reference, every option
 * written there is in the help, and the command's parser accepts it as written there (with a
 * value or as a flag).
 */
class CliReferenceTest {

    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--([a-z][a-z0-9-]*)");
    /** A table row of the reference whose first cell is an option: {@code | `--seed N` | ...}. */
    private static final Pattern ROW = Pattern.compile("^\\| `--([a-z][a-z0-9-]*)( [^`]+)?` \\|");
    private static final Pattern SECTION = Pattern.compile("^## ([a-z][a-z-]*)$");

    @Test
    void everyCommandsHelpAndTheReferenceListTheSameOptions() throws IOException {
        Map<String, Map<String, Boolean>> reference = reference();
        List<String> commands = commands();
        assertTrue(commands.size() >= 8, commands::toString);
        assertEquals(new TreeSet<>(commands), new TreeSet<>(reference.keySet()),
                "docs/reference/cli.md has a section \"## COMMAND\" for each command of --help, and no other");
        List<String> differences = new ArrayList<>();
        for (String command : commands) {
            CliRun help = CliRun.of(command, "--help");
            assertEquals(0, help.status(), help::toString);
            TreeSet<String> inHelp = options(help.out());
            inHelp.remove("help");
            TreeSet<String> documented = new TreeSet<>(reference.get(command).keySet());
            if (!inHelp.equals(documented)) {
                TreeSet<String> undocumented = new TreeSet<>(inHelp);
                undocumented.removeAll(documented);
                TreeSet<String> notInHelp = new TreeSet<>(documented);
                notInHelp.removeAll(inHelp);
                differences.add(command + ": in --help, not in the reference: " + undocumented
                        + "; in the reference, not in --help: " + notInHelp);
            }
        }
        assertTrue(differences.isEmpty(), () -> String.join("\n", differences));
    }

    @Test
    void everyDocumentedOptionIsAcceptedAsDocumented() throws IOException {
        List<String> refused = new ArrayList<>();
        reference().forEach((command, options) -> options.forEach((option, valued) -> {
            // --help first, so that nothing runs: the parser still reads every word after it
            CliRun run = valued ? CliRun.of(command, "--help", "--" + option + "=x") : CliRun.of(command, "--help", "--" + option);
            if (run.status() != 0) {
                refused.add(command + " --" + option + (valued ? " VALUE" : "") + ": " + run.err().strip());
            }
        }));
        assertTrue(refused.isEmpty(), () -> String.join("\n", refused));
        // the probe can fail: an option that does not exist, a flag given a value, a valued option without one
        assertEquals(2, CliRun.of("grade", "--help", "--no-such-option").status());
        assertEquals(2, CliRun.of("grade", "--help", "--quiet=x").status());
        assertEquals(2, CliRun.of("grade", "--help", "--seed").status());
    }

    @Test
    void theJudgesOwnOptionsAreInTheReference() throws IOException {
        String page = Files.readString(TestHome.root().resolve("docs/reference/cli.md"));
        CliRun help = CliRun.of("--help");
        assertEquals(0, help.status());
        for (String option : options(help.out())) {
            assertTrue(page.contains("`--" + option + "`"), "docs/reference/cli.md names --" + option);
        }
    }

    /** The commands the judge's --help lists. */
    private static List<String> commands() {
        CliRun help = CliRun.of("--help");
        List<String> commands = new ArrayList<>();
        boolean inCommands = false;
        for (String line : help.out().lines().toList()) {
            if (line.equals("Commands:")) {
                inCommands = true;
            } else if (inCommands && line.isBlank()) {
                break;
            } else if (inCommands) {
                commands.add(line.strip().split("\\s+")[0]);
            }
        }
        assertFalse(commands.isEmpty(), help::toString);
        return commands;
    }

    /** Each command's options as the reference documents them: name, and whether it takes a value. */
    private static Map<String, Map<String, Boolean>> reference() throws IOException {
        Map<String, Map<String, Boolean>> reference = new TreeMap<>();
        Map<String, Boolean> section = null;
        for (String line : Files.readAllLines(TestHome.root().resolve("docs/reference/cli.md"))) {
            Matcher heading = SECTION.matcher(line);
            if (line.startsWith("## ")) {
                section = heading.matches() ? reference.computeIfAbsent(heading.group(1), c -> new LinkedHashMap<>()) : null;
                continue;
            }
            Matcher row = ROW.matcher(line);
            if (section != null && row.find()) {
                section.put(row.group(1), row.group(2) != null);
            }
        }
        return reference;
    }

    /**
     * The options a help text offers: those of its usage line and its "Options:" line, and the
     * first word of each indented line of the option list (an option named in a description, such
     * as another command's, is not one).
     */
    private static TreeSet<String> options(String help) {
        TreeSet<String> options = new TreeSet<>();
        for (String line : help.lines().toList()) {
            String text = line.startsWith("Usage:") || line.startsWith("Options:") ? line
                    : line.matches("^\\s+--.*") ? line.strip().split("\\s+")[0] : "";
            Matcher option = OPTION.matcher(text);
            while (option.find()) {
                options.add(option.group(1));
            }
        }
        return options;
    }
}

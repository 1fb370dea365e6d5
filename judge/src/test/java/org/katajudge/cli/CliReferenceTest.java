package org.katajudge.cli;

import org.junit.jupiter.api.Test;
import org.katajudge.TestHome;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The commands and options are defined once ({@link JudgeCommandLine}); their {@code --help} and
 * {@code docs/reference/cli.md} come from that definition. The committed page is the generated
 * one, every option is in its command's help and in the reference, and the names are today's
 * contract: a rename or a lost option fails here.
 */
class CliReferenceTest {

    /** The commands' options as users and scripts know them ({@code VALUE}: it takes one). A new option is added here. */
    private static final Map<String, List<String>> CONTRACT = Map.ofEntries(
            Map.entry("grade", List.of("--kata VALUE", "--seed VALUE", "--cases VALUE", "--scoring VALUE", "--partial-credit", "--student-view", "--json VALUE", "--junit-xml VALUE", "--open-test-report VALUE", "--shard VALUE", "--csv VALUE", "--csv-bom", "--roster VALUE", "--moodle-grades VALUE", "--canvas-grades VALUE", "--gradescope VALUE", "--prairielearn VALUE", "--feedback VALUE", "--html VALUE", "--jobs VALUE", "--isolation VALUE", "--katas VALUE", "--quiet", "--similarity", "--similarity-threshold VALUE", "--known VALUE", "--no-samples", "--similarity-csv VALUE")),
            Map.entry("fuzz", List.of("--kata VALUE", "--seed VALUE", "--cases VALUE", "--time VALUE", "--replay VALUE", "--method VALUE", "--history VALUE", "--save-example VALUE", "--json VALUE", "--isolation VALUE", "--katas VALUE")),
            Map.entry("verify", List.of("--jobs VALUE", "--json VALUE", "--isolation VALUE", "--katas VALUE")),
            Map.entry("katas", List.of("--katas VALUE")),
            Map.entry("merge", List.of("--json VALUE", "--junit-xml VALUE", "--csv VALUE", "--csv-bom", "--quiet")),
            Map.entry("gradescope-bundle", List.of("--kata VALUE", "--out VALUE", "--scoring VALUE", "--katas VALUE", "--jar VALUE")),
            Map.entry("prairielearn-bundle", List.of("--out VALUE", "--katas VALUE", "--jar VALUE")),
            Map.entry("new-kata", List.of("--dir VALUE")),
            Map.entry("similarity", List.of("--threshold VALUE", "--known VALUE", "--no-samples", "--json VALUE", "--csv VALUE", "--kata VALUE", "--katas VALUE")),
            Map.entry("serve", List.of("--port VALUE", "--host VALUE", "--url VALUE", "--katas VALUE", "--data VALUE", "--roster VALUE", "--jobs VALUE", "--queue VALUE", "--per-student VALUE", "--per-minute VALUE", "--seed VALUE", "--cases VALUE", "--isolation VALUE")),
            Map.entry("cache", List.of("--katas VALUE", "--isolation VALUE", "--java-options VALUE")),
            Map.entry("completion", List.of()));

    @Test
    void theCommittedReferenceIsTheGeneratedOne() throws IOException {
        String committed = Files.readString(TestHome.root().resolve("docs/reference/cli.md"));
        assertEquals(CliReference.markdown(), committed, "docs/reference/cli.md is not what the commands' definitions say:"
                + " regenerate it from the repository's root with mvn -B -q -DskipTests package && " + CliReference.REGENERATE);
    }

    @Test
    void theCommandsAndOptionsAreTheContract() {
        Map<String, List<String>> defined = new TreeMap<>();
        for (CommandSpec command : commands()) {
            List<String> options = new ArrayList<>();
            for (OptionSpec option : command.options()) {
                if (!option.hidden() && !option.usageHelp()) {
                    options.add(option.longestName() + (option.arity().max() == 0 ? "" : " VALUE"));
                }
            }
            defined.put(command.name(), options);
        }
        Map<String, TreeSet<String>> contract = new TreeMap<>();
        CONTRACT.forEach((command, options) -> contract.put(command, new TreeSet<>(options)));
        Map<String, TreeSet<String>> actual = new TreeMap<>();
        defined.forEach((command, options) -> actual.put(command, new TreeSet<>(options)));
        assertEquals(contract, actual);
    }

    @Test
    void everyOptionIsInItsCommandsHelpAndInTheReference() throws IOException {
        String reference = Files.readString(TestHome.root().resolve("docs/reference/cli.md"));
        List<String> missing = new ArrayList<>();
        for (CommandSpec command : commands()) {
            CliRun help = CliRun.of(command.name(), "--help");
            assertEquals(0, help.status(), help::toString);
            assertTrue(help.out().startsWith("Usage: java -jar "), help::toString);
            assertTrue(help.out().contains("Exit status:"), help::toString);
            String section = reference.substring(reference.indexOf("\n## " + command.name() + "\n"));
            section = section.substring(0, section.indexOf("\n## ", 1) < 0 ? section.length() : section.indexOf("\n## ", 1));
            for (OptionSpec option : command.options()) {
                if (option.hidden()) {
                    continue;
                }
                String shown = option.longestName() + (option.arity().max() == 0 ? "" : " " + option.paramLabel());
                if (!Pattern.compile("(?m)^ +" + Pattern.quote(shown) + "( |$)").matcher(help.out()).find()) {
                    missing.add(command.name() + " --help: " + shown);
                }
                if (!option.usageHelp() && !section.contains("| `" + shown + "` |")) {
                    missing.add("docs/reference/cli.md ## " + command.name() + ": " + shown);
                }
                if (String.join(" ", option.description()).isBlank()) {
                    missing.add(command.name() + " " + shown + ": no description");
                }
            }
        }
        assertTrue(missing.isEmpty(), () -> String.join("\n", missing));
    }

    @Test
    void theJudgesHelpListsEveryCommand() {
        CliRun help = CliRun.of("--help");
        assertEquals(0, help.status(), help::toString);
        List<String> listed = new ArrayList<>();
        boolean inCommands = false;
        for (String line : help.out().lines().toList()) {
            if (line.equals("Commands:")) {
                inCommands = true;
            } else if (inCommands && line.isBlank()) {
                break;
            } else if (inCommands) {
                listed.add(line.strip().split("\\s+")[0]);
            }
        }
        assertEquals(commands().stream().map(CommandSpec::name).toList(), listed, help::toString);
        assertTrue(help.out().contains("--version") && help.out().contains("--help"), help::toString);
    }

    private static List<CommandSpec> commands() {
        Map<String, CommandSpec> commands = new LinkedHashMap<>();
        JudgeCommandLine.create().getSubcommands().forEach((name, command) -> commands.put(name, command.getCommandSpec()));
        assertTrue(commands.size() >= 11, commands::toString);
        return List.copyOf(commands.values());
    }
}

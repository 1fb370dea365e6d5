package org.katajudge.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code completion}: the bash completion script, generated from the same definition as the help,
 * is valid bash and completes what a user types: the commands, each command's options, the values
 * of {@code --isolation}; where it has nothing to offer, bash falls back to file names.
 */
class CompletionCommandTest {

    @TempDir
    Path dir;

    @Test
    void theScriptIsValidBashAndNamesEveryCommand() throws Exception {
        Path script = script();
        Bash syntax = bash("bash -n " + script);
        assertEquals(0, syntax.status(), syntax::toString);
        String text = Files.readString(script);
        for (String command : JudgeCommandLine.create().getSubcommands().keySet()) {
            assertTrue(text.contains(command), "the script names " + command);
        }
        assertTrue(text.contains("complete -F _complete_kata-judge -o default kata-judge"), "completes kata-judge");
        assertFalse(text.contains(CompletionCommand.DEFAULT_OFF), "bash's file-name fallback stays on");
    }

    @Test
    void completesCommandsOptionsAndValues() throws Exception {
        Path script = script();
        assertEquals(Set.of("grade", "gradescope-bundle"), completions(script, "kata-judge gr"));
        assertEquals(Set.of("--json"), completions(script, "kata-judge grade --js"));
        assertEquals(Set.of("--known", "--kata", "--katas"), completions(script, "kata-judge grade --k"));
        assertEquals(Set.of("auto", "bwrap", "unshare", "none"), completions(script, "kata-judge verify --isolation "));
        assertEquals(Set.of("--threshold"), completions(script, "kata-judge similarity --th"));
        assertEquals(Set.of(), completions(script, "kata-judge similarity --ht"), "a hidden option is not offered");
        assertEquals(JudgeCommandLine.create().getSubcommands().keySet(), completions(script, "kata-judge "));
    }

    private Path script() throws IOException {
        CliRun run = CliRun.of("completion");
        assertEquals(0, run.status(), run::toString);
        Path script = dir.resolve("kata-judge.bash");
        Files.writeString(script, run.out());
        return script;
    }

    /** What the script offers for the command line {@code line} (the cursor at its end). */
    private Set<String> completions(Path script, String line) throws Exception {
        Path lineFile = dir.resolve("line.txt");
        Files.writeString(lineFile, line);
        Bash run = bash("source " + script + "\n"
                + "line=$(cat " + lineFile + ")\n"
                + "read -ra COMP_WORDS <<< \"$line\"\n"
                + "[[ \"$line\" == *' ' ]] && COMP_WORDS+=('')\n"
                + "COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE=\"$line\"; COMP_POINT=${#line}\n"
                + "COMPREPLY=(); _complete_kata-judge\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n");
        assertEquals(0, run.status(), run::toString);
        return new TreeSet<>(run.out().lines().filter(l -> !l.isBlank()).map(String::strip).toList());
    }

    private record Bash(int status, String out) {
    }

    private Bash bash(String commands) throws Exception {
        Path file = dir.resolve("run.sh");
        Files.writeString(file, commands);
        Process process = new ProcessBuilder(List.of("bash", file.toString())).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Bash(process.waitFor(), out);
    }
}

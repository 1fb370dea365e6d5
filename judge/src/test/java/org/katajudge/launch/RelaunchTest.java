package org.katajudge.launch;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which runs are relaunched and with what command (the real relaunch: RelaunchIT). */
class RelaunchTest {

    @Test
    void onlyTheGradingCommandsAreRelaunchedAndNeverTheirHelp() {
        assertTrue(Relaunch.wanted(List.of(), List.of(), List.of("grade", "submissions/x")));
        assertTrue(Relaunch.wanted(List.of("-Xmx256m"), List.of(), List.of("fuzz", "--seed", "42", "x")));
        assertFalse(Relaunch.wanted(List.of(), List.of(), List.of("serve")), "a server runs for hours: C2 pays there");
        assertFalse(Relaunch.wanted(List.of(), List.of(), List.of("verify")));
        assertFalse(Relaunch.wanted(List.of(), List.of(), List.of()));
        assertFalse(Relaunch.wanted(List.of(), List.of(), List.of("grade", "--help")));
        assertFalse(Relaunch.wanted(List.of(), List.of(), List.of("--version")));
        assertFalse(Relaunch.wanted(List.of(), List.of(), List.of("--katas", "k", "grade", "x")), "the command must come first");
    }

    @Test
    void aJvmGivenAnArchiveOptionOnPurposeIsLeftAlone() {
        for (String option : List.of("-XX:SharedArchiveFile=/a.jsa", "-XX:ArchiveClassesAtExit=/a.jsa", "-Xshare:off",
                "-XX:AOTCache=/a.aot", "-XX:+AutoCreateSharedArchive", "-Dkatajudge.relaunched=12")) {
            assertFalse(Relaunch.wanted(List.of("-Xmx1g", option), List.of(), List.of("grade", "x")), option);
        }
    }

    @Test
    void aJvmWatchedByADebuggerAnAgentOrItsLogsIsLeftAlone() {
        for (String option : List.of("-agentlib:jdwp=transport=dt_socket,server=y,address=5005", "-javaagent:/a.jar",
                "-agentpath:/lib/a.so", "-XX:StartFlightRecording=filename=a.jfr", "-Xlog:gc:file=gc.log", "-verbose:class",
                "-XX:+HeapDumpOnOutOfMemoryError")) {
            assertFalse(Relaunch.wanted(List.of("-Xmx1g", option), List.of(), List.of("grade", "x")), option);
            assertFalse(Relaunch.wanted(List.of(), List.of("-Dfile.encoding=UTF-8", option), List.of("grade", "x")),
                    "from JAVA_TOOL_OPTIONS: " + option);
        }
        assertTrue(Relaunch.wanted(List.of(), List.of("-Dfile.encoding=UTF-8", "-Xmx1g"), List.of("grade", "x")),
                "options that only tune the JVM are the relaunched judge's too");
    }

    @Test
    void theDirectOptionsNameTheArchiveAndAreNeverRelaunched() {
        List<String> direct = Relaunch.directOptions(Path.of("/c/judge-cds-1/judge.jsa"));
        assertTrue(direct.contains("-XX:SharedArchiveFile=/c/judge-cds-1/judge.jsa"), direct.toString());
        assertTrue(direct.containsAll(JudgeArchive.QUIET), direct.toString());
        assertTrue(direct.contains("-Dkatajudge.relaunch=off"), "an @file is not seen on the command line: " + direct);
        assertFalse(Relaunch.wanted(direct, List.of(), List.of("grade", "x")), direct.toString());
        assertTrue(direct.stream().noneMatch(option -> option.startsWith("@")), direct.toString());
    }

    @Test
    void theCommandKeepsTheUsersOptionsAndArgumentsAndAddsTheArchive() {
        List<String> command = Relaunch.command(List.of("-Xmx256m", "-Dkatajudge.cache=/c"), "-XX:SharedArchiveFile=/c/judge.jsa",
                Path.of("/opt/judge.jar"), new String[] {"grade", "--json", "r.json", "a b"});
        assertTrue(command.get(0).endsWith("/bin/java"), command.toString());
        assertEquals(List.of("-Xmx256m", "-Dkatajudge.cache=/c", "-XX:SharedArchiveFile=/c/judge.jsa"), command.subList(1, 4));
        assertTrue(command.containsAll(JudgeArchive.QUIET) && command.containsAll(TunedOptions.OPTIONS), command.toString());
        assertTrue(command.contains("-D" + Relaunch.PROPERTY + "=" + ProcessHandle.current().pid()), command.toString());
        int jar = command.indexOf("-jar");
        assertEquals(List.of("-jar", "/opt/judge.jar", "grade", "--json", "r.json", "a b"), command.subList(jar, command.size()));
    }

    @Test
    void theUsersOwnCollectorOrCompilerModeIsNotOverridden() {
        List<String> command = Relaunch.command(List.of("-XX:+UseParallelGC", "-XX:TieredStopAtLevel=4"), "-XX:SharedArchiveFile=/a",
                Path.of("/j.jar"), new String[] {"grade", "x"});
        assertFalse(command.contains("-XX:+UseSerialGC"), "two collectors would not start: " + command);
        assertFalse(command.contains("-XX:TieredStopAtLevel=1"), command.toString());
        assertTrue(TunedOptions.conflicts(List.of("-Xint"), "-XX:TieredStopAtLevel=1"));
        assertFalse(TunedOptions.conflicts(List.of("-Xmx1g"), "-XX:+UseSerialGC"));
    }

    @Test
    void aFuzzingCampaignKeepsC2() {
        List<String> campaign = Relaunch.command(List.of(), "-XX:SharedArchiveFile=/a", Path.of("/j.jar"),
                new String[] {"fuzz", "--time", "10m", "x"});
        assertFalse(campaign.contains("-XX:TieredStopAtLevel=1"), campaign.toString());
        assertTrue(campaign.contains("-XX:SharedArchiveFile=/a"), campaign.toString());
        assertTrue(Relaunch.command(List.of(), "-XX:SharedArchiveFile=/a", Path.of("/j.jar"), new String[] {"fuzz", "x"})
                .contains("-XX:TieredStopAtLevel=1"));
    }

    @Test
    void withoutACacheTheRelaunchAddsC1AndTheSerialCollectorAndNoArchive() {
        String[] grade = {"grade", "x"};
        assertTrue(TunedOptions.worthARelaunch(List.of("-Xmx1g"), grade), "C1 is the gain: a second JVM's start pays for it");
        assertFalse(TunedOptions.worthARelaunch(List.of("-XX:TieredStopAtLevel=4"), grade), "the user's compiler mode: nothing to gain");
        assertFalse(TunedOptions.worthARelaunch(List.of("-Xint"), grade));
        assertFalse(TunedOptions.worthARelaunch(List.of(), new String[] {"fuzz", "--cases", "100000", "x"}), "a campaign keeps C2");
        List<String> command = Relaunch.tunedCommand(List.of("-Xmx1g"), Path.of("/j.jar"), grade);
        assertEquals("-Xmx1g", command.get(1), "the user's options first: " + command);
        assertTrue(command.containsAll(TunedOptions.OPTIONS), command.toString());
        assertTrue(command.stream().noneMatch(option -> option.startsWith("-XX:SharedArchiveFile") || option.startsWith("-Xshare")),
                "no archive to name: " + command);
        assertTrue(command.contains("-D" + Relaunch.PROPERTY + "=" + ProcessHandle.current().pid()), "never relaunched twice: " + command);
        assertEquals(List.of("-jar", "/j.jar", "grade", "x"), command.subList(command.indexOf("-jar"), command.size()));
        assertFalse(Relaunch.tunedCommand(List.of("-XX:+UseZGC"), Path.of("/j.jar"), grade).contains("-XX:+UseSerialGC"),
                "two collectors would not start");
    }

    @Test
    void theArchivesKeyChangesWithEverythingItDependsOn() {
        String key = JudgeArchive.key("jdk", "17", "/j.jar", "100", "5", "-Xmx1g");
        assertEquals(key, JudgeArchive.key("jdk", "17", "/j.jar", "100", "5", "-Xmx1g"));
        assertNotEquals(key, JudgeArchive.key("jdk", "17", "/j.jar", "101", "5", "-Xmx1g"));
        assertNotEquals(key, JudgeArchive.key("jdk", "17", "/j.jar", "100", "5", "-Xmx2g"));
        assertNotEquals(JudgeArchive.key("ab", "c"), JudgeArchive.key("a", "bc"), "the parts are separated");
    }
}

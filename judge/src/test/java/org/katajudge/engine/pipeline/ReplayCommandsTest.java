package org.katajudge.engine.pipeline;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Replay commands in the form of the tool the judge runs in. */
class ReplayCommandsTest {

    @Test
    void theCommandLineReplaysWithFuzzAndReRunsWithGrade() {
        ReplayCommands cli = ReplayCommands.of("java -jar judge/target/judge.jar");
        assertEquals("java -jar judge/target/judge.jar fuzz --kata knight-moves --method minMoves --replay 0.0.5 solutions/knight-moves/carol",
                cli.replay("knight-moves", "minMoves", "0.0.5", "solutions/knight-moves/carol"));
        assertEquals("java -jar judge/target/judge.jar grade --kata knight-moves solutions/knight-moves/carol",
                cli.rerun("knight-moves", "solutions/knight-moves/carol"));
    }

    @Test
    void mavenAndItsWrapperReplayWithConfigurationParameters() {
        ReplayCommands maven = ReplayCommands.of("mvn test -Dtest=SolutionsTest");
        assertEquals("mvn test -Dtest=SolutionsTest -Dkatajudge.paths=solutions/knight-moves/carol"
                        + " -Dkatajudge.replay.method=minMoves -Dkatajudge.replay.choices=0.0.5",
                maven.replay("knight-moves", "minMoves", "0.0.5", "solutions/knight-moves/carol"));
        assertEquals("./mvnw -q test -Dkatajudge.paths=solutions/knight-moves/carol",
                ReplayCommands.of("./mvnw -q test").rerun("knight-moves", "solutions/knight-moves/carol"));
    }

    @Test
    void pathsAShellWouldSplitAreQuoted() {
        assertEquals("mvn test '-Dkatajudge.paths=solutions/knight-moves/o'\\''brien smith'",
                ReplayCommands.of("mvn test").rerun("knight-moves", "solutions/knight-moves/o'brien smith"));
        assertEquals("java -jar j.jar grade --kata knight-moves 'a b'", ReplayCommands.of("java -jar j.jar").rerun("knight-moves", "a b"));
    }
}

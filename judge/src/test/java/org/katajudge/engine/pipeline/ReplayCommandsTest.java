package org.katajudge.engine.pipeline;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Replay commands in the form of the tool the judge runs in. */
class ReplayCommandsTest {

    /** The working directory, as the command line's commands name paths below it: absolutely. */
    private static final String HERE = Path.of("").toAbsolutePath().toString().replace('\\', '/');

    @Test
    void theCommandLineReplaysWithFuzzAndReRunsWithGrade() {
        ReplayCommands cli = ReplayCommands.of("java -jar judge/target/judge.jar");
        assertEquals("java -jar judge/target/judge.jar fuzz --kata knight-moves --method minMoves --replay 0.0.5 "
                        + HERE + "/solutions/knight-moves/carol",
                cli.replay("knight-moves", "minMoves", "0.0.5", "solutions/knight-moves/carol"));
        assertEquals("java -jar judge/target/judge.jar grade --kata knight-moves " + HERE + "/solutions/knight-moves/carol",
                cli.rerun("knight-moves", "solutions/knight-moves/carol"));
    }

    /**
     * What the run was given that the command needs is carried, with absolute paths: the katas
     * directory (a teacher's copy with hidden examples), the assignment file, seed and cases.
     */
    @Test
    void theRunsOptionsAreCarriedWithAbsolutePaths() {
        ReplayCommands cli = ReplayCommands.of("java -jar /opt/judge.jar", Optional.of(Path.of("course/katas")),
                List.of("--scoring", "/home/t/course/points.json"));
        assertEquals("java -jar /opt/judge.jar grade --katas " + HERE + "/course/katas --kata knight-moves"
                        + " --scoring /home/t/course/points.json --seed 5 --cases 200 /srv/class/alice",
                cli.rerun("knight-moves", Optional.of(5L), Optional.of(200), "/srv/class/alice"));
        assertEquals("java -jar /opt/judge.jar fuzz --katas " + HERE + "/course/katas --kata knight-moves"
                        + " --replay 'minMoves@hidden h3' --replay 'minMoves@g2 to a8' /srv/class/alice",
                cli.replay("knight-moves", null, List.of("minMoves@hidden h3", "minMoves@g2 to a8"), 0, 0, "/srv/class/alice"));
        assertEquals("java -jar /opt/judge.jar grade --katas " + HERE + "/course/katas --kata knight-moves"
                        + " --scoring /home/t/course/points.json --seed 5 --cases 200 /srv/class/alice",
                cli.rerunSearch("knight-moves", false, 5, 200, "/srv/class/alice"));
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
        assertEquals("java -jar j.jar grade --kata knight-moves " + ReplayCommands.quoted(HERE + "/a b"),
                ReplayCommands.of("java -jar j.jar").rerun("knight-moves", "a b"));
    }
}

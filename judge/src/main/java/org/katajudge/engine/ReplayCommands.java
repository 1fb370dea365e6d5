package org.katajudge.engine;

import java.util.Set;

/**
 * The commands a report prints so a person can see a failing case again, in the form of the
 * tool they ran the judge with: the judge's command line ({@code java -jar judge.jar fuzz ...
 * --replay CHOICES PATH}) or a Maven build ({@code mvn test -Dkatajudge.paths=PATH
 * -Dkatajudge.replay.choices=CHOICES ...}), which is all a challenge repository has.
 */
final class ReplayCommands {

    private static final Set<String> MAVEN = Set.of("mvn", "mvnw", "mvn.cmd", "mvnw.cmd");

    private final String command;
    private final boolean maven;

    private ReplayCommands(String command, boolean maven) {
        this.command = command;
        this.maven = maven;
    }

    /**
     * @param command how the person runs the judge ({@link EngineSettings#COMMAND}): a Maven
     *                command when its first word is {@code mvn} or {@code mvnw} (e.g.
     *                {@code ./mvnw test -Dtest=SolutionsTest}), else the judge's command line
     */
    static ReplayCommands of(String command) {
        String first = command.strip().split("\\s+", 2)[0];
        String name = first.substring(Math.max(first.lastIndexOf('/'), first.lastIndexOf('\\')) + 1);
        return new ReplayCommands(command.strip(), MAVEN.contains(name));
    }

    /** Runs every test of one submission again (a fixed example failed: examples need no choices). */
    String rerun(String kata, String submission) {
        return maven ? command + " " + quoted("-D" + EngineSettings.PATHS + "=" + submission)
                : command + " grade --kata " + kata + " " + quoted(submission);
    }

    /** Runs exactly one generated case again, from the choices that generate it. */
    String replay(String kata, String method, String choices, String submission) {
        return maven
                ? command + " " + quoted("-D" + EngineSettings.PATHS + "=" + submission)
                        + " -D" + EngineSettings.REPLAY_METHOD + "=" + method
                        + " -D" + EngineSettings.REPLAY_CHOICES + "=" + choices
                : command + " fuzz --kata " + kata + " --method " + method + " --replay " + choices + " " + quoted(submission);
    }

    /** A shell word: as is when it needs no quoting, else in single quotes. */
    static String quoted(String word) {
        return word.matches("[A-Za-z0-9_./@%+=:,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}

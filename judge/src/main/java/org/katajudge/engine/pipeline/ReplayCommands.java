package org.katajudge.engine.pipeline;

import org.katajudge.catalog.KataDefinition;
import org.katajudge.engine.plan.ParameterNames;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The commands a report prints so a person can see a failing case again, in the form of the
 * tool they ran the judge with: the judge's command line ({@code java -jar judge.jar fuzz ...
 * --replay CHOICES PATH}) or a Maven build ({@code mvn test -Dkatajudge.paths=PATH
 * -Dkatajudge.replay.choices=CHOICES ...}), which is all a challenge repository has.
 */
public final class ReplayCommands {

    private static final Set<String> MAVEN = Set.of("mvn", "mvnw", "mvn.cmd", "mvnw.cmd");

    private final String command;
    private final boolean maven;
    private final Optional<Path> katas;

    private ReplayCommands(String command, boolean maven, Optional<Path> katas) {
        this.command = command;
        this.maven = maven;
        this.katas = katas;
    }

    /**
     * @param command how the person runs the judge ({@code katajudge.command}): a Maven
     *                command when its first word is {@code mvn} or {@code mvnw} (e.g.
     *                {@code ./mvnw test -Dtest=SolutionsTest}), else the judge's command line
     */
    static ReplayCommands of(String command) {
        return of(command, Optional.empty());
    }

    /**
     * @param katas the katas directory a command must name to find the kata again (a kata whose
     *              code is its folder's own), or empty for a built-in kata
     */
    static ReplayCommands of(String command, Optional<Path> katas) {
        String first = command.strip().split("\\s+", 2)[0];
        String name = first.substring(Math.max(first.lastIndexOf('/'), first.lastIndexOf('\\')) + 1);
        return new ReplayCommands(command.strip(), MAVEN.contains(name), katas);
    }

    /** Runs every test of one submission again (a fixed example failed: examples need no choices). */
    String rerun(String kata, String submission) {
        return maven ? command + katas() + " " + quoted("-D" + ParameterNames.PATHS + "=" + submission)
                : command + " grade" + katas() + " --kata " + kata + " " + quoted(submission);
    }

    /** Runs exactly one generated case again, from the choices that generate it. */
    String replay(String kata, String method, String choices, String submission) {
        return replay(kata, method, List.of(choices), 0, 0, submission);
    }

    /**
     * Runs calls again, in order, in a fresh submission: the last is the failing case, the ones
     * before it the calls it depends on.
     *
     * @param method     the method of every call when they are all generated cases of one method
     *                   (then {@code steps} are bare choices); null when {@code steps} name their
     *                   method ({@code METHOD:CHOICES}, {@code METHOD@EXAMPLE})
     * @param steps      the calls
     * @param seed       with {@code drawn}: the seed of the calls drawn before them
     * @param drawn      how many cases of the last call's method's stream come first (0: none)
     */
    String replay(String kata, String method, List<String> steps, long seed, int drawn, String submission) {
        if (maven) {
            StringBuilder command = new StringBuilder(this.command).append(katas()).append(' ')
                    .append(quoted("-D" + ParameterNames.PATHS + "=" + submission));
            if (drawn > 0) {
                command.append(" -D").append(ParameterNames.SEED).append('=').append(seed)
                        .append(" -D").append(ParameterNames.REPLAY_DRAWN).append('=').append(drawn);
            }
            if (method != null && steps.size() == 1) {
                command.append(" -D").append(ParameterNames.REPLAY_METHOD).append('=').append(method)
                        .append(" -D").append(ParameterNames.REPLAY_CHOICES).append('=').append(steps.get(0));
            } else {
                List<String> named = steps.stream().map(step -> method == null ? step : method + ":" + step).toList();
                command.append(' ').append(quoted("-D" + ParameterNames.REPLAY_CALLS + "=" + String.join(";", named)));
            }
            return command.toString();
        }
        StringBuilder command = new StringBuilder(this.command).append(" fuzz").append(katas()).append(" --kata ").append(kata);
        if (method != null) {
            command.append(" --method ").append(method);
        }
        if (drawn > 0) {
            command.append(" --seed ").append(seed).append(" --history ").append(drawn);
        }
        for (String step : steps) {
            command.append(" --replay ").append(quoted(step));
        }
        return command.append(' ').append(quoted(submission)).toString();
    }

    /**
     * The whole search again with its seed, for a history too long to list or draw: {@code grade}
     * as it was run, or {@code fuzz} with a case count that covers every call it made.
     */
    String rerunSearch(String kata, boolean fuzz, long seed, long cases, String submission) {
        if (maven) {
            return command + katas() + " " + quoted("-D" + ParameterNames.PATHS + "=" + submission)
                    + (fuzz ? " -D" + ParameterNames.MODE + "=fuzz" : "")
                    + " -D" + ParameterNames.SEED + "=" + seed + " -D" + ParameterNames.CASES + "=" + cases;
        }
        return command + (fuzz ? " fuzz" : " grade") + katas() + " --kata " + kata + " --seed " + seed + " --cases " + cases
                + " " + quoted(submission);
    }

    /** {@code --katas DIR} (or Maven's {@code -Dkatajudge.katas=DIR}) when the kata needs it, else nothing. */
    private String katas() {
        return katas.map(dir -> maven ? " " + quoted("-D" + ParameterNames.KATAS + "=" + display(dir))
                : " --katas " + quoted(display(dir))).orElse("");
    }

    /**
     * {@code " --katas DIR"} for a kata whose code is its folder's own, so a printed command finds
     * it again; nothing for a built-in kata.
     */
    public static String katasOption(KataDefinition kata) {
        return kata.katasDirectory().map(dir -> " --katas " + quoted(display(dir))).orElse("");
    }

    /** A path as a person would type it: relative to the working directory when below it. */
    static String display(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path current = Path.of("").toAbsolutePath();
        Path shown = absolute.startsWith(current) && !absolute.equals(current) ? current.relativize(absolute) : absolute;
        return shown.toString().replace('\\', '/');
    }

    /** A shell word: as is when it needs no quoting, else in single quotes. */
    static String quoted(String word) {
        return word.matches("[A-Za-z0-9_./@%+=:,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}

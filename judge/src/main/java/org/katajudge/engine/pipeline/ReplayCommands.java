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
    private final String gradeOptions;

    private ReplayCommands(String command, boolean maven, Optional<Path> katas, String gradeOptions) {
        this.command = command;
        this.maven = maven;
        this.katas = katas;
        this.gradeOptions = gradeOptions;
    }

    /**
     * @param command how the person runs the judge ({@code katajudge.command}): a Maven
     *                command when its first word is {@code mvn} or {@code mvnw} (e.g.
     *                {@code ./mvnw test -Dtest=SolutionsTest}), else the judge's command line
     */
    static ReplayCommands of(String command) {
        return of(command, Optional.empty(), List.of());
    }

    /**
     * @param katas        the katas directory a command must name to find the kata again (the run's
     *                     {@code --katas}, or the folder of a kata whose code is its own), or empty
     * @param gradeOptions what a {@code grade} rerun must repeat besides the kata, seed, cases and
     *                     submission to grade as the run did ({@code --scoring FILE}, ...),
     *                     option and value as separate words; the judge's command line only
     */
    static ReplayCommands of(String command, Optional<Path> katas, List<String> gradeOptions) {
        String first = command.strip().split("\\s+", 2)[0];
        String name = first.substring(Math.max(first.lastIndexOf('/'), first.lastIndexOf('\\')) + 1);
        boolean maven = MAVEN.contains(name);
        StringBuilder options = new StringBuilder();
        for (String word : gradeOptions) {
            options.append(' ').append(quoted(word));
        }
        return new ReplayCommands(command.strip(), maven, katas, maven ? "" : options.toString());
    }

    /** Runs every test of the submission again (a fixed example failed: examples need no choices). */
    String rerun(String kata, String submission) {
        return rerun(kata, Optional.empty(), Optional.empty(), submission);
    }

    /**
     * Runs every test of the submission again as the run did: with its seed and case count when
     * they are not the defaults (empty), so the random tests are the same too. Maven's form needs
     * neither: the same command reads the same build's settings and annotation again.
     */
    String rerun(String kata, Optional<Long> seed, Optional<Integer> cases, String submission) {
        if (maven) {
            return command + katas() + " " + quoted("-D" + ParameterNames.PATHS + "=" + submission);
        }
        return command + " grade" + katas() + " --kata " + kata + gradeOptions + seed.map(s -> " --seed " + s).orElse("")
                + cases.map(n -> " --cases " + n).orElse("") + " " + quoted(absolute(submission));
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
        return command.append(' ').append(quoted(absolute(submission))).toString();
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
        return command + (fuzz ? " fuzz" : " grade") + katas() + " --kata " + kata + (fuzz ? "" : gradeOptions)
                + " --seed " + seed + " --cases " + cases + " " + quoted(absolute(submission));
    }

    /**
     * {@code --katas DIR} (or Maven's {@code -Dkatajudge.katas=DIR}) when the kata needs it, else
     * nothing. On the command line the directory is absolute; Maven's form runs in the project's
     * directory, as every {@code mvn} command does, and names it relative to that when below it.
     */
    private String katas() {
        return katas.map(dir -> maven ? " " + quoted("-D" + ParameterNames.KATAS + "=" + relative(dir))
                : " --katas " + quoted(display(dir))).orElse("");
    }

    /**
     * {@code " --katas DIR"} when a printed command must name the katas directory to find the kata
     * again: the run was given {@code --katas} ({@code given}), or the kata's code is its folder's
     * own; nothing for a built-in kata of the judge's own katas.
     */
    public static String katasOption(KataDefinition kata, Optional<Path> given) {
        return given.or(kata::katasDirectory).map(dir -> " --katas " + quoted(display(dir))).orElse("");
    }

    /**
     * A path as printed in a command of the judge's command line: absolute, so the command runs as
     * printed from any working directory (a {@code cd DIR &&} before relative paths would do too,
     * but not in every shell, and each path would no longer stand on its own).
     */
    public static String display(Path path) {
        return path.toAbsolutePath().normalize().toString().replace('\\', '/');
    }

    /** A submission's location as the run printed it, made absolute (a group of files ends in {@code *}). */
    public static String absolute(String submission) {
        try {
            return Path.of(submission).isAbsolute() ? submission : display(Path.of(submission));
        } catch (java.nio.file.InvalidPathException e) { // a group's * on Windows: joined as text
            return display(Path.of("")) + "/" + submission;
        }
    }

    /** A path relative to the working directory when below it (Maven's form: the project's directory). */
    private static String relative(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path current = Path.of("").toAbsolutePath();
        Path shown = absolute.startsWith(current) && !absolute.equals(current) ? current.relativize(absolute) : absolute;
        return shown.toString().replace('\\', '/');
    }

    /** A shell word: as is when it needs no quoting, else in single quotes. */
    public static String quoted(String word) {
        return word.matches("[A-Za-z0-9_./@%+=:,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}

package org.katajudge.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The judge's replay command as a student runs it on their own machine, or why they cannot.
 *
 * <p>The grading machine's command names the teacher's paths (the jar, {@code --katas}, the
 * scoring file, the teacher's copy of the hand-in), absolutely so that it runs from any directory
 * there. None of them exists on a student's machine, and they tell a student about the teacher's
 * disk. A student runs {@code java -jar judge.jar ...} from the folder that holds their solution,
 * with the kata as {@code judge.jar} carries it and the file they handed in named as they named
 * it. When the case needs what only the teacher's copy of the kata has (a kata of the teacher's
 * own, an example added to it), no command is given: a sentence says so instead.
 *
 * @param command     the command; null when the student cannot replay the case
 * @param unavailable why they cannot; null when {@code command} is given
 */
public record StudentReplay(String command, String unavailable) {

    /** What stands for the student's folder when the hand-in is not one file. */
    public static final String YOUR_FOLDER = "path/to/your/solution";
    /** How the command names the judge: the jar a student got, in the folder they run it from. */
    public static final String JAR = "judge.jar";
    /** Where {@link #JAR} comes from, in a sentence for the student. */
    public static final String WHERE_THE_JAR_IS = "`judge.jar` is the judge's jar from your teacher"
            + " (or built from kata-judge: `mvn package` writes it to judge/target/judge.jar); write its path if it is elsewhere";

    private static final Pattern REPLAY = Pattern.compile(" --replay ('(?:[^']|'\\\\'')*'|\\S+)");
    private static final Pattern TEACHERS_FILE = Pattern.compile(" --(katas|scoring) ('(?:[^']|'\\\\'')*'|\\S+)");
    private static final Pattern EXAMPLE_CALL = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*@(.+)");

    /**
     * The replay of {@code example} for the student who handed in {@code result}.
     *
     * @param yourSolution how the student names their hand-in when they run the judge from its
     *                     folder: the file's name, or {@link #YOUR_FOLDER} ({@link #yourSolution})
     */
    public static StudentReplay of(SubmissionResult result, Counterexample example, CaseViews views, String yourSolution) {
        String replay = example.replay();
        if (replay == null) {
            return new StudentReplay(null, "there is no command that shows this case again");
        }
        int command = Math.max(replay.indexOf(" fuzz "), replay.indexOf(" grade "));
        if (command < 0) {
            // another form (the Maven one in a project) is run where the student's project is: as it is,
            // unless it names a path of the grading machine
            return absolutePath(replay) ? cannot("the command names files of the machine that graded it") : new StudentReplay(
                    SafeText.printable(replay), null);
        }
        String rest = replay.substring(command);
        String options = withoutSubmission(rest, result.submission());
        if (options == null) {
            return cannot("the command names files of the machine that graded it");
        }
        options = TEACHERS_FILE.matcher(options).replaceAll("");
        if (absolutePath(options)) {
            return cannot("the command names files of the machine that graded it");
        }
        Set<String> examples = new LinkedHashSet<>();
        Matcher replays = REPLAY.matcher(options);
        while (replays.find()) {
            Matcher call = EXAMPLE_CALL.matcher(unquote(replays.group(1)));
            if (call.matches()) {
                examples.add(call.group(1));
            }
        }
        boolean wholeRun = rest.startsWith(" grade ");
        Optional<String> missing = views.unavailableToStudents(result.kata(), examples, wholeRun);
        if (missing.isPresent()) {
            return cannot(missing.get());
        }
        return new StudentReplay("java -jar " + JAR + SafeText.printable(options) + quoted(yourSolution), null);
    }

    /** The command, or the sentence saying why there is none. */
    public String text() {
        return command != null ? command : "(none: " + unavailable + ")";
    }

    /**
     * How the student names the hand-in {@code submission} (a path on the grading machine) when
     * they run the judge from its folder: the name of the one {@code .java} file it is or holds,
     * else {@link #YOUR_FOLDER}.
     */
    public static String yourSolution(String submission) {
        try {
            Path path = Path.of(submission);
            Path name = path.getFileName();
            if (name != null && name.toString().endsWith(".java")) {
                return name.toString();
            }
            if (!Files.isDirectory(path)) {
                return YOUR_FOLDER;
            }
            try (Stream<Path> files = Files.list(path)) {
                List<Path> sources = files.filter(f -> f.getFileName().toString().endsWith(".java")
                        && Files.isRegularFile(f)).limit(2).toList();
                return sources.size() == 1 ? sources.get(0).getFileName().toString() : YOUR_FOLDER;
            }
        } catch (InvalidPathException | IOException | SecurityException e) {
            return YOUR_FOLDER;
        }
    }

    private static StudentReplay cannot(String why) {
        return new StudentReplay(null, "you cannot replay this case yourself: " + why + "; ask your teacher to run it for you");
    }

    /**
     * The grading machine's command {@code replay} with the hand-in named {@code yourSolution}
     * instead of the path it was graded at, for a hand-in kept elsewhere than where it was graded
     * (the server grades an attempt in a scratch folder it deletes; the teacher saves the attempt's
     * file and runs the command beside it); {@code replay} as it is when it does not end in that path.
     */
    public static String naming(String replay, String submission, String yourSolution) {
        String without = replay == null ? null : withoutSubmission(replay, submission);
        return without == null ? replay : without + quoted(yourSolution);
    }

    /** {@code rest} without the hand-in's path at its end (as the grader printed it), or null when it does not end so. */
    private static String withoutSubmission(String rest, String submission) {
        if (submission == null) {
            return null;
        }
        for (String path : List.of(quoted(absolute(submission)), quoted(submission))) {
            if (rest.endsWith(" " + path)) {
                return rest.substring(0, rest.length() - path.length());
            }
        }
        return null;
    }

    /** Whether a word of {@code command} is an absolute path (Unix, home, or a Windows drive). */
    static boolean absolutePath(String command) {
        return Pattern.compile("(^|[\\s'=])(/|~/|[A-Za-z]:[\\\\/])").matcher(command).find();
    }

    private static String unquote(String word) {
        return word.startsWith("'") && word.endsWith("'") && word.length() >= 2
                ? word.substring(1, word.length() - 1).replace("'\\''", "'") : word;
    }

    /** A submission's path as a printed command names it: absolute (unchanged when it cannot be a path). */
    private static String absolute(String submission) {
        try {
            return Path.of(submission).toAbsolutePath().normalize().toString().replace('\\', '/');
        } catch (InvalidPathException e) {
            return submission;
        }
    }

    /** As the grader quotes a path in a command: bare when safe, else in single quotes. */
    static String quoted(String path) {
        return path.matches("[A-Za-z0-9_./@%+=:,-]+") ? path : "'" + path.replace("'", "'\\''") + "'";
    }
}

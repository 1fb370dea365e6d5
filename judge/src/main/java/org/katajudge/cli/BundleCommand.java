package org.katajudge.cli;

import org.katajudge.bundle.AutograderBundle;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code gradescope-bundle} and {@code prairielearn-bundle}: what a teacher uploads to run the
 * judge on a platform that grades one student at a time.
 */
final class BundleCommand {

    static final String GRADESCOPE = "gradescope-bundle";
    static final String PRAIRIELEARN = "prairielearn-bundle";

    static final String GRADESCOPE_HELP = """
            Usage: %1$s gradescope-bundle --kata ID --out FILE [options]

            Builds the autograder zip to upload to a Gradescope programming assignment: setup.sh
            (installs a JDK on Gradescope's Ubuntu image), run_autograder (grades the student's
            files as kata ID and writes Gradescope's results.json), this judge's jar and the katas.

            Options:
              --kata ID        the kata the assignment asks for (required)
              --out FILE       the zip to write, e.g. autograder.zip (required)
              --scoring FILE   an assignment's scoring file, graded with --scoring
              --katas DIR      kata folders to bundle instead of the repository's katas/
              --jar FILE       the judge jar to bundle (default: the running one)
              --help           this help
            """;

    static final String PRAIRIELEARN_HELP = """
            Usage: %1$s prairielearn-bundle --out DIR [options]

            Writes the folder to copy into a PrairieLearn course's serverFilesCourse/ (e.g.
            serverFilesCourse/kata-judge): run.sh (the external grader's entrypoint, given the kata:
            "/grade/serverFilesCourse/kata-judge/run.sh ID"), this judge's jar and the katas.

            Options:
              --out DIR        the folder to write (required)
              --katas DIR      kata folders to bundle instead of the repository's katas/
              --jar FILE       the judge jar to bundle (default: the running one)
              --help           this help
            """;

    private BundleCommand() {
    }

    static int gradescope(List<String> args, PrintStream out) throws UsageException {
        Arguments arguments = Arguments.parse(GRADESCOPE, args, Set.of("kata", "out", "scoring", "katas", "jar"),
                Set.of("help"));
        if (arguments.flag("help")) {
            out.printf(GRADESCOPE_HELP, Main.command());
            return ExitCode.OK;
        }
        noPositionals(GRADESCOPE, arguments);
        String kata = arguments.option("kata").orElseThrow(() -> new UsageException(GRADESCOPE + ": --kata ID is required"));
        Path zip = Path.of(arguments.option("out").orElseThrow(() -> new UsageException(GRADESCOPE + ": --out FILE is required")));
        Workspace workspace = Workspace.open(arguments.option("katas"));
        workspace.kata(GRADESCOPE, kata);
        Optional<Path> scoring = arguments.option("scoring").map(Path::of);
        if (scoring.isPresent() && !Files.isReadable(scoring.get())) {
            throw new UsageException(GRADESCOPE + ": cannot read the scoring file " + scoring.get());
        }
        Path jar = jar(GRADESCOPE, arguments);
        if (Files.isDirectory(zip)) {
            throw new UsageException(GRADESCOPE + ": --out " + zip + " is a folder; give a file name such as autograder.zip");
        }
        try {
            Path parent = zip.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            AutograderBundle.gradescope(jar, katas(workspace), kata, scoring, zip);
        } catch (IOException e) {
            throw new UsageException(GRADESCOPE + ": cannot write " + zip + ": " + e.getMessage());
        }
        out.println("wrote " + zip + ": setup.sh, run_autograder, judge.jar, katas/ (kata " + kata + ")"
                + (scoring.isPresent() ? ", scoring.json" : ""));
        out.println("upload it as the autograder of a Gradescope programming assignment (see docs/guides/teachers.md, \"Gradescope\")");
        return ExitCode.OK;
    }

    static int prairieLearn(List<String> args, PrintStream out) throws UsageException {
        Arguments arguments = Arguments.parse(PRAIRIELEARN, args, Set.of("out", "katas", "jar"), Set.of("help"));
        if (arguments.flag("help")) {
            out.printf(PRAIRIELEARN_HELP, Main.command());
            return ExitCode.OK;
        }
        noPositionals(PRAIRIELEARN, arguments);
        Path folder = Path.of(arguments.option("out").orElseThrow(() -> new UsageException(PRAIRIELEARN + ": --out DIR is required")));
        Workspace workspace = Workspace.open(arguments.option("katas"));
        Path jar = jar(PRAIRIELEARN, arguments);
        if (Files.exists(folder) && !Files.isDirectory(folder)) {
            throw new UsageException(PRAIRIELEARN + ": --out " + folder + " is a file; give a folder");
        }
        try {
            AutograderBundle.prairieLearn(jar, katas(workspace), folder);
        } catch (IOException e) {
            throw new UsageException(PRAIRIELEARN + ": cannot write " + folder + ": " + e.getMessage());
        }
        out.println("wrote " + folder + ": run.sh, judge.jar, katas/ (" + String.join(", ", workspace.catalog().ids()) + ")");
        out.println("entrypoint of a question: /grade/serverFilesCourse/" + folder.getFileName() + "/run.sh KATA"
                + " (see docs/guides/teachers.md, \"PrairieLearn\")");
        return ExitCode.OK;
    }

    private static void noPositionals(String command, Arguments arguments) throws UsageException {
        if (!arguments.positionals().isEmpty()) {
            throw new UsageException(command + ": unexpected argument \"" + arguments.positionals().get(0)
                    + "\" (see: " + command + " --help)");
        }
    }

    private static AutograderBundle.Katas katas(Workspace workspace) {
        return new AutograderBundle.Katas(workspace.katas(), workspace.catalog().ids());
    }

    /** The jar to bundle: --jar, or the one the judge runs from. */
    private static Path jar(String command, Arguments arguments) throws UsageException {
        Optional<Path> jar = arguments.option("jar").map(Path::of).or(Main::jar);
        if (jar.isEmpty()) {
            throw new UsageException(command + ": not running from judge.jar; build it (mvn -B -DskipTests package)"
                    + " and run java -jar judge/target/judge.jar " + command + " ..., or give --jar FILE");
        }
        if (!Files.isRegularFile(jar.get())) {
            throw new UsageException(command + ": no judge jar at " + jar.get());
        }
        return jar.get();
    }
}

package org.katajudge.cli;

import org.katajudge.bundle.AutograderBundle;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.ArrayList;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gradescope-bundle} and {@code prairielearn-bundle}: what a teacher uploads to run the
 * judge on a platform that grades one student at a time.
 */
final class BundleCommand {

    static final String GRADESCOPE = "gradescope-bundle";
    static final String PRAIRIELEARN = "prairielearn-bundle";

    private BundleCommand() {
    }

    @Command(name = GRADESCOPE, customSynopsis = "--kata ID --out FILE [options]",
            header = "build the autograder zip for a Gradescope assignment",
            description = "Builds the autograder zip to upload to a Gradescope programming assignment: setup.sh (installs"
                    + " a JDK on Gradescope's Ubuntu image), run_autograder (grades the student's files as kata ID and"
                    + " writes Gradescope's results.json), this judge's jar and the katas.",
            exitCodeList = {"0:written", "2:usage or configuration error"},
            footer = "See: docs/guides/teachers.md#gradescope")
    static final class Gradescope implements JudgeCommand {

        @Option(names = "--kata", paramLabel = "ID", description = "the kata the assignment asks for (required)")
        Optional<String> kata;

        @Option(names = "--out", paramLabel = "FILE", description = "the zip to write, e.g. autograder.zip (required)")
        Optional<Path> out;

        @Option(names = "--scoring", paramLabel = "FILE",
                description = "an assignment's scoring file (docs/reference/scoring.md), graded with --scoring")
        Optional<Path> scoring;

        @Option(names = "--katas", paramLabel = "DIR", description = "kata folders to bundle instead of the repository's katas/")
        Optional<Path> katas;

        @Option(names = "--jar", paramLabel = "FILE", description = "the judge jar to bundle (default: the running one)")
        Optional<Path> jar;

        @Option(names = "--help", usageHelp = true, description = "this help")
        boolean help;

        /** Not one: collected to say so in this command's words. */
        @Parameters(hidden = true)
        List<String> unexpected = new ArrayList<>();

        @Override
        public int run(PrintStream out, PrintStream err) throws UsageException {
            noPositionals(GRADESCOPE, unexpected);
            String kata = this.kata.orElseThrow(() -> new UsageException(GRADESCOPE + ": --kata ID is required"));
            Path zip = this.out.orElseThrow(() -> new UsageException(GRADESCOPE + ": --out FILE is required"));
            Workspace workspace = Workspace.open(katas);
            workspace.kata(GRADESCOPE, kata);
            if (scoring.isPresent() && !Files.isReadable(scoring.get())) {
                throw new UsageException(GRADESCOPE + ": cannot read the scoring file " + scoring.get());
            }
            Path jar = jar(GRADESCOPE, this.jar);
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
    }

    @Command(name = PRAIRIELEARN, customSynopsis = "--out DIR [options]",
            header = "build the folder for PrairieLearn's external grader",
            description = "Writes the folder to copy into a PrairieLearn course's serverFilesCourse/ (e.g."
                    + " serverFilesCourse/kata-judge): run.sh (the external grader's entrypoint, given the kata:"
                    + " \"/grade/serverFilesCourse/kata-judge/run.sh ID\"), this judge's jar and the katas.",
            exitCodeList = {"0:written", "2:usage or configuration error"},
            footer = "See: docs/guides/teachers.md#prairielearn")
    static final class PrairieLearn implements JudgeCommand {

        @Option(names = "--out", paramLabel = "DIR", description = "the folder to write (required)")
        Optional<Path> out;

        @Option(names = "--katas", paramLabel = "DIR", description = "kata folders to bundle instead of the repository's katas/")
        Optional<Path> katas;

        @Option(names = "--jar", paramLabel = "FILE", description = "the judge jar to bundle (default: the running one)")
        Optional<Path> jar;

        @Option(names = "--help", usageHelp = true, description = "this help")
        boolean help;

        /** Not one: collected to say so in this command's words. */
        @Parameters(hidden = true)
        List<String> unexpected = new ArrayList<>();

        @Override
        public int run(PrintStream out, PrintStream err) throws UsageException {
            noPositionals(PRAIRIELEARN, unexpected);
            Path folder = this.out.orElseThrow(() -> new UsageException(PRAIRIELEARN + ": --out DIR is required"));
            Workspace workspace = Workspace.open(katas);
            Path jar = jar(PRAIRIELEARN, this.jar);
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
    }

    private static void noPositionals(String command, List<String> unexpected) throws UsageException {
        if (!unexpected.isEmpty()) {
            throw new UsageException(command + ": unexpected argument \"" + unexpected.get(0)
                    + "\" (see: " + command + " --help)");
        }
    }

    /** The katas to bundle, each read whole first: a bundle of a kata that does not load would fail every student. */
    private static AutograderBundle.Katas katas(Workspace workspace) throws UsageException {
        return new AutograderBundle.Katas(workspace.katas(), workspace.catalog().ids());
    }

    /** The jar to bundle: --jar, or the one the judge runs from. */
    private static Path jar(String command, Optional<Path> option) throws UsageException {
        Optional<Path> jar = option.or(Main::jar);
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

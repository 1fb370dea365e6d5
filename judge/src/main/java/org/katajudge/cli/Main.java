package org.katajudge.cli;

import org.katajudge.engine.pipeline.ReplayCommands;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code java -jar judge.jar COMMAND}: the judge's command line. Usage and configuration errors
 * end with a one-line message and exit status 2, never a stack trace.
 */
public final class Main {

    static final String HELP = """
            kata-judge %2$s: a judge for Java solutions to board-game katas.

            Usage: %1$s COMMAND [options]

            Commands:
              grade [PATH...]     grade submissions (default: the sample submissions/)
              fuzz SUBMISSION     differential fuzzing: find, shrink and replay a failing case
              verify [KATA...]    check the katas: examples, reference, sample verdicts
              katas               list the katas and the methods a solution declares
              merge REPORT...     combine the JSON reports of grade --shard K/N into one
              gradescope-bundle   build the autograder zip for a Gradescope assignment
              prairielearn-bundle build the folder for PrairieLearn's external grader
              new-kata ID         write a new, working kata folder to start a kata from
              similarity CLASS... hand-ins that share code, for the teacher (JPlag; grade --similarity)
              serve               the web server: kata pages, an editor, attempts, a class's gradebook
              cache               build the judge's on-disk caches now (an autograder image's set-up)

            Options: --help (also after a command), --version
            Exit status: 0 success, 1 a submission failed or a check did not hold, 2 usage error.
            """;

    private Main() {
    }

    /** When this JVM started (epoch ms), when the judge runs as a program: budgets count from there. */
    private static volatile long launchedAtMillis;

    public static void main(String[] args) {
        launchedAtMillis = java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.exit(run(Arrays.asList(args), out, System.err));
    }

    /** Runs a command; returns the exit status. */
    static int run(List<String> args, PrintStream out, PrintStream err) {
        try {
            if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h") || args.get(0).equals("help")) {
                out.printf(HELP, command(), version());
                return args.isEmpty() ? ExitCode.USAGE : ExitCode.OK;
            }
            if (args.get(0).equals("--version")) {
                out.println("kata-judge " + version());
                return ExitCode.OK;
            }
            List<String> rest = args.subList(1, args.size());
            return switch (args.get(0)) {
                case GradeCommand.NAME -> GradeCommand.run(rest, out);
                case FuzzCommand.NAME -> FuzzCommand.run(rest, out);
                case VerifyCommand.NAME -> VerifyCommand.run(rest, out);
                case KatasCommand.NAME -> KatasCommand.run(rest, out);
                case MergeCommand.NAME -> MergeCommand.run(rest, out);
                case BundleCommand.GRADESCOPE -> BundleCommand.gradescope(rest, out);
                case BundleCommand.PRAIRIELEARN -> BundleCommand.prairieLearn(rest, out);
                case NewKataCommand.NAME -> NewKataCommand.run(rest, out);
                case SimilarityCommand.NAME -> SimilarityCommand.run(rest, out, err);
                case ServeCommand.NAME -> ServeCommand.run(rest, out);
                case CacheCommand.NAME -> CacheCommand.run(rest, out);
                default -> throw new UsageException("unknown command \"" + args.get(0)
                        + "\" (commands: grade, fuzz, verify, katas, merge, new-kata, similarity, serve, cache, gradescope-bundle, prairielearn-bundle;"
                        + " see --help)");
            };
        } catch (UsageException e) {
            err.println("kata-judge: " + e.getMessage());
            return ExitCode.USAGE;
        } catch (RuntimeException | Error e) {
            err.println("kata-judge: internal error, please report it: " + e);
            return ExitCode.INTERNAL;
        }
    }

    /** When the judge's own JVM started, if it runs as a program (not called in-process); else now. */
    static long launchedAtMillis() {
        long launched = launchedAtMillis;
        return launched > 0 ? launched : System.currentTimeMillis();
    }

    /** The version from the jar's manifest, or {@code dev} when not run from a jar. */
    static String version() {
        String version = Main.class.getPackage().getImplementationVersion();
        return version != null ? version : "dev";
    }

    /** The judge's jar when it runs from one. */
    static Optional<Path> jar() {
        try {
            var source = Main.class.getProtectionDomain().getCodeSource();
            if (source != null) {
                Path jar = Path.of(source.getLocation().toURI());
                if (Files.isRegularFile(jar)) {
                    return Optional.of(jar);
                }
            }
        } catch (Exception e) {
            // not from a jar we can name
        }
        return Optional.empty();
    }

    /** How the user ran the judge, for help texts and replay commands: {@code java -jar <jar>}. */
    static String command() {
        // absolute, as every path of a printed command: it runs as printed from any directory
        return jar().map(jar -> "java -jar " + ReplayCommands.quoted(ReplayCommands.display(jar)))
                .orElse("java -jar judge/target/judge.jar"); // the documented form
    }
}

package org.katajudge.cli;

import org.katajudge.compile.CompileLimits;
import org.katajudge.compile.worker.WorkerHeadStart;
import org.katajudge.engine.pipeline.ReplayCommands;
import org.katajudge.launch.Relaunch;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code java -jar judge.jar COMMAND}: the judge's command line (its commands and options:
 * {@link JudgeCommandLine}). Usage and configuration errors end with a one-line message and exit
 * status 2, never a stack trace.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        // first, before anything else is loaded: a run that is faster in a JVM with the judge's archive goes there
        OptionalInt relaunched = Relaunch.ifFaster(args);
        if (relaunched.isPresent()) {
            System.exit(relaunched.getAsInt());
        }
        if (Relaunch.grading(Arrays.asList(args))) {
            // the compiler worker boots while the command line and the katas are read: see WorkerHeadStart
            WorkerHeadStart.begin(CompileLimits.DEFAULT);
        }
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        exit(run(Arrays.asList(args), out, System.err));
    }

    /** Ends the JVM with {@code status}, unless a signal's exit is already under way: its status stands. */
    static void exit(int status) {
        Interruption.leaveTheExitToTheSignal();
        System.exit(status);
    }

    /** Runs a command; returns the exit status. */
    static int run(List<String> args, PrintStream out, PrintStream err) {
        try {
            return JudgeCommandLine.run(args, out, err);
        } catch (UsageException e) {
            err.println("kata-judge: " + e.getMessage());
            return ExitCode.USAGE;
        } catch (RuntimeException | Error e) {
            err.println("kata-judge: internal error, please report it: " + e);
            return ExitCode.INTERNAL;
        }
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

package org.katajudge.launch;

import org.katajudge.cache.JudgeCache;
import org.katajudge.jvm.JvmEnvironment;
import sun.misc.Signal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The judge started again, fast. Most runs of {@code grade} grade one submission in a fresh
 * process (an autograder's container per student, a student's own check), and the judge's own
 * JVM is a large part of their cost: loading and verifying its classes and the libraries', then
 * compiling the references with C2 for a run of a few hundred cases. A class-data archive and C1
 * halve that (bench/cold-single.sh), but on JDK 17 a JVM maps an archive only when its command
 * line names one, which a plain {@code java -jar judge.jar} does not. So, for {@code grade} and
 * {@code fuzz}, the judge started from its jar with no archive option of its own starts itself
 * again, once: the same java, the same JVM options and arguments, plus the archive from the
 * judge's cache ({@link JudgeArchive}), {@link TunedOptions#OPTIONS}, and {@value #PROPERTY} naming this
 * process. This first JVM loads a handful of classes (some 50 ms of CPU), passes its standard
 * streams through (the new JVM inherits them), forwards SIGINT, SIGTERM and SIGHUP, and exits with
 * the new JVM's status. On a machine's first run the new JVM lists the classes it loads, and an
 * archive of them is written once it has ended.
 *
 * <p>Nothing else changes: the relaunched judge runs the same code on the same input, and a JVM
 * that cannot map the archive runs without it ({@code -Xshare:auto}); the reports are the same
 * (SameResultsWithCachesIT). Without a cache ({@code KATA_JUDGE_CACHE=off}: a container per
 * submission) the relaunch has no archive to add, only {@link TunedOptions#OPTIONS}, and is made when C1 is
 * among them ({@link TunedOptions#worthARelaunch}): knight-moves 4.6 -> 3.9 s of CPU ({@code CACHE=off
 * bench/ab-single.sh}). No relaunch: with {@code KATA_JUDGE_RELAUNCH=off} or
 * {@code -Dkatajudge.relaunch=off}, when the JVM was given an archive option already (Gradescope's
 * run_autograder, a benchmark) or a compiler mode of its own and no cache (PrairieLearn's run.sh),
 * with a cache that was refused, not from the jar (tests, the JUnit engine), for any other command,
 * and for {@code --help}.
 *
 * <p>One file past 300 lines: whether to relaunch, the relaunched command, the direct start's
 * options ({@code cache --java-options}) and their stale check all read one list of options and
 * one archive, and the first JVM's part (streams, signals, exit status) belongs with the command.
 */
public final class Relaunch {

    /** The system property naming the first JVM's process id, in the relaunched judge. */
    public static final String PROPERTY = "katajudge.relaunched";
    /** Off switches: the environment's and the property's. */
    static final String ENV_SWITCH = "KATA_JUDGE_RELAUNCH";
    static final String PROPERTY_SWITCH = "katajudge.relaunch";
    /** In the options {@code cache --java-options} writes: the JDK and jar they were made for ({@link #staleOptions}). */
    static final String MADE_FOR = "katajudge.archive.madeFor";
    /** The commands whose runs are short and CPU-bound enough for a second JVM start to pay (~50 ms against ~400). */
    static final Set<String> COMMANDS = Set.of("grade", "fuzz");
    /** JVM options that say the JVM was started on purpose with (or without) an archive: left alone. */
    private static final List<String> ARCHIVE_OPTIONS = List.of("-XX:SharedArchiveFile", "-XX:ArchiveClassesAtExit",
            "-Xshare:off", "-Xshare:dump", "-XX:DumpLoadedClassList", "-XX:AOTCache", "-XX:AOTMode", "-XX:AOTCacheOutput",
            "-XX:+AutoCreateSharedArchive",
            "-Dkatajudge.relaunched");
    /**
     * JVM options that attach a tool to this JVM or make it write logs, recordings or dumps: the
     * user watches this JVM. A relaunch would run the judge in another one, and start the tool twice
     * (a debugger's second JVM cannot bind its port, and fails to start).
     */
    private static final List<String> WATCHING_OPTIONS = List.of("-agentlib:", "-agentpath:", "-javaagent:",
            "-Xrunjdwp", "-Xdebug", "-XX:StartFlightRecording", "-XX:+FlightRecorder", "-XX:FlightRecorderOptions",
            "-Xlog", "-Xloggc", "-verbose", "-XX:+HeapDumpOnOutOfMemoryError", "-XX:HeapDumpPath", "-XX:OnOutOfMemoryError",
            "-XX:OnError", "-XX:+PrintCompilation");

    private Relaunch() {
    }

    /**
     * Runs the judge in a relaunched JVM when that is faster; returns its exit status, or empty when
     * this JVM is to run the command itself.
     */
    public static OptionalInt ifFaster(String[] args) {
        watchFirstJvm();
        staleOptions().ifPresent(System.err::println);
        if (!grading(Arrays.asList(args))) {
            return OptionalInt.empty(); // decided from the arguments alone: no file read for other commands
        }
        Optional<List<String>> jvm = commandLine();
        Optional<Path> jar = jar();
        if (jvm.isEmpty() || jar.isEmpty()
                || !wanted(jvm.get(), JvmEnvironment.optionsFrom(System.getenv()), Arrays.asList(args))) {
            return OptionalInt.empty();
        }
        if (JudgeCache.configured().isEmpty()) {
            // no cache asked for (KATA_JUDGE_CACHE=off: a container per submission): no archive, but C1 and the
            // serial collector still pay for a second JVM's start (knight-moves: 4.6 -> 3.9 s of CPU)
            return TunedOptions.worthARelaunch(jvm.get(), args) ? OptionalInt.of(run(tunedCommand(jvm.get(), jar.get(), args)))
                    : OptionalInt.empty();
        }
        Optional<Own> own = own(jvm.get(), jar.get());
        if (own.isEmpty()) {
            return OptionalInt.empty(); // a cache refused (said on stderr): run here, as the judge always did
        }
        Optional<Optional<Path>> existing = own.get().archive().existing();
        if (existing.isPresent()) {
            if (existing.get().isEmpty()) {
                return OptionalInt.empty(); // this JDK makes no archive: a relaunch would only cost
            }
            return OptionalInt.of(run(own.get().command("-XX:SharedArchiveFile=" + existing.get().get(), args)));
        }
        int[] status = {-1};
        own.get().archive().build(classList -> {
            status[0] = run(own.get().listing(classList, args));
            return status[0] == 0 || status[0] == 1;
        }, own.get().jar(), own.get().jvm());
        return status[0] < 0 ? OptionalInt.empty() : OptionalInt.of(status[0]);
    }

    /**
     * Makes the archive of the judge's own classes now, for judges started with this JVM's options,
     * when the cache has none yet: the judge is run once with {@code training} as its arguments (a
     * grade of a small submission: the classes a real grade loads), its output discarded, listing
     * the classes it loads; then the archive is written. For {@code cache}, an autograder image's
     * set-up. Empty when the judge does not run from its jar, there is no cache, or this JDK makes no
     * archive.
     */
    public static Optional<Path> prepareArchive(List<String> training) {
        Optional<Own> own = own();
        if (own.isEmpty()) {
            return Optional.empty();
        }
        if (own.get().archive().existing().isEmpty()) {
            own.get().archive().build(classList -> {
                try {
                    Process judge = new ProcessBuilder(own.get().listing(classList, training.toArray(String[]::new)))
                            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                    int status = judge.waitFor();
                    return status == 0 || status == 1;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }, own.get().jar(), own.get().jvm());
        }
        return own.get().archive().existing().flatMap(made -> made);
    }

    /**
     * The JVM options that start the judge with {@code archive} at once, with no relaunch: this
     * JVM's own options (those the archive was made under), the archive, {@link TunedOptions#OPTIONS} and the
     * relaunch's off switch. For an autograder's image ({@code cache --java-options FILE}), whose
     * every run then costs one JVM, not two: {@code java @FILE -jar judge.jar grade ...}. For
     * {@code grade}: a {@code fuzz} campaign wants C2 ({@link TunedOptions#of}).
     */
    public static List<String> directOptions(Path archive) {
        // an @file of the java launcher's is not read inside another one: its options are not repeated
        List<String> jvm = commandLine().orElse(List.of()).stream().filter(option -> !option.startsWith("@")).toList();
        List<String> options = withArchive(jvm, "-XX:SharedArchiveFile=" + archive, false);
        options.add("-D" + PROPERTY_SWITCH + "=off");
        jar().flatMap(Relaunch::madeFor).ifPresent(key -> options.add("-D" + MADE_FOR + "=" + key + " " + archive));
        return options;
    }

    /**
     * In a judge started with {@link #directOptions}: one line on stderr when they were made for
     * another judge.jar or JDK. The JVM then refuses the archive and runs without any (it checks the
     * jar's size and time itself), slower at every run and otherwise silent: an image whose jar was
     * replaced without running {@code cache --java-options} again.
     */
    static Optional<String> staleOptions() {
        String madeFor = System.getProperty(MADE_FOR);
        if (madeFor == null || !madeFor.contains(" ")) {
            return Optional.empty();
        }
        String key = madeFor.substring(0, madeFor.indexOf(' '));
        Path archive = Path.of(madeFor.substring(madeFor.indexOf(' ') + 1));
        String why;
        if (!key.equals(jar().flatMap(Relaunch::madeFor).orElse(key))) {
            why = "were made for another judge.jar or JDK";
        } else if (!Files.isRegularFile(archive)) {
            why = "name a class-data archive that is gone (" + archive + ")";
        } else {
            return Optional.empty();
        }
        return Optional.of("kata-judge: the JVM options this judge was started with (cache --java-options) " + why
                + ": it runs without its class-data archive, slower; run `java -jar judge.jar cache --java-options FILE` again");
    }

    /** What an archive is made for: the JDK and the jar (path, size, time), as a key. */
    private static Optional<String> madeFor(Path jar) {
        try {
            return Optional.of(JudgeArchive.key(JudgeArchive.madeFor(jar).toArray(String[]::new)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The JVM options of a judge with its archive: the user's, {@code archiveOption}, quiet archive
     * logs, and {@link TunedOptions#of} (C2 kept for a {@code campaign}). Shared by the relaunch and
     * the direct start, so that both run the judge alike.
     */
    private static List<String> withArchive(List<String> userOptions, String archiveOption, boolean campaign) {
        List<String> options = new ArrayList<>(userOptions);
        options.add(archiveOption);
        options.addAll(JudgeArchive.QUIET);
        options.addAll(TunedOptions.of(userOptions, campaign));
        return options;
    }

    /** This JVM's options, the judge's jar and the judge's archive entry for them. */
    private record Own(List<String> jvm, Path jar, JudgeArchive archive) {

        List<String> command(String archiveOption, String[] args) {
            return Relaunch.command(jvm, archiveOption, jar, args);
        }

        /**
         * The judge listing the classes it loads into {@code classList}: it says the caches are being
         * built when it builds the rest of them (the archive's own build says nothing).
         */
        List<String> listing(Path classList, String[] args) {
            return command("-XX:DumpLoadedClassList=" + classList, args);
        }
    }

    /** Empty when the judge does not run from its jar with {@code -jar}, or there is no cache. */
    private static Optional<Own> own() {
        Optional<List<String>> jvm = commandLine();
        Optional<Path> jar = jar();
        return jvm.isEmpty() || jar.isEmpty() ? Optional.empty() : own(jvm.get(), jar.get());
    }

    /** Empty when there is no cache. */
    private static Optional<Own> own(List<String> jvm, Path jar) {
        return JudgeCache.standard().flatMap(cache -> JudgeArchive.of(cache, jar, jvm)).map(archive -> new Own(jvm, jar, archive));
    }

    /**
     * Whether this run is one to relaunch: the jar's command, a grading command, no help, and no
     * archive or {@linkplain #WATCHING_OPTIONS watching} option, neither on the command line
     * ({@code jvmOptions}) nor in the launcher's variables ({@code variableOptions}: JAVA_TOOL_OPTIONS...).
     */
    static boolean wanted(List<String> jvmOptions, List<String> variableOptions, List<String> args) {
        if ("off".equals(System.getenv(ENV_SWITCH)) || "off".equals(System.getProperty(PROPERTY_SWITCH))
                || System.getProperty(PROPERTY) != null) {
            return false;
        }
        for (List<String> options : List.of(jvmOptions, variableOptions)) {
            for (String option : options) {
                if (ARCHIVE_OPTIONS.stream().anyMatch(option::startsWith)
                        || WATCHING_OPTIONS.stream().anyMatch(option::startsWith)) {
                    return false;
                }
            }
        }
        return grading(args);
    }

    /** Whether the arguments run a grading command ({@link #COMMANDS}, first), not its help. */
    public static boolean grading(List<String> args) {
        return !args.isEmpty() && COMMANDS.contains(args.get(0)) && !args.contains("--help") && !args.contains("-h");
    }

    /** The relaunched judge's command: this java, its options, the archive, {@link TunedOptions#OPTIONS}, the jar, the arguments. */
    static List<String> command(List<String> jvmOptions, String archiveOption, Path jar, String[] args) {
        return command(withArchive(jvmOptions, archiveOption, TunedOptions.campaign(args)), jar, args);
    }

    /** The relaunched judge's command with no archive: this java, its options, {@link TunedOptions#of}, the jar, the arguments. */
    static List<String> tunedCommand(List<String> jvmOptions, Path jar, String[] args) {
        List<String> options = new ArrayList<>(jvmOptions);
        options.addAll(TunedOptions.of(jvmOptions, TunedOptions.campaign(args)));
        return command(options, jar, args);
    }

    /** The relaunched judge's command: this java, {@code options} (the user's first), the jar, the arguments. */
    private static List<String> command(List<String> options, Path jar, String[] args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.add("-D" + PROPERTY + "=" + ProcessHandle.current().pid());
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(Arrays.asList(args));
        return command;
    }

    /**
     * This JVM's options, from its command line ({@code /proc/self/cmdline}, read directly: cheaper
     * than ProcessHandle's): everything between {@code java} and {@code -jar}; empty when the judge
     * was not started with {@code -jar} or the command line cannot be read.
     */
    private static Optional<List<String>> commandLine() {
        try {
            byte[] bytes = Files.readAllBytes(Path.of("/proc/self/cmdline"));
            List<String> all = Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\0"));
            int jar = all.indexOf("-jar");
            return jar < 1 ? Optional.empty() : Optional.of(List.copyOf(all.subList(1, jar)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> jar() {
        try {
            var source = Relaunch.class.getProtectionDomain().getCodeSource();
            if (source != null) {
                Path jar = Path.of(source.getLocation().toURI());
                if (Files.isRegularFile(jar) && jar.toString().endsWith(".jar")) {
                    return Optional.of(jar);
                }
            }
        } catch (Exception e) {
            // not from a jar we can name
        }
        return Optional.empty();
    }

    /**
     * Runs the relaunched judge to its end: its streams are this JVM's, the signals that would end
     * this one are passed on to it (it then writes what it graded and ends as a signalled judge
     * does), and its status is returned. A judge that cannot be started is run here instead (-1).
     */
    private static int run(List<String> command) {
        Process judge;
        try {
            judge = new ProcessBuilder(command).inheritIO().start();
        } catch (IOException e) {
            return -1;
        }
        for (String signal : List.of("INT", "TERM", "HUP")) {
            try {
                Signal.handle(new Signal(signal), caught -> forward(judge, signal));
            } catch (IllegalArgumentException e) {
                // a signal the JVM keeps for itself (-Xrs): its default stays
            }
        }
        while (true) {
            try {
                return judge.waitFor();
            } catch (InterruptedException e) {
                // only a signal forwarded: keep waiting for the judge's own end
            }
        }
    }

    /** Sends {@code signal} to the relaunched judge; SIGTERM when no {@code kill} command can send another. */
    private static void forward(Process judge, String signal) {
        if (!judge.isAlive()) {
            return; // ended (its number may be another process's by now): nothing to pass on
        }
        if (!signal.equals("TERM")) {
            try {
                Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(judge.pid())).inheritIO().start();
                if (kill.waitFor() == 0) {
                    return;
                }
            } catch (IOException e) {
                // no kill command here
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        judge.destroy();
    }

    /**
     * In a relaunched judge: should the first JVM end without passing a signal on (SIGKILL), this
     * one sends itself SIGTERM, so that it ends exactly as a judge told to stop does (it writes what
     * it graded, exits 143), instead of running on unwatched.
     */
    private static void watchFirstJvm() {
        String first = System.getProperty(PROPERTY);
        if (first == null) {
            return;
        }
        Runnable stop = () -> Signal.raise(new Signal("TERM"));
        try {
            ProcessHandle.of(Long.parseLong(first)).ifPresentOrElse(parent -> parent.onExit().thenRun(stop), stop);
        } catch (NumberFormatException e) {
            // not a process id: nothing to watch
        }
    }
}

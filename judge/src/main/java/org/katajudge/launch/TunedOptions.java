package org.katajudge.launch;

import org.katajudge.jvm.JvmEnvironment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The JVM options the judge adds when it starts itself again ({@link Relaunch}) or writes its
 * archive's direct start: C1 only and the serial collector, less what the user's own options
 * already choose, on the command line or in the launcher's variables.
 */
final class TunedOptions {

    /**
     * C1 only: a run of a few thousand cases ends before C2's code would pay for its compiling
     * (checkers-game-over: 1.2 s of CPU against 1.7 s; a class of 201: the judge's JVM 55 ms of CPU a
     * submission against 90); the serial collector: one heap, no GC threads.
     */
    static final List<String> OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private TunedOptions() {
    }

    /** A fuzzing campaign ({@code fuzz --time}, {@code --cases}) runs long enough for C2 to pay for itself. */
    static boolean campaign(String[] args) {
        List<String> arguments = Arrays.asList(args);
        return arguments.contains("--time") || arguments.contains("--cases");
    }

    /**
     * Whether a relaunch with no archive gains: C1 only is the gain (the judge with C2 spends more on
     * compiling than a run of a few thousand cases wins back), not chosen by the user nor off for a
     * campaign, on a HotSpot JVM, whose options these are (an archive's relaunch needs no such check:
     * its training run took them).
     */
    static boolean worthARelaunch(List<String> jvmOptions, String[] args) {
        String vm = System.getProperty("java.vm.name", "");
        return (vm.contains("HotSpot") || vm.startsWith("OpenJDK"))
                && of(jvmOptions, campaign(args)).stream().anyMatch(o -> o.startsWith("-XX:TieredStopAtLevel"));
    }

    /**
     * {@link #OPTIONS} but those the user's own options already choose, on the command line or in the
     * launcher's variables (a JVM given two collectors does not start), and C1 only but in a {@code campaign}.
     */
    static List<String> of(List<String> jvmOptions, boolean campaign) {
        List<String> chosen = new ArrayList<>(jvmOptions);
        chosen.addAll(JvmEnvironment.optionsFrom(System.getenv()));
        List<String> options = new ArrayList<>();
        for (String option : OPTIONS) {
            if (!conflicts(chosen, option) && !(campaign && option.startsWith("-XX:TieredStopAtLevel"))) {
                options.add(option);
            }
        }
        return options;
    }

    /** Whether the user's own options already choose what {@code option} would (a collector, a compiler mode). */
    static boolean conflicts(List<String> jvmOptions, String option) {
        boolean collector = option.matches("-XX:\\+Use\\w+GC");
        return jvmOptions.stream().anyMatch(given -> collector ? given.matches("-XX:[+-]Use\\w+GC")
                : given.startsWith("-XX:TieredStopAtLevel") || given.equals("-Xint") || given.equals("-XX:-TieredCompilation")
                || given.equals("-Xcomp"));
    }
}

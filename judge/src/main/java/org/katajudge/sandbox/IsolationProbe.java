package org.katajudge.sandbox;

import org.katajudge.jvm.JvmEnvironment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Finds out which {@link Isolation} works on this machine by trying it once: a tool being
 * installed is not enough (containers often forbid the namespaces it needs).
 */
final class IsolationProbe {

    private static final Map<Isolation, Boolean> RESULTS = new EnumMap<>(Isolation.class);

    private IsolationProbe() {
    }

    /** The strongest isolation that works here. */
    static Isolation strongest() {
        for (Isolation isolation : Isolation.values()) {
            if (works(isolation)) {
                return isolation;
            }
        }
        return Isolation.NONE;
    }

    static synchronized boolean works(Isolation isolation) {
        return RESULTS.computeIfAbsent(isolation, IsolationProbe::tryOnce);
    }

    /** The unshare prefix: new user, PID, network, IPC and UTS namespaces; the child dies with unshare. */
    static List<String> unshareCommand() {
        return List.of(Tools.path("unshare"), "--user", "--map-root-user", "--fork", "--pid", "--mount-proc",
                "--net", "--ipc", "--uts", "--kill-child", "--");
    }

    /** Runs {@code java -version} exactly as a child would run (limits, user, isolation, runtime). */
    private static boolean tryOnce(Isolation isolation) {
        List<String> command = new ArrayList<>();
        ChildRuntime runtime = ChildRuntime.get();
        try (ChildUser.Lease user = ChildUser.lease(isolation)) {
            command.addAll(ChildCommand.prefix(runtime, isolation, Limits.DEFAULT, user, null));
        }
        command.add(ChildCommand.probeJava(runtime, isolation));
        command.addAll(ChildCommand.jvmOptions(Limits.DEFAULT, false));
        command.addAll(runtime.moduleOptions());
        command.add("-version");
        try {
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .directory(Path.of(System.getProperty("java.io.tmpdir")).toFile());
            // without the judge's JVM option variables, which no child gets: a debugger's port must not fail
            // the probe. The rest of the judge's environment stays: its PATH is where the probe finds the
            // sandbox's tools (a child's own environment has PATH=/usr/bin:/bin)
            JvmEnvironment.stated(builder);
            Process process = builder.start();
            // slow is not "does not work": a loaded machine must not silently weaken the isolation
            if (!process.waitFor(Tools.PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0;
        } catch (IOException e) {
            return false; // not installed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}

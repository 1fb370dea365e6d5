import org.katajudge.kata.ValueType;
import org.katajudge.sandbox.CallResult;
import org.katajudge.sandbox.Isolation;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.LoadRequest;
import org.katajudge.sandbox.SandboxLauncher;
import org.katajudge.sandbox.SandboxSession;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CPU time of one child JVM (start, connect, load, one call, close): N children in a row,
 * after two to warm up (the first trains the runner's archive), measured as the CPU time of the
 * child's process tree as its call has answered, just before the session closes: utime + stime +
 * cutime + cstime of each live process below this one (/proc/PID/stat), so that a loaded machine
 * stretches the wall clock but not the figure. Not the cutime of this process: under bwrap it
 * came out at 10 ms a child, the JVM's time not reaching it (a process killed or not waited for
 * on the way up passes on nothing). The JVM's own exit is left out, alike for both builds.
 * Uses only the sandbox's public API:
 * {@code java -cp judge.jar:. ChildStartCpu N ISOLATION ECHO_CLASS_FILE}.
 */
public final class ChildStartCpu {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Isolation isolation = Isolation.valueOf(args[1].toUpperCase());
        byte[] echo = Files.readAllBytes(Path.of(args[2]));
        LoadRequest request = new LoadRequest("Echo", Map.of("Echo", echo),
                List.of(new LoadRequest.Method("twice", List.of(ValueType.INT), ValueType.INT)));
        SandboxLauncher launcher = SandboxLauncher.create(Optional.of(isolation), Limits.DEFAULT);
        for (int i = 0; i < 2; i++) {
            once(launcher, request);
        }
        long ticks = 0;
        long started = System.nanoTime();
        for (int i = 0; i < n; i++) {
            ticks += once(launcher, request);
        }
        double cpu = ticks * 10.0 / n;
        double wall = (System.nanoTime() - started) / 1e6 / n;
        System.out.printf(java.util.Locale.ROOT, "%s children=%d cpu_ms=%.1f wall_ms=%.1f%n",
                isolation.optionValue(), n, cpu, wall);
    }

    /** One child, start to close; the CPU time of its tree as it answered, in clock ticks of 10 ms. */
    private static long once(SandboxLauncher launcher, LoadRequest request) throws Exception {
        try (SandboxSession session = launcher.open(request, false)) {
            CallResult result = session.call(0, List.<Object[]>of(new Object[] {21})).get(0);
            if (!Integer.valueOf(42).equals(result.value())) {
                throw new AssertionError(result);
            }
            return ProcessHandle.current().descendants().mapToLong(ChildStartCpu::ticks).sum();
        }
    }

    /** utime + stime + cutime + cstime of a live process (its exited children included), or 0 once it is gone. */
    private static long ticks(ProcessHandle process) {
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(process.pid()), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]) + Long.parseLong(fields[13])
                    + Long.parseLong(fields[14]);
        } catch (java.io.IOException | RuntimeException gone) {
            return 0;
        }
    }
}

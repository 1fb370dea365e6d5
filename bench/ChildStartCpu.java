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
 * children this process waited for (cutime + cstime of /proc/self/stat, which hold each child and
 * everything below it), so that a loaded machine stretches the wall clock but not the figure.
 * Uses only the sandbox's public API: {@code java -cp judge.jar:. ChildStartCpu N ISOLATION}.
 * The class of the submission is ChildStartCost's, compiled there once and read here as bytes.
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
        long before = childrenTicks();
        long started = System.nanoTime();
        for (int i = 0; i < n; i++) {
            once(launcher, request);
        }
        double cpu = (childrenTicks() - before) * 10.0 / n;
        double wall = (System.nanoTime() - started) / 1e6 / n;
        System.out.printf(java.util.Locale.ROOT, "%s children=%d cpu_ms=%.1f wall_ms=%.1f%n",
                isolation.optionValue(), n, cpu, wall);
    }

    private static void once(SandboxLauncher launcher, LoadRequest request) throws Exception {
        try (SandboxSession session = launcher.open(request, false)) {
            CallResult result = session.call(0, List.<Object[]>of(new Object[] {21})).get(0);
            if (!Integer.valueOf(42).equals(result.value())) {
                throw new AssertionError(result);
            }
        }
    }

    /** cutime + cstime: the CPU time, in clock ticks of 10 ms, of the children this process waited for. */
    private static long childrenTicks() throws Exception {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
    }
}

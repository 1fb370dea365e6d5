package org.katajudge.sandbox;

import org.katajudge.files.Trees;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The floor of the one-JVM-per-submission design, for {@code bench/class-throughput.sh}: starting
 * a JVM that prints one line and exits, with the very command a child gets (the same resource
 * limits, user, isolation, java.base runtime and JVM options, built by {@link SandboxLauncher}),
 * only with a class that prints "hello" in place of the runner. One at a time, then
 * {@code parallel} at once.
 *
 * <p>{@code java -cp judge.jar org.katajudge.sandbox.BareStart N PARALLEL [ISOLATION]} prints
 * {@code floor isolation=bwrap serial_ms=48.1 parallel=2 parallel_ms=30.2 starts=N}: wall-clock
 * milliseconds per JVM.
 */
public final class BareStart {

    private BareStart() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int parallel = Integer.parseInt(args[1]);
        Optional<Isolation> isolation = args.length > 2 && !args[2].equals("auto")
                ? Optional.of(Isolation.valueOf(args[2].toUpperCase(Locale.ROOT))) : Optional.empty();
        SandboxLauncher launcher = SandboxLauncher.create(isolation, Limits.DEFAULT);
        Path classes = helloDirectory();
        try {
            for (int i = 0; i < 3; i++) {
                once(launcher, classes); // the page cache and the runtime image warm
            }
            long started = System.nanoTime();
            for (int i = 0; i < n; i++) {
                once(launcher, classes);
            }
            double serial = (System.nanoTime() - started) / 1e6 / n;
            AtomicInteger left = new AtomicInteger(n);
            ExecutorService pool = Executors.newFixedThreadPool(parallel);
            started = System.nanoTime();
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < parallel; t++) {
                running.add(pool.submit(() -> {
                    while (left.getAndDecrement() > 0) {
                        once(launcher, classes);
                    }
                    return null;
                }));
            }
            for (Future<?> future : running) {
                future.get();
            }
            double atOnce = (System.nanoTime() - started) / 1e6 / n;
            pool.shutdown();
            System.out.printf(Locale.ROOT, "floor isolation=%s serial_ms=%.1f parallel=%d parallel_ms=%.1f starts=%d%n",
                    launcher.isolation().optionValue(), serial, parallel, atOnce, n);
        } finally {
            Trees.deleteQuietly(classes);
        }
    }

    /** One JVM as a child is started (scratch directory, user, command, environment), to its exit. */
    private static void once(SandboxLauncher launcher, Path classes) throws IOException, InterruptedException {
        try (ChildUser.Lease user = ChildUser.lease(launcher.isolation())) {
            Path scratch = Files.createTempDirectory(JudgeDirectory.children(), "bare-");
            try {
                Path tmp = Files.createDirectory(scratch.resolve("tmp"));
                user.own(scratch, tmp);
                ProcessBuilder builder = new ProcessBuilder(launcher.command().program(false, scratch, user, classes,
                        Hello.class.getName())).directory(scratch.toFile()).redirectErrorStream(true);
                builder.environment().clear();
                builder.environment().putAll(launcher.command().environment(scratch));
                Process process = builder.start();
                process.getOutputStream().close();
                String line;
                try (InputStream out = process.getInputStream()) {
                    line = new String(out.readAllBytes(), StandardCharsets.UTF_8).strip();
                }
                int status = process.waitFor();
                if (status != 0 || !line.equals("hello")) {
                    throw new IllegalStateException("the bare JVM failed (exit status " + status + "): " + line);
                }
            } finally {
                Trees.deleteQuietly(scratch);
            }
        }
    }

    /** A directory holding only {@link Hello}, readable by a child of another user. */
    private static Path helloDirectory() throws IOException {
        Path root = Files.createTempDirectory(JudgeDirectory.root(), "hello-");
        String resource = Hello.class.getName().replace('.', '/') + ".class";
        Path target = root.resolve(resource);
        Files.createDirectories(target.getParent());
        try (InputStream in = BareStart.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing " + resource);
            }
            Files.copy(in, target);
        }
        ChildRuntime.readableByAll(root);
        return root;
    }

    /** What the bare JVM runs: one line. */
    public static final class Hello {
        private Hello() {
        }

        public static void main(String[] args) {
            System.out.println("hello");
        }
    }
}

package org.katajudge.cli;

import org.junit.jupiter.api.Test;
import sun.misc.Signal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A judge told to stop by a signal ends with that signal's status (143 for SIGTERM), never with
 * the status its own command returns (130). On JDK 17 the two exits race: once the shutdown hooks
 * have run, an exit with a non-zero status halts at once, and whichever halt comes first wins (an
 * interrupted grade ended 130 after SIGTERM in CI, once). The window is a few instructions wide;
 * each probe here holds it open: a thread keeps the JVM's halt lock until the signal's exit waits
 * for it and the main thread has made its own exit, so with the old {@code System.exit} the main
 * thread's halt competes for the lock, and with {@link Main#exit} it never does.
 */
class InterruptionExitTest {

    private static final int TRIES = 6;

    @Test
    void aSignalledJudgeEndsWithTheSignalsStatusEveryTime() throws Exception {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < TRIES; i++) {
            statuses.add(probe(System.getProperty("katajudge.probe.exit", "main")));
        }
        assertEquals(List.of(143), statuses.stream().distinct().toList(), "the statuses of " + TRIES + " tries: " + statuses);
    }

    private static int probe(String exit) throws Exception {
        Process probe = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "-Xshare:auto", "-XX:TieredStopAtLevel=1",
                Probe.class.getName(), exit).redirectErrorStream(true).start();
        String said = new String(probe.getInputStream().readAllBytes());
        assertTrue(probe.waitFor(60, TimeUnit.SECONDS), "the probe ends");
        assertTrue(said.isEmpty(), said);
        return probe.exitValue();
    }

    /** A judge in miniature: interrupted by SIGTERM, it finishes its (empty) reports and exits 130. */
    public static final class Probe {
        private static volatile boolean atExit;

        public static void main(String[] args) throws Exception {
            var field = Class.forName("java.lang.Shutdown").getDeclaredField("haltLock");
            field.setAccessible(true);
            Object haltLock = field.get(null);
            var isShutdown = Class.forName("jdk.internal.misc.VM").getMethod("isShutdown");
            Thread main = Thread.currentThread();
            CountDownLatch held = new CountDownLatch(1);
            Thread holder = new Thread(() -> {
                synchronized (haltLock) {
                    held.countDown();
                    // let go once the main thread has made its exit: blocked on this lock, or waiting for good
                    while (!atExit || main.getState() == Thread.State.RUNNABLE) {
                        Thread.onSpinWait();
                    }
                }
            });
            holder.setDaemon(true);
            holder.start();
            held.await();

            Interruption interruption = Interruption.install();
            Signal.raise(new Signal("TERM"));
            while (!interruption.interrupted()) {
                Thread.sleep(1);
            }
            interruption.done();
            while (!(Boolean) isShutdown.invoke(null)) { // the hooks have run: the signal's halt waits for the lock
                Thread.onSpinWait();
            }
            atExit = true;
            if (args[0].equals("plain")) {
                System.exit(ExitCode.INTERRUPTED); // what Main did before the fix: run by hand, it shows the race
            }
            Main.exit(ExitCode.INTERRUPTED);
        }
    }
}

package org.katajudge.sandbox.runner;

import java.io.IOException;
import java.io.InputStream;

/**
 * Ends the runner's JVM when the judge goes away before the pipes are open: the judge keeps its end
 * of stdin open until the runner has connected, so an end of stdin before that means the judge is
 * gone (killed before bubblewrap's die-with-parent was in place, say), and an open of a pipe no one
 * will ever open from the other side would wait forever. A class, not a lambda: no invokedynamic
 * in the runner.
 */
final class JudgeWatch extends Thread {

    private final InputStream stdin;
    private volatile boolean connected;

    JudgeWatch(InputStream stdin) {
        super("kata-judge-judge-watch");
        this.stdin = stdin;
        setDaemon(true);
    }

    /** Both pipes are open: from now on an end of stdin is the judge's, after it read the token. */
    void connected() {
        connected = true;
    }

    @Override
    public void run() {
        try {
            while (stdin.read() >= 0) {
                // nothing else is ever written after the token
            }
        } catch (IOException e) {
            // as good as the end
        }
        if (!connected) {
            Runtime.getRuntime().halt(Runner.EXIT_JUDGE_GONE);
        }
    }
}

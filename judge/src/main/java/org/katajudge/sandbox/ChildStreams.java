package org.katajudge.sandbox;

import org.apache.commons.exec.ExecuteStreamHandler;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A child's standard streams, as Commons Exec hands them over: stdin goes to the judge untouched
 * (for the token), stdout and stderr are drained by daemon threads that keep a bounded head, count
 * the rest and never block shutdown (Commons Exec's {@code PumpStreamHandler} copies without bound,
 * and its pump threads hang while a grandchild holds the pipe).
 */
final class ChildStreams implements ExecuteStreamHandler {
    final CompletableFuture<Void> started = new CompletableFuture<>();
    final BoundedDrain stdout;
    final BoundedDrain stderr;
    OutputStream stdin;
    private InputStream stdoutStream;
    private InputStream stderrStream;

    ChildStreams(int keptBytes) {
        this.stdout = new BoundedDrain(keptBytes, "stdout");
        this.stderr = new BoundedDrain(keptBytes, "stderr");
    }

    @Override
    public void setProcessInputStream(OutputStream os) {
        stdin = os;
    }

    @Override
    public void setProcessOutputStream(InputStream is) {
        stdoutStream = is;
    }

    @Override
    public void setProcessErrorStream(InputStream is) {
        stderrStream = is;
    }

    @Override
    public void start() {
        stdout.start((KeptOpen) stdoutStream); // drained to their ends; each drain closes its stream
        stderr.start((KeptOpen) stderrStream);
        started.complete(null);
    }

    @Override
    public void stop() {
        // nothing to join: the drain is a daemon and ends at EOF, whoever holds the pipe
    }

    /** Reads a stream to its end on a daemon thread, keeping only its first bytes. */
    static final class BoundedDrain {
        private final int kept;
        private final String name;
        private final ByteArrayOutputStream head = new ByteArrayOutputStream();
        private volatile long total;
        private Thread thread;

        BoundedDrain(int kept, String name) {
            this.kept = kept;
            this.name = name;
        }

        long total() {
            return total;
        }

        void start(KeptOpen in) {
            thread = new Thread(() -> {
                byte[] buffer = new byte[8192];
                try {
                    int n;
                    while ((n = in.read(buffer)) > 0) {
                        synchronized (this) {
                            head.write(buffer, 0, (int) Math.max(0, Math.min(n, kept - total)));
                            total += n;
                        }
                    }
                } catch (IOException ignored) {
                    // the pipe closed: the child is gone
                } finally {
                    in.closeForReal();
                }
            }, "kata-judge-" + name + "-" + System.identityHashCode(this));
            thread.setDaemon(true);
            thread.start();
        }

        /** Waits at most {@code timeout} for the stream's end; whether it came. */
        boolean awaitEnd(Duration timeout) throws InterruptedException {
            thread.join(timeout.toMillis());
            return !thread.isAlive();
        }

        synchronized String head() {
            String text = head.toString(StandardCharsets.UTF_8);
            return total > kept ? text + "\n... (" + (total - kept) + " more bytes)" : text;
        }
    }

    /** A stream whose {@code close()} does nothing; {@link #closeForReal()} closes it. */
    static final class KeptOpen extends FilterInputStream {
        KeptOpen(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // Commons Exec closes process streams as soon as the process exits; the reader decides.
        }

        void closeForReal() {
            try {
                in.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }
}

package org.katajudge.sandbox;

import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Commons Exec's executor, capturing the {@link Process} it launches, which it otherwise keeps to
 * itself, and handing Commons Exec a view of it whose stdout and stderr it cannot close: when the
 * process exits, {@code DefaultExecutor} closes its streams at once, even while a drain is still
 * reading what the child wrote last ({@link ChildStreams}).
 */
final class LaunchingExecutor extends DefaultExecutor {
    final CompletableFuture<Process> launched = new CompletableFuture<>();

    @SuppressWarnings("deprecation") // the only constructor a subclass can call
    LaunchingExecutor() {
        super();
    }

    @Override
    protected Process launch(CommandLine command, Map<String, String> env, File dir) throws IOException {
        return captured(() -> super.launch(command, env, dir));
    }

    @Override
    protected Process launch(CommandLine command, Map<String, String> env, Path dir) throws IOException {
        return captured(() -> super.launch(command, env, dir));
    }

    private interface Launch {
        Process start() throws IOException;
    }

    private Process captured(Launch launch) throws IOException {
        try {
            Process process = new StreamsKeptOpen(launch.start());
            launched.complete(process);
            return process;
        } catch (IOException | RuntimeException e) {
            launched.completeExceptionally(e);
            throw e;
        }
    }

    /** The launched process, but with stdout and stderr that only the judge can close. */
    private static final class StreamsKeptOpen extends Process {
        private final Process process;
        private final ChildStreams.KeptOpen stdout;
        private final ChildStreams.KeptOpen stderr;

        StreamsKeptOpen(Process process) {
            this.process = process;
            this.stdout = new ChildStreams.KeptOpen(process.getInputStream());
            this.stderr = new ChildStreams.KeptOpen(process.getErrorStream());
        }

        @Override
        public OutputStream getOutputStream() {
            return process.getOutputStream();
        }

        @Override
        public InputStream getInputStream() {
            return stdout;
        }


        @Override
        public InputStream getErrorStream() {
            return stderr;
        }

        @Override
        public int waitFor() throws InterruptedException {
            return process.waitFor();
        }

        @Override
        public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
            return process.waitFor(timeout, unit);
        }

        @Override
        public int exitValue() {
            return process.exitValue();
        }

        @Override
        public void destroy() {
            process.destroy();
        }

        @Override
        public Process destroyForcibly() {
            return process.destroyForcibly();
        }

        @Override
        public boolean isAlive() {
            return process.isAlive();
        }

        @Override
        public long pid() {
            return process.pid();
        }

        @Override
        public ProcessHandle toHandle() {
            return process.toHandle();
        }
    }
}

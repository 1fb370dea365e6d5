package org.katajudge.sandbox;

import org.katajudge.sandbox.runner.Wire;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * The judge's end of the protocol with one child: two named pipes in the child's scratch
 * directory, {@value #REQUESTS_NAME} (judge to runner) and {@value #ANSWERS_NAME} (runner to
 * judge), that only the runner opens, proving itself with a random token the judge gave it on
 * stdin. Submission code runs only after the runner holds both, and by then their files are gone
 * and their mode is 000: no code in the child can open them again, by name or through
 * {@code /proc/self/fd} (a child of another user may not, nor change the mode back; under
 * bubblewrap the directory is read-only besides). stdout and stderr, which any code in the child
 * can write to, are not part of the protocol.
 *
 * <p>Pipes rather than a Unix domain socket: a child JVM opens a pipe with the file streams it
 * already has, while the JDK's first Unix domain socket loads the network libraries and seeds a
 * {@code SecureRandom}, about 30 ms of CPU time in every child (README, class throughput).
 */
final class AnswerChannel implements AutoCloseable {

    static final String REQUESTS_NAME = "requests.fifo";
    static final String ANSWERS_NAME = "answers.fifo";
    private static final SecureRandom RANDOM = new SecureRandom();

    /** What ended a wait in {@link #connect} before the child proved itself: the message says which. */
    enum Release {
        TIME_UP, CHILD_ENDED, JUDGE_EXITING
    }

    private final Path requestsFile;
    private final Path answersFile;
    private final byte[] token;
    private final ConnectsUnderWay connects;
    private volatile FileChannel requests;
    private volatile FileChannel answers;
    /** The first reason a wait was ended for, or null. */
    private volatile Release released;
    private boolean connected;

    private AnswerChannel(Path requestsFile, Path answersFile, byte[] token, ConnectsUnderWay connects) {
        this.requestsFile = requestsFile;
        this.answersFile = answersFile;
        this.token = token;
        this.connects = connects;
    }

    /**
     * Makes the two pipes in {@code directory} (the judge's files, mode 666 in a directory only
     * the child may enter); the judge's exit ends its connect.
     */
    static AnswerChannel create(Path directory) throws IOException {
        return create(directory, ConnectsUnderWay.OF_THIS_JVM);
    }

    /** {@link #create(Path)}, its connect counted among {@code connects} (a test's own). */
    static AnswerChannel create(Path directory, ConnectsUnderWay connects) throws IOException {
        Path requests = directory.resolve(REQUESTS_NAME);
        Path answers = directory.resolve(ANSWERS_NAME);
        Tools.run(Tools.PATIENCE, "mkfifo", "-m", "666", requests.toString(), answers.toString());
        byte[] raw = new byte[Wire.TOKEN_LENGTH / 2];
        RANDOM.nextBytes(raw);
        return new AnswerChannel(requests, answers, HexFormat.of().formatHex(raw)
                .getBytes(StandardCharsets.US_ASCII), connects);
    }

    /** The pipes' paths on the judge's side. */
    List<Path> files() {
        return List.of(requestsFile, answersFile);
    }

    /** What the judge writes to the child's stdin: the token and a line feed. */
    byte[] tokenLine() {
        byte[] line = new byte[token.length + 1];
        System.arraycopy(token, 0, line, 0, token.length);
        line[token.length] = '\n';
        return line;
    }

    /**
     * Opens the judge's ends in the order the runner opens its own (requests, then answers) and
     * reads the token from the answers. Opening a pipe waits for the other side: a monitor task
     * ends the wait when the time is up or the child is gone. Then the pipes' files are made
     * unopenable and removed.
     *
     * @param elapsed the child's time since it started, in nanoseconds ({@link org.katajudge.jvm.ChildClock#charged()})
     * @param alive whether the child still runs; waiting stops when it does not
     * @throws IOException when the runner did not open both and prove itself in time
     */
    void connect(Duration timeout, LongSupplier elapsed, BooleanSupplier alive, ScheduledExecutorService monitor)
            throws IOException {
        if (!connects.begin(this)) {
            // The judge exits: no open is even begun. The exit removes the pipes next, and an open begun on a
            // pipe no one can open from the other side any more would wait forever, holding the exit for the
            // minute the reports are waited for, and losing them (found: a SIGTERM while the judge started a child, CI).
            connects.end(this);
            forget();
            throw new IOException(message(Release.JUDGE_EXITING, timeout));
        }
        // the release says why, for the message: asked again later, a child killed at once can still look alive
        ScheduledFuture<?> guard = monitor.scheduleWithFixedDelay(() -> {
            if (!alive.getAsBoolean()) {
                release(Release.CHILD_ENDED);
            } else if (elapsed.getAsLong() > timeout.toNanos()) {
                release(Release.TIME_UP);
            }
        }, 20, 20, TimeUnit.MILLISECONDS);
        try {
            requests = FileChannel.open(requestsFile, StandardOpenOption.WRITE);
            checkNotReleased();
            answers = FileChannel.open(answersFile, StandardOpenOption.READ);
            checkNotReleased();
            ByteBuffer received = ByteBuffer.allocate(token.length);
            while (received.hasRemaining()) {
                if (answers.read(received) < 0) {
                    throw new IOException("the child closed its pipe before it proved itself");
                }
            }
            if (!MessageDigest.isEqual(received.array(), token)) {
                throw new IOException("the child's pipe did not bring the token");
            }
            synchronized (this) {
                checkNotReleased(); // from here on the guard leaves the channel alone
                connected = true;
            }
        } catch (IOException e) {
            Release why = released;
            if (why != null) {
                // a child that died as its time ran out ended: it did not hang
                throw new IOException(message(why == Release.TIME_UP && !alive.getAsBoolean() ? Release.CHILD_ENDED : why,
                        timeout), e);
            }
            throw e;
        } finally {
            guard.cancel(false);
            forget();
            connects.end(this);
        }
    }

    private static String message(Release why, Duration timeout) {
        return switch (why) {
            case TIME_UP -> "the child did not connect within " + timeout.toSeconds() + " s";
            case CHILD_ENDED -> "the child ended before it connected";
            case JUDGE_EXITING -> "the judge is exiting: the child was not connected";
        };
    }

    private void checkNotReleased() throws IOException {
        if (released != null) {
            throw new IOException("released: " + released);
        }
    }

    /**
     * Ends a wait in {@link #connect}: an open waiting for the other side is given one (a
     * read-write open of a pipe never waits), and a read waiting for the token sees its channel
     * closed. Called again at every tick of the guard until {@code connect} returns: an open the
     * judge's thread reached only after a release (a child gone at once, a thread late on a busy
     * machine) would otherwise wait for a reader that never comes (found: a grading thread held
     * for the whole minute a SIGTERM waits for the reports). The first reason given is kept.
     */
    synchronized void release(Release why) {
        if (connected) {
            return;
        }
        if (released == null) {
            released = why;
        }
        for (Path fifo : files()) {
            if (Files.exists(fifo)) {
                try (RandomAccessFile unblock = new RandomAccessFile(fifo.toFile(), "rw")) {
                    // opened and closed: a waiting open of the other end returns
                } catch (IOException ignored) {
                    // gone already: nothing waits on it
                }
            }
        }
        closeChannels();
    }

    /** The pipes' files can no longer be opened, by name or through /proc: mode 000, then removed. */
    private void forget() {
        for (Path fifo : files()) {
            try {
                Files.setPosixFilePermissions(fifo, EnumSet.noneOf(PosixFilePermission.class));
            } catch (IOException ignored) {
                // removed below all the same
            }
            try {
                Files.deleteIfExists(fifo);
            } catch (IOException ignored) {
                // it goes with the scratch directory
            }
        }
    }

    /**
     * Bytes from the runner; blocks. Straight reads of the channel: {@code Channels.newInputStream}
     * would ask a pipe for its position ({@code available()}), which a pipe does not have.
     */
    InputStream input() {
        FileChannel channel = answers;
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                return length == 0 ? 0 : channel.read(ByteBuffer.wrap(bytes, offset, length));
            }
        };
    }

    /** Bytes to the runner; blocks while the child does not read. */
    OutputStream output() {
        FileChannel channel = requests;
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }
        };
    }

    /** Closes both ends (a blocked read or write then ends). Idempotent. */
    @Override
    public void close() {
        forget();
        closeChannels();
    }

    private void closeChannels() {
        for (FileChannel channel : new FileChannel[] {requests, answers}) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // already closed
                }
            }
        }
    }
}

package org.katajudge.sandbox;

import org.katajudge.sandbox.runner.Wire;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.function.BooleanSupplier;

/**
 * The judge's end of the protocol with one child: a Unix domain socket in the child's scratch
 * directory that only the runner connects to, proving itself with a random token the judge gave
 * it on stdin. Submission code runs only after the runner is connected, and by then the socket
 * is no longer listening and its file is gone; stdout and stderr, which any code in the child
 * can write to, are not part of the protocol.
 */
final class AnswerChannel implements AutoCloseable {

    static final String SOCKET_NAME = "judge.sock";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path socketFile;
    private final ServerSocketChannel server;
    private final byte[] token;
    private volatile SocketChannel connection;

    private AnswerChannel(Path socketFile, ServerSocketChannel server, byte[] token) {
        this.socketFile = socketFile;
        this.server = server;
        this.token = token;
    }

    /** Listens on {@value #SOCKET_NAME} in {@code directory}. */
    static AnswerChannel listen(Path directory) throws IOException {
        Path file = directory.resolve(SOCKET_NAME);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            server.bind(UnixDomainSocketAddress.of(file));
            server.configureBlocking(false);
        } catch (IOException e) {
            server.close();
            throw e;
        }
        byte[] raw = new byte[Wire.TOKEN_LENGTH / 2];
        RANDOM.nextBytes(raw);
        return new AnswerChannel(file, server, HexFormat.of().formatHex(raw).getBytes(StandardCharsets.US_ASCII));
    }

    Path socketFile() {
        return socketFile;
    }

    /** What the judge writes to the child's stdin: the token and a line feed. */
    byte[] tokenLine() {
        byte[] line = new byte[token.length + 1];
        System.arraycopy(token, 0, line, 0, token.length);
        line[token.length] = '\n';
        return line;
    }

    /**
     * Waits for the runner's connection: the first one that sends the token within the time.
     * Connections that send anything else are dropped. Then the socket stops listening.
     *
     * @param alive whether the child still runs; waiting stops when it does not
     * @throws IOException when no connection proved itself in time
     */
    void accept(Duration timeout, BooleanSupplier alive) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Selector selector = Selector.open()) {
            server.register(selector, SelectionKey.OP_ACCEPT);
            while (connection == null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IOException("the child did not connect within " + timeout.toSeconds() + " s");
                }
                if (!alive.getAsBoolean() && selector.selectNow() == 0) {
                    throw new IOException("the child ended before it connected");
                }
                selector.select(Math.max(1, Math.min(100, left / 1_000_000)));
                for (SelectionKey key : selector.selectedKeys()) {
                    if (key.isAcceptable()) {
                        SocketChannel candidate = server.accept();
                        if (candidate != null) {
                            candidate.configureBlocking(false);
                            candidate.register(selector, SelectionKey.OP_READ, ByteBuffer.allocate(token.length));
                        }
                    } else if (key.isReadable()) {
                        check(key);
                    }
                }
                selector.selectedKeys().clear();
            }
            for (SelectionKey key : selector.keys()) {
                if (key.channel() != server && key.channel() != connection) {
                    key.channel().close(); // pretenders
                }
            }
        } finally {
            stopListening();
        }
        connection.configureBlocking(true);
    }

    private void check(SelectionKey key) throws IOException {
        SocketChannel candidate = (SocketChannel) key.channel();
        ByteBuffer received = (ByteBuffer) key.attachment();
        int n;
        try {
            n = candidate.read(received);
        } catch (IOException e) {
            n = -1;
        }
        if (n < 0) {
            key.cancel();
            candidate.close();
            return;
        }
        if (received.hasRemaining()) {
            return;
        }
        key.cancel();
        if (MessageDigest.isEqual(received.array(), token)) {
            connection = candidate;
        } else {
            candidate.close();
        }
    }

    private void stopListening() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing a listening socket does not fail in a way that matters
        }
        try {
            Files.deleteIfExists(socketFile);
        } catch (IOException ignored) {
            // it goes with the scratch directory
        }
    }

    /** Bytes from the runner; blocks. Reads do not hold the channel's blocking lock, so writes can go on beside them. */
    InputStream input() {
        SocketChannel channel = connection;
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
        SocketChannel channel = connection;
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

    /** Closes the connection (a blocked read then ends) and the listening socket. Idempotent. */
    @Override
    public void close() {
        stopListening();
        SocketChannel channel = connection;
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // already closed
            }
        }
    }
}

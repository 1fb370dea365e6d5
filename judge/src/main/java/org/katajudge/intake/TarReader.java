package org.katajudge.intake;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a tar stream (POSIX ustar, GNU long names, pax path headers) one entry at a time,
 * without writing anything: enough for students' {@code .tar.gz} of sources, in {@code java.base}
 * alone. A malformed header is an {@link IOException}; what the entries' names and links mean is
 * the caller's business.
 */
final class TarReader {

    private static final int BLOCK = 512;
    /** GNU long names and pax headers larger than this are not names. */
    private static final int MAX_HEADER_DATA = 64 << 10;

    /**
     * One entry.
     *
     * @param name     its path, as stored
     * @param type     the tar type flag: {@code '0'} a file, {@code '5'} a folder, {@code '2'} a symbolic
     *                 link, {@code '1'} a hard link, others for devices and FIFOs
     * @param size     its content's length
     * @param linkName a link's target
     */
    record Entry(String name, char type, long size, String linkName) {

        boolean isFile() {
            return type == '0' || type == '\0' || type == '7';
        }

        boolean isDirectory() {
            return type == '5';
        }

        boolean isLink() {
            return type == '1' || type == '2';
        }
    }

    private final InputStream in;
    private long remaining;
    private long padding;

    TarReader(InputStream in) {
        this.in = in;
    }

    /** The next entry, or null at the end of the archive; skips what was not read of the last one. */
    Entry next() throws IOException {
        skipRest();
        String longName = null;
        String longLink = null;
        while (true) {
            byte[] header = in.readNBytes(BLOCK);
            if (header.length == 0) {
                return null; // no end-of-archive blocks: tolerated, as GNU tar does
            }
            if (header.length < BLOCK) {
                throw new EOFException("the tar archive ends inside a header");
            }
            if (allZero(header)) {
                return null;
            }
            checkSum(header);
            char type = (char) header[156];
            long size = size(header);
            String name = string(header, 0, 100);
            if (new String(header, 257, 5, StandardCharsets.US_ASCII).equals("ustar")) {
                String prefix = string(header, 345, 155);
                if (!prefix.isEmpty()) {
                    name = prefix + "/" + name;
                }
            }
            String linkName = string(header, 157, 100);
            if (type == 'L' || type == 'K' || type == 'x' || type == 'g') {
                if (size > MAX_HEADER_DATA) {
                    throw new IOException("a tar extended header of " + size + " bytes");
                }
                byte[] data = in.readNBytes((int) size);
                if (data.length < size) {
                    throw new EOFException("the tar archive ends inside an extended header");
                }
                skip(pad(size));
                if (type == 'L') {
                    longName = string(data, 0, data.length);
                } else if (type == 'K') {
                    longLink = string(data, 0, data.length);
                } else if (type == 'x') {
                    String path = pax(data, "path");
                    String link = pax(data, "linkpath");
                    longName = path != null ? path : longName;
                    longLink = link != null ? link : longLink;
                }
                continue;
            }
            remaining = type == '5' || type == '1' || type == '2' ? 0 : size;
            padding = pad(remaining);
            return new Entry(longName != null ? longName : name, type, remaining,
                    longLink != null ? longLink : linkName);
        }
    }

    /** The current entry's content; reading past it gives end of stream. */
    InputStream content() {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                if (remaining <= 0) {
                    return -1;
                }
                int n = in.read(buffer, offset, (int) Math.min(length, remaining));
                if (n < 0) {
                    throw new EOFException("the tar archive ends inside a file");
                }
                remaining -= n;
                return n;
            }
        };
    }

    private void skipRest() throws IOException {
        skip(remaining + padding);
        remaining = 0;
        padding = 0;
    }

    private void skip(long bytes) throws IOException {
        long left = bytes;
        byte[] buffer = new byte[8192];
        while (left > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) {
                throw new EOFException("the tar archive ends inside a file");
            }
            left -= n;
        }
    }

    private static long pad(long size) {
        return (BLOCK - size % BLOCK) % BLOCK;
    }

    private static void checkSum(byte[] header) throws IOException {
        long stored = octal(header, 148, 8);
        long sum = 0;
        for (int i = 0; i < BLOCK; i++) {
            sum += (i >= 148 && i < 156) ? ' ' : header[i] & 0xFF;
        }
        if (stored != sum) {
            throw new IOException("not a tar archive (a header's checksum does not match)");
        }
    }

    private static long size(byte[] header) throws IOException {
        if ((header[124] & 0x80) != 0) { // base-256, for sizes beyond 8 GiB: far beyond any limit
            throw new IOException("a tar entry larger than 8 GiB");
        }
        long size = octal(header, 124, 12);
        if (size < 0) {
            throw new IOException("a tar entry of negative size");
        }
        return size;
    }

    private static long octal(byte[] header, int offset, int length) throws IOException {
        long value = 0;
        int i = offset;
        int end = offset + length;
        while (i < end && (header[i] == ' ' || header[i] == 0)) {
            i++;
        }
        boolean digits = false;
        for (; i < end && header[i] >= '0' && header[i] <= '7'; i++) {
            value = value * 8 + (header[i] - '0');
            digits = true;
        }
        for (; i < end; i++) {
            if (header[i] != ' ' && header[i] != 0) {
                throw new IOException("not a tar archive (a header holds a malformed number)");
            }
        }
        return digits ? value : 0;
    }

    private static String string(byte[] bytes, int offset, int length) {
        int end = offset;
        while (end < offset + length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, offset, end - offset, StandardCharsets.UTF_8);
    }

    /** A value of a pax extended header: records of the form {@code "<length> <key>=<value>\n"}. */
    private static String pax(byte[] data, String key) {
        String text = new String(data, StandardCharsets.UTF_8);
        for (String record : text.split("\n")) {
            int space = record.indexOf(' ');
            int equals = record.indexOf('=');
            if (space > 0 && equals > space && record.substring(space + 1, equals).equals(key)) {
                return record.substring(equals + 1);
            }
        }
        return null;
    }

    private static boolean allZero(byte[] block) {
        for (byte b : block) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }
}

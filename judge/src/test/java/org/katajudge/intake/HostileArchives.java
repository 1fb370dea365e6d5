package org.katajudge.intake;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Archives a hostile student makes: gigabytes of headers, padding or entries in a few megabytes,
 * built from a few repeated parts so that a test holds them without unpacking them. A
 * {@link Parts} is either written out whole or streamed, counting how much of it was read.
 */
final class HostileArchives {

    private HostileArchives() {
    }

    /** A byte sequence made of parts, each repeated: a megabyte on disk, a gigabyte when unpacked. */
    static final class Parts {
        private final List<byte[]> parts = new ArrayList<>();
        private final List<Long> times = new ArrayList<>();

        Parts add(byte[] part) {
            return add(part, 1);
        }

        Parts add(byte[] part, long repeat) {
            parts.add(part);
            times.add(repeat);
            return this;
        }

        long length() {
            long length = 0;
            for (int i = 0; i < parts.size(); i++) {
                length += parts.get(i).length * times.get(i);
            }
            return length;
        }

        byte[] bytes() {
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.toIntExact(length()));
            for (int i = 0; i < parts.size(); i++) {
                for (long n = 0; n < times.get(i); n++) {
                    out.writeBytes(parts.get(i));
                }
            }
            return out.toByteArray();
        }

        /** The bytes, made as they are read; {@link Streamed#taken} says how many were. */
        Streamed stream() {
            return new Streamed(this);
        }

        /** As a gzip member: each part deflated once and repeated, which deflate allows after a full flush. */
        Parts gzipped() {
            CRC32 crc = new CRC32();
            Parts gzip = new Parts().add(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff});
            for (int i = 0; i < parts.size(); i++) {
                byte[] part = parts.get(i);
                for (long n = 0; n < times.get(i); n++) {
                    crc.update(part);
                }
                gzip.add(deflate(part, false), times.get(i));
            }
            gzip.add(deflate(new byte[0], true));
            gzip.add(littleEndian(crc.getValue(), (int) length()));
            return gzip;
        }
    }

    /** A stream of {@link Parts} that counts what is taken from it. */
    static final class Streamed extends InputStream {
        private final Parts parts;
        private int part;
        private long repeat;
        private int offset;
        private long read;

        Streamed(Parts parts) {
            this.parts = parts;
        }

        /** How many bytes were taken so far. */
        long taken() {
            return read;
        }

        @Override
        public int read(byte[] buffer, int off, int length) {
            while (part < parts.parts.size() && repeat >= parts.times.get(part)) {
                part++;
                repeat = 0;
            }
            if (part >= parts.parts.size()) {
                return -1;
            }
            if (length == 0) {
                return 0;
            }
            byte[] current = parts.parts.get(part);
            int n = Math.min(length, current.length - offset);
            System.arraycopy(current, offset, buffer, off, n);
            offset += n;
            if (offset == current.length) {
                offset = 0;
                repeat++;
            }
            read += n;
            return n;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }
    }

    /** A tar entry: its header, its content and the padding to the next block. */
    static byte[] tarEntry(String name, char type, byte[] content, String link) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(TestArchives.tarHeader(name, type, content.length, link));
        out.writeBytes(content);
        out.writeBytes(new byte[TestArchives.tarPadding(content.length)]);
        return out.toByteArray();
    }

    static byte[] tarFile(String name, String text) {
        return tarEntry(name, '0', text.getBytes(StandardCharsets.UTF_8), "");
    }

    /** The two zero blocks that end a tar. */
    static byte[] tarEnd() {
        return new byte[1024];
    }

    /**
     * A GNU long-name header ({@code L}) naming the next entry {@code name}, its data padded
     * with NULs to {@code dataBytes}: every tar reader takes the name up to the first NUL.
     */
    static byte[] gnuLongName(String name, int dataBytes) {
        byte[] data = Arrays.copyOf(name.getBytes(StandardCharsets.UTF_8), dataBytes);
        return tarEntry("././@LongLink", 'L', data, "");
    }

    /** A pax extended header ({@code x}) of one record {@code comment=aaa...}, {@code recordBytes} long. */
    static byte[] paxComment(int recordBytes) {
        String prefix = recordBytes + " comment=";
        String record = prefix + "a".repeat(recordBytes - prefix.length() - 1) + "\n";
        return tarEntry("./PaxHeaders/x", 'x', record.getBytes(StandardCharsets.UTF_8), "");
    }

    /** A pax extended header of the given records ({@code key=value}, lengths computed). */
    static byte[] pax(String... records) {
        StringBuilder data = new StringBuilder();
        for (String record : records) {
            int length = record.length() + 3;
            while ((length + " " + record + "\n").length() != length) {
                length++;
            }
            data.append(length).append(' ').append(record).append('\n');
        }
        return tarEntry("./PaxHeaders/x", 'x', data.toString().getBytes(StandardCharsets.UTF_8), "");
    }

    /**
     * An old GNU sparse file ({@code S}): {@code stored} bytes of data that stand for a file of
     * {@code realSize} bytes, the rest a hole of zeros.
     */
    static byte[] gnuSparse(String name, byte[] stored, long realSize) {
        byte[] header = TestArchives.tarHeader(name, 'S', stored.length, "");
        TestArchives.put(header, 257, 8, "ustar  \0"); // the GNU magic, which the sparse fields need
        TestArchives.put(header, 386, 12, String.format("%011o", 0));
        TestArchives.put(header, 398, 12, String.format("%011o", stored.length));
        TestArchives.put(header, 483, 12, String.format("%011o", realSize));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(TestArchives.withChecksum(header));
        out.writeBytes(stored);
        out.writeBytes(new byte[TestArchives.tarPadding(stored.length)]);
        return out.toByteArray();
    }

    private static byte[] deflate(byte[] data, boolean finish) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[1 << 16];
        deflater.setInput(data);
        if (finish) {
            deflater.finish();
            while (!deflater.finished()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
        } else {
            int n;
            do {
                n = deflater.deflate(buffer, 0, buffer.length, Deflater.FULL_FLUSH);
                out.write(buffer, 0, n);
            } while (n == buffer.length);
        }
        deflater.end();
        return out.toByteArray();
    }

    private static byte[] littleEndian(long crc, int size) {
        return new byte[] {(byte) crc, (byte) (crc >> 8), (byte) (crc >> 16), (byte) (crc >> 24),
                (byte) size, (byte) (size >> 8), (byte) (size >> 16), (byte) (size >> 24)};
    }

    /** Reads a stream to its end (for tests that check a built archive is what it claims). */
    static long drain(InputStream in) throws IOException {
        return in.transferTo(java.io.OutputStream.nullOutputStream());
    }
}

package org.katajudge.intake;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Archives built in memory for tests: zip, tar (with links, as a hostile student would make them), gzip. */
public final class TestArchives {

    private TestArchives() {
    }

    /** A tar entry: a file ({@code '0'}), folder ({@code '5'}), symbolic link ({@code '2'}) or hard link ({@code '1'}). */
    public record TarEntry(String name, char type, byte[] content, String link) {
    }

    public static TarEntry file(String name, String text) {
        return new TarEntry(name, '0', text.getBytes(StandardCharsets.UTF_8), "");
    }

    public static TarEntry symlink(String name, String target) {
        return new TarEntry(name, '2', new byte[0], target);
    }

    /** A zip of the entries, in their order; names are written as given, {@code ../} included. */
    public static byte[] zip(Map<String, byte[]> entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(entry.getKey()));
                zip.write(entry.getValue());
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static byte[] zipTexts(Map<String, String> entries) {
        Map<String, byte[]> bytes = new java.util.LinkedHashMap<>();
        entries.forEach((name, text) -> bytes.put(name, text.getBytes(StandardCharsets.UTF_8)));
        return zip(bytes);
    }

    /** A POSIX ustar archive (names up to 100 bytes). */
    public static byte[] tar(List<TarEntry> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (TarEntry entry : entries) {
            out.writeBytes(tarHeader(entry.name(), entry.type(), entry.content().length, entry.link()));
            out.writeBytes(entry.content());
            out.writeBytes(new byte[tarPadding(entry.content().length)]);
        }
        out.writeBytes(new byte[1024]);
        return out.toByteArray();
    }

    /** One 512-byte ustar header, its checksum set. */
    public static byte[] tarHeader(String name, char type, long size, String link) {
        byte[] header = new byte[512];
        put(header, 0, 100, name);
        put(header, 100, 8, "0000644");
        put(header, 108, 8, "0000000");
        put(header, 116, 8, "0000000");
        put(header, 124, 12, String.format("%011o", size));
        put(header, 136, 12, String.format("%011o", 0));
        header[156] = (byte) type;
        put(header, 157, 100, link);
        put(header, 257, 6, "ustar");
        put(header, 263, 2, "00");
        return withChecksum(header);
    }

    /** The header with its checksum computed (after any change to it). */
    public static byte[] withChecksum(byte[] header) {
        Arrays.fill(header, 148, 156, (byte) ' ');
        long sum = 0;
        for (byte b : header) {
            sum += b & 0xFF;
        }
        put(header, 148, 8, String.format("%06o", sum) + "\0 ");
        return header;
    }

    /** The zeros after content of this length, up to the next 512-byte block. */
    public static int tarPadding(long length) {
        return (int) ((512 - length % 512) % 512);
    }

    public static byte[] gzip(byte[] content) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            gzip.write(content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static void put(byte[] header, int offset, int length, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(bytes, 0, header, offset, Math.min(length, bytes.length));
    }
}

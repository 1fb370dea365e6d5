package org.katajudge.intake;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.Verdict;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.intake.HostileArchives.Parts;
import static org.katajudge.intake.HostileArchives.Streamed;
import static org.katajudge.intake.IntakeTest.KNIGHT;
import static org.katajudge.intake.IntakeTest.names;
import static org.katajudge.intake.IntakeTest.write;

/**
 * Archives made to exhaust the judge: gigabytes of headers, padding, entries or holes in a few
 * megabytes. Every byte an archive unpacks to counts, headers included, so each is refused after
 * a bounded amount of reading (asserted in bytes read, never in time), with a verdict that says
 * why, and the other students of the class are read as ever.
 */
class HostileArchiveTest {

    private static final long GIB = 1L << 30;
    private static final int HEADER_DATA = 60 << 10; // under the 64 KiB the judge's own tar reader allowed per header

    /** 1 GiB of GNU long-name headers, each naming the next entry KnightMoves.java, then a correct solution. */
    private static Parts longNameBomb() {
        byte[] header = HostileArchives.gnuLongName("KnightMoves.java", HEADER_DATA);
        return new Parts().add(header, GIB / header.length).add(HostileArchives.tarFile("KnightMoves.java", KNIGHT))
                .add(HostileArchives.tarEnd());
    }

    /** 1 GiB of pax headers of one comment each, then a correct solution. */
    private static Parts paxBomb() {
        byte[] header = HostileArchives.paxComment(HEADER_DATA);
        return new Parts().add(header, GIB / header.length).add(HostileArchives.tarFile("KnightMoves.java", KNIGHT))
                .add(HostileArchives.tarEnd());
    }

    /** Reads one archive from a stream, as the intake reads a student's file. */
    private static Refused refused(String name, Streamed archive) {
        return assertThrows(Refused.class, () -> HandinReader.read(name, archive, IntakeLimits.DEFAULT));
    }

    private static void assertRefused(String message, Refused refused) {
        IntakeVerdict verdict = refused.toVerdict();
        assertEquals(Verdict.REJECTED, verdict.verdict(), verdict.message());
        assertTrue(verdict.message().contains(message), verdict.message());
    }

    /** A class of three: the hostile archive's student between two who handed in ordinary work. */
    private static Map<String, Handin> classWith(Path dir, String archiveName, byte[] archive) throws IOException, IntakeException {
        Path kata = dir.resolve("knight-moves");
        write(kata.resolve("alice/KnightMoves.java"), KNIGHT);
        write(kata.resolve(archiveName), archive);
        write(kata.resolve("zoe.zip"), TestArchives.zipTexts(Map.of("src/KnightMoves.java", KNIGHT)));
        return IntakeTest.byStudent(IntakeTest.intake(Optional.empty()).read(List.of(kata)));
    }

    @Test
    void aGnuLongNameHeaderBombIsRefusedAfterItsFirstHeadersAndTheClassIsReadAsEver(@TempDir Path dir)
            throws IOException, IntakeException {
        Parts tgz = longNameBomb().gzipped();
        assertTrue(tgz.length() < 4 << 20, "a few MiB on disk: " + tgz.length());

        Streamed stream = tgz.stream();
        assertRefused("bomb.tgz holds more than 256 KiB of headers for one entry (long names, pax records): not unpacked",
                refused("bomb.tgz", stream));
        assertTrue(stream.taken() < 64 << 10, "stopped after " + stream.taken() + " of " + tgz.length() + " bytes");

        Map<String, Handin> students = classWith(dir, "bomb.tgz", tgz.bytes());
        assertEquals(Verdict.REJECTED, students.get("bomb").verdict().orElseThrow().verdict(), IntakeTest.verdict(students.get("bomb")));
        assertEquals(List.of("KnightMoves.java"), names(students.get("alice")));
        assertEquals(List.of("KnightMoves.java"), names(students.get("zoe")));
    }

    @Test
    void aPaxHeaderBombIsRefusedAfterItsFirstHeaders(@TempDir Path dir) throws IOException, IntakeException {
        Parts tgz = paxBomb().gzipped();
        Streamed stream = tgz.stream();
        assertRefused("pax.tar.gz holds more than 256 KiB of headers for one entry", refused("pax.tar.gz", stream));
        assertTrue(stream.taken() < 64 << 10, "stopped after " + stream.taken() + " of " + tgz.length() + " bytes");

        Map<String, Handin> students = classWith(dir, "pax.tar.gz", tgz.bytes());
        assertEquals(Verdict.REJECTED, students.get("pax").verdict().orElseThrow().verdict(), IntakeTest.verdict(students.get("pax")));
        assertEquals(List.of("KnightMoves.java"), names(students.get("zoe")));
    }

    @Test
    void aChainOfTinyHeadersIsRefusedBeforeTheReaderRecursesDeep() {
        // Commons Compress follows a long name or pax header into the next one call deeper: a
        // million of them would overflow the stack; the header bound stops it a few hundred in.
        Parts tar = new Parts().add(HostileArchives.gnuLongName("KnightMoves.java", 512), 1_000_000)
                .add(HostileArchives.tarFile("KnightMoves.java", KNIGHT)).add(HostileArchives.tarEnd());
        Streamed stream = tar.stream();
        assertRefused("chain.tar holds more than 256 KiB of headers for one entry", refused("chain.tar", stream));
        assertTrue(stream.taken() <= (256 << 10) + (16 << 10), "stopped after " + stream.taken() + " of " + tar.length());

        Parts pax = new Parts().add(HostileArchives.pax("comment=x"), 1_000_000).add(HostileArchives.tarEnd());
        Streamed paxStream = pax.stream();
        assertRefused("holds more than 256 KiB of headers for one entry", refused("chain.tar", paxStream));
        assertTrue(paxStream.taken() <= (256 << 10) + (16 << 10), "stopped after " + paxStream.taken());
    }

    @Test
    void aGibibyteOfPaddingInAnEntryTheJudgeSkipsStillCounts() {
        byte[] zeros = new byte[64 << 10];
        for (char type : new char[] {'0', '3', '6'}) { // junk the judge never reads; a device and a FIFO, skipped
            String name = type == '0' ? "__MACOSX/._padding" : "padding";
            Parts tgz = new Parts().add(TestArchives.tarHeader(name, type, GIB, "")).add(zeros, GIB / zeros.length)
                    .add(HostileArchives.tarFile("KnightMoves.java", KNIGHT)).add(HostileArchives.tarEnd()).gzipped();
            Streamed stream = tgz.stream();
            assertRefused("padded.tgz unpacks to more than 100 times its size (an archive bomb?): not unpacked",
                    refused("padded.tgz", stream));
            assertTrue(stream.taken() < 64 << 10, type + ": stopped after " + stream.taken() + " of " + tgz.length());
        }
    }

    @Test
    void tenTimesTheEntriesAllowedAreRefusedAtTheBound() {
        IntakeLimits thousand = new IntakeLimits(64 << 20, 1000, 256 << 10, 3, 100, 1 << 20, 1 << 20, 16 << 20, 64);
        Parts tgz = new Parts().add(HostileArchives.tarFile("KnightMoves.java", KNIGHT))
                .add(HostileArchives.tarFile("cache/x", ""), 10_000).add(HostileArchives.tarEnd()).gzipped();
        Streamed stream = tgz.stream();
        assertRefused("many.tgz holds more than 1000 files (with the archives it holds): not unpacked",
                assertThrows(Refused.class, () -> HandinReader.read("many.tgz", stream, thousand)));
        // the bound is a tenth of the entries: read to there, not to the end
        assertTrue(stream.taken() < tgz.length() / 5, "stopped after " + stream.taken() + " of " + tgz.length());
    }

    @Test
    void aSparseFileIsRefusedBeforeItsHolesAreFilled(@TempDir Path dir) throws IOException, IntakeException {
        long tebibyte = 1L << 40;
        byte[] gnu = new Parts().add(HostileArchives.tarFile("KnightMoves.java", KNIGHT))
                .add(HostileArchives.gnuSparse("disk.img", "hello".getBytes(StandardCharsets.UTF_8), tebibyte))
                .add(HostileArchives.tarEnd()).bytes();
        byte[] pax = new Parts().add(HostileArchives.tarFile("KnightMoves.java", KNIGHT))
                .add(HostileArchives.pax("GNU.sparse.size=" + Integer.MAX_VALUE, "GNU.sparse.numblocks=1", // pax 0.0's largest
                        "GNU.sparse.offset=0", "GNU.sparse.numbytes=5"))
                .add(HostileArchives.tarFile("disk.img", "hello")).add(HostileArchives.tarEnd()).bytes();
        for (byte[] tar : List.of(gnu, pax)) {
            Path student = dir.resolve(String.valueOf(tar.length));
            Map<String, Handin> students = classWith(student, "sparse.tar", tar);
            Handin sparse = students.get("sparse");
            assertEquals("REJECTED: sparse.tar holds a sparse file (disk.img): not unpacked", IntakeTest.verdict(sparse));
            assertEquals(List.of("KnightMoves.java"), names(students.get("alice")));
        }
    }

    @Test
    void devicesAndFifosAreSkippedWithANote(@TempDir Path dir) throws IOException, IntakeException {
        byte[] tar = new Parts().add(TestArchives.tarHeader("dev/null", '3', 0, "")).add(TestArchives.tarHeader("dev/sda", '4', 0, ""))
                .add(TestArchives.tarHeader("pipe", '6', 0, "")).add(HostileArchives.tarFile("KnightMoves.java", KNIGHT))
                .add(HostileArchives.tarEnd()).bytes();
        Handin handin = classWith(dir, "devices.tar", tar).get("devices");
        assertEquals(List.of("KnightMoves.java"), names(handin));
        for (String entry : List.of("dev/null", "dev/sda", "pipe")) {
            assertTrue(handin.notes().contains("skipped devices.tar!/" + entry + ": not a regular file"), handin.notes()::toString);
        }
    }

    @Test
    void aZipsHeadersCountAgainstTheBoundToo() throws IOException {
        // twelve empty entries, each with a 60 KB name and 60 KB extra field: 1.4 MB of headers, no content
        IntakeLimits oneMebibyte = new IntakeLimits(1 << 20, 100, 256 << 10, 3, 100, 1 << 20, 1 << 20, 16 << 20, 64);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("KnightMoves.java"));
            zip.write(KNIGHT.getBytes(StandardCharsets.UTF_8));
            byte[] extra = new byte[60_000];
            extra[0] = 0x66;
            extra[1] = 0x66;
            extra[2] = (byte) (extra.length - 4);
            extra[3] = (byte) ((extra.length - 4) >> 8);
            for (int i = 0; i < 12; i++) {
                ZipEntry entry = new ZipEntry("n".repeat(60_000) + i);
                entry.setExtra(extra);
                zip.putNextEntry(entry);
            }
        }
        Refused refused = assertThrows(Refused.class, () -> HandinReader.read("headers.zip",
                new Parts().add(bytes.toByteArray()).stream(), oneMebibyte));
        assertRefused("headers.zip unpacks to more than 1 MiB", refused);
    }

    @Test
    void zipEntriesCompressedOtherwiseOrEncryptedAreNotUnpacked(@TempDir Path dir) throws IOException, IntakeException {
        Map<String, String> methods = new LinkedHashMap<>();
        methods.put("93", "an entry is compressed with Zstandard, which the judge does not unpack");
        methods.put("95", "KnightMoves.java is compressed with XZ, which the judge does not unpack");
        methods.put("12", "not a readable .zip");
        methods.put("99", "not a readable .zip");
        byte[] stored = storedZip();
        for (Map.Entry<String, String> method : methods.entrySet()) {
            byte[] zip = stored.clone();
            zip[8] = (byte) Integer.parseInt(method.getKey()); // the local header's method
            Handin handin = classWith(dir.resolve(method.getKey()), "method.zip", zip).get("method");
            assertEquals(Verdict.NO_SUBMISSION, handin.verdict().orElseThrow().verdict(), IntakeTest.verdict(handin));
            assertTrue(handin.verdict().get().message().contains(method.getValue()), IntakeTest.verdict(handin));
        }
        byte[] encrypted = stored.clone();
        encrypted[6] |= 1; // the local header's flag: encrypted
        Handin handin = classWith(dir.resolve("encrypted"), "secret.zip", encrypted).get("secret");
        assertTrue(IntakeTest.verdict(handin).startsWith("NO_SUBMISSION: nothing to grade: only secret.zip (not a readable .zip"),
                IntakeTest.verdict(handin));
    }

    /** A zip of KnightMoves.java, stored, so that its bytes can be read as any method's. */
    private static byte[] storedZip() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            byte[] data = KNIGHT.getBytes(StandardCharsets.UTF_8);
            ZipEntry entry = new ZipEntry("KnightMoves.java");
            entry.setMethod(ZipEntry.STORED);
            entry.setSize(data.length);
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(data);
            entry.setCrc(crc.getValue());
            zip.putNextEntry(entry);
            zip.write(data);
        }
        return bytes.toByteArray();
    }

    @Test
    void zipNamesAreReadInTheirEncoding(@TempDir Path dir) throws IOException, IntakeException {
        ByteArrayOutputStream pc = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(pc, Charset.forName("IBM437"))) { // no UTF-8 flag: the PC code page
            zip.putNextEntry(new ZipEntry("Übung/KnightMoves.java"));
            zip.write(KNIGHT.getBytes(StandardCharsets.UTF_8));
        }
        Map<String, Handin> students = classWith(dir, "pc.zip", pc.toByteArray());
        assertEquals("pc.zip!/Übung/KnightMoves.java", students.get("pc").sources().get(0).origin());
        Map<String, Handin> utf8 = classWith(dir.resolve("utf8"), "utf8.zip",
                TestArchives.zipTexts(Map.of("Lösung/KnightMoves.java", KNIGHT)));
        assertEquals("utf8.zip!/Lösung/KnightMoves.java", utf8.get("utf8").sources().get(0).origin());
    }

    @Test
    void theBuiltArchivesAreWhatTheyClaim() throws IOException, Refused {
        // the bombs are real: a gzip reader that does not stop unpacks them whole, a correct solution at the end
        Parts small = new Parts().add(HostileArchives.gnuLongName("KnightMoves.java", 1024), 100)
                .add(HostileArchives.tarFile("KnightMoves.java", KNIGHT)).add(HostileArchives.tarEnd());
        byte[] unpacked = new java.util.zip.GZIPInputStream(small.gzipped().stream()).readAllBytes();
        assertEquals(small.length(), unpacked.length);
        assertTrue(java.util.Arrays.equals(small.bytes(), unpacked));
        assertEquals(List.of("KnightMoves.java"), HandinReader.read("small.tgz", small.gzipped().stream(), IntakeLimits.DEFAULT)
                .files().stream().filter(f -> f.kind() == Found.Kind.SOURCE).map(Found::name).toList());
    }
}

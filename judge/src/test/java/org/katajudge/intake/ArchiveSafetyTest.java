package org.katajudge.intake;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.TestHome;
import org.katajudge.report.Verdict;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.intake.IntakeTest.KNIGHT;
import static org.katajudge.intake.IntakeTest.names;
import static org.katajudge.intake.IntakeTest.write;

/** Students' archives: unpacked in memory, and a hostile one is that student's verdict, never the judge's crash. */
class ArchiveSafetyTest {

    private static final byte[] KNIGHT_BYTES = KNIGHT.getBytes(StandardCharsets.UTF_8);

    /** Reads one student, {@code knight-moves/<name>}, holding the archive. */
    private static Handin read(Path dir, String archiveName, byte[] archive, IntakeLimits limits) throws IOException, IntakeException {
        Path file = dir.resolve("knight-moves/" + archiveName);
        write(file, archive);
        Map<String, String> classes = new LinkedHashMap<>();
        TestHome.catalog().katas().forEach(k -> classes.put(k.id(), k.spec().className()));
        ClassDownload download = new Intake(classes, Optional.empty(), limits).read(List.of(dir.resolve("knight-moves")));
        assertEquals(1, download.handins().size());
        return download.handins().get(0);
    }

    private static Handin read(Path dir, String archiveName, byte[] archive) throws IOException, IntakeException {
        return read(dir, archiveName, archive, IntakeLimits.DEFAULT);
    }

    private static void assertVerdict(Verdict verdict, String message, Handin handin) {
        assertTrue(handin.verdict().isPresent(), () -> "expected " + verdict + ", got sources " + names(handin));
        assertEquals(verdict, handin.verdict().get().verdict(), handin.verdict().get()::message);
        assertTrue(handin.verdict().get().message().contains(message), handin.verdict().get()::message);
    }

    @Test
    void zipsTarsAndArchivesInArchivesAreUnpacked(@TempDir Path dir) throws IOException, IntakeException {
        byte[] inner = TestArchives.gzip(TestArchives.tar(List.of(TestArchives.file("project/src/KnightMoves.java", KNIGHT),
                new TestArchives.TarEntry("project/src/", '5', new byte[0], ""))));
        byte[] outer = TestArchives.zip(Map.of("handin/project.tar.gz", inner, "handin/README.md", "hi".getBytes(StandardCharsets.UTF_8)));
        Handin handin = read(dir, "alice.zip", outer);
        assertEquals("alice", handin.student());
        assertEquals(List.of("KnightMoves.java"), names(handin));
        assertEquals("alice.zip!/handin/project.tar.gz!/project/src/KnightMoves.java", handin.sources().get(0).origin());
        assertEquals(List.of("KnightMoves.java"), names(read(dir.resolve("jar"), "bob.jar",
                TestArchives.zip(Map.of("KnightMoves.java", KNIGHT_BYTES, "KnightMoves.class", new byte[] {1})))));
        assertEquals(List.of("KnightMoves.java"), names(read(dir.resolve("tgz"), "carol.tgz",
                TestArchives.gzip(TestArchives.tar(List.of(TestArchives.file("KnightMoves.java", KNIGHT)))))));
    }

    @Test
    void anEntryOutsideTheArchiveRefusesIt(@TempDir Path dir) throws IOException, IntakeException {
        for (String name : List.of("../../evil/KnightMoves.java", "/tmp/evil/KnightMoves.java", "..\\..\\evil\\KnightMoves.java",
                "C:/Windows/evil.java", "src/../../KnightMoves.java")) {
            Path student = dir.resolve(String.valueOf(name.hashCode()));
            Handin handin = read(student, "slip.zip", TestArchives.zip(Map.of("KnightMoves.java", KNIGHT_BYTES, name, KNIGHT_BYTES)));
            assertVerdict(Verdict.REJECTED, "slip.zip holds a file outside itself", handin);
        }
        Handin tar = read(dir.resolve("tar"), "slip.tar.gz", TestArchives.gzip(TestArchives.tar(List.of(
                TestArchives.file("../KnightMoves.java", KNIGHT)))));
        assertVerdict(Verdict.REJECTED, "slip.tar.gz holds a file outside itself (../KnightMoves.java)", tar);
        assertFalse(Files.exists(dir.resolve("evil")) || Files.exists(Path.of("/tmp/evil")), "nothing was written");
    }

    @Test
    void linksInATarAreNeverFollowed(@TempDir Path dir) throws IOException, IntakeException {
        Handin handin = read(dir, "links.tar", TestArchives.tar(List.of(
                TestArchives.symlink("etc", "/etc"),
                TestArchives.symlink("Secret.java", "/etc/passwd"),
                TestArchives.file("etc/Config.java", "class Config {}"),
                TestArchives.file("KnightMoves.java", KNIGHT))));
        assertEquals(List.of("Config.java", "KnightMoves.java"), names(handin), "etc/Config.java is the archive's own file");
        assertTrue(handin.notes().contains("skipped the link links.tar!/Secret.java -> /etc/passwd: links are not followed"),
                handin.notes()::toString);
        Handin onlyLinks = read(dir.resolve("only"), "links.tar", TestArchives.tar(List.of(TestArchives.symlink("KnightMoves.java", "/etc/passwd"))));
        assertVerdict(Verdict.NO_SUBMISSION, "only links.tar (an empty .tar)", onlyLinks);
    }

    @Test
    void aZipBombIsRejected(@TempDir Path dir) throws IOException, IntakeException {
        // 200 MiB of zeros deflate to about 200 KiB: refused once it unpacks past 100 times its size
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("KnightMoves.java"));
            zip.write(KNIGHT_BYTES);
            zip.putNextEntry(new ZipEntry("__MACOSX/zeros.bin"));
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 200; i++) {
                zip.write(zeros);
            }
        }
        Handin handin = read(dir, "bomb.zip", bytes.toByteArray());
        assertVerdict(Verdict.REJECTED, "bomb.zip unpacks to more than 100 times its size (an archive bomb?): not unpacked", handin);
    }

    @Test
    void tooManyBytesEvenUncompressedAreRejected(@TempDir Path dir) throws IOException, IntakeException {
        IntakeLimits small = new IntakeLimits(1 << 20, 100, 256 << 10, 3, 100, 1 << 20, 1 << 20, 16 << 20, 64);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            byte[] data = new byte[(1 << 20) + 1];
            CRC32 crc = new CRC32();
            crc.update(data);
            ZipEntry stored = new ZipEntry("data.bin");
            stored.setMethod(ZipEntry.STORED);
            stored.setSize(data.length);
            stored.setCrc(crc.getValue());
            zip.putNextEntry(stored);
            zip.write(data);
        }
        assertVerdict(Verdict.REJECTED, "big.zip unpacks to more than 1 MiB", read(dir, "big.zip", bytes.toByteArray(), small));
    }

    @Test
    void archivesNestedTooDeepAreRejected(@TempDir Path dir) throws IOException, IntakeException {
        byte[] archive = TestArchives.zip(Map.of("KnightMoves.java", KNIGHT_BYTES));
        for (int level = 2; level <= 3; level++) {
            archive = TestArchives.zip(Map.of("level" + level + ".zip", archive));
        }
        assertEquals(List.of("KnightMoves.java"), names(read(dir.resolve("three"), "nested.zip", archive)), "3 levels are fine");
        archive = TestArchives.zip(Map.of("level4.zip", archive));
        assertVerdict(Verdict.REJECTED, "archives nested more than 3 deep", read(dir.resolve("four"), "nested.zip", archive));
    }

    @Test
    void tooManyFilesAreRejected(@TempDir Path dir) throws IOException, IntakeException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("KnightMoves.java", KNIGHT_BYTES);
        for (int i = 0; i < IntakeLimits.DEFAULT.maxEntries(); i++) {
            entries.put("junk/" + i + ".txt", new byte[0]);
        }
        assertVerdict(Verdict.REJECTED, "many.zip holds more than 10000 files", read(dir, "many.zip", TestArchives.zip(entries)));
    }

    @Test
    void anUnreadableOrUnsupportedArchiveIsWhatTheStudentHandedIn(@TempDir Path dir) throws IOException, IntakeException {
        byte[] zip = TestArchives.zip(Map.of("KnightMoves.java", KNIGHT_BYTES, "Other.java", KNIGHT_BYTES));
        byte[] truncated = java.util.Arrays.copyOf(zip, zip.length / 2);
        Handin broken = read(dir.resolve("broken"), "broken.zip", truncated);
        assertVerdict(Verdict.NO_SUBMISSION, "only broken.zip (not a readable .zip", broken);
        assertVerdict(Verdict.NO_SUBMISSION, "only work.rar (a .rar, which the judge cannot unpack: hand in a .zip)",
                read(dir.resolve("rar"), "work.rar", new byte[] {'R', 'a', 'r', '!'}));
        assertVerdict(Verdict.NO_SUBMISSION, "only empty.zip (an empty .zip)", read(dir.resolve("empty"), "empty.zip",
                TestArchives.zip(Map.of())));
        assertVerdict(Verdict.NO_SUBMISSION, "only notgzip.tar.gz (not a readable .tar.gz", read(dir.resolve("gz"),
                "notgzip.tar.gz", "plain text".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void tooManySourceBytesAreRejected(@TempDir Path dir) throws IOException, IntakeException {
        IntakeLimits small = new IntakeLimits(64 << 20, 10_000, 256 << 10, 3, 100, 1 << 20, 1 << 20, 1000, 64);
        Map<String, byte[]> sources = new LinkedHashMap<>();
        for (int i = 0; i < 10; i++) {
            sources.put("Helper" + i + ".java", ("class Helper" + i + " {" + " ".repeat(150) + "}").getBytes(StandardCharsets.UTF_8));
        }
        assertVerdict(Verdict.REJECTED, "the .java files total more than 1000 bytes", read(dir, "many.zip",
                TestArchives.zip(sources), small));
    }

    @Test
    void anOversizedSourceIsNotCompiled(@TempDir Path dir) throws IOException, IntakeException {
        StringBuilder huge = new StringBuilder(KNIGHT);
        java.util.Random random = new java.util.Random(1);
        while (huge.length() <= 1 << 20) {
            huge.append("// ").append(Long.toString(random.nextLong(), 36)).append('\n'); // hardly compressible
        }
        assertVerdict(Verdict.COMPILE_ERROR, "huge.zip!/KnightMoves.java is larger than 1 MiB: not compiled",
                read(dir, "huge.zip", TestArchives.zip(Map.of("KnightMoves.java", huge.toString().getBytes(StandardCharsets.UTF_8)))));
    }
}

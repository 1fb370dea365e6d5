package org.katajudge.fuzz;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Collision probes kept on disk give exactly the cases searched ones give, and only a file that
 * checks out is used: for every method of every kata, the first cases of seed 0 with no memo, with
 * a memo that searches and keeps them, and with one that reads them back are the same.
 */
class ProbeMemoTest {

    /** Past every entry point's edge cases, extremes and probes. */
    private static final int CASES = 400;

    @TempDir
    Path temp;

    @TestFactory
    Stream<DynamicTest> keptProbesGiveTheCasesSearchedOnesGive() {
        return Katas.all().stream().flatMap(kata -> kata.entryPoints().stream().filter(EntryPoint::hasGenerator)
                .map(entryPoint -> DynamicTest.dynamicTest(kata.id() + "/" + entryPoint.method(), () -> {
                    List<String> searched = firstCases(kata, entryPoint, ProbeMemo.OFF);
                    ProbeMemo memo = memo(temp.resolve(kata.id() + "-" + entryPoint.method()));
                    assertEquals(searched, firstCases(kata, entryPoint, memo), "searched and kept");
                    assertEquals(1, memo.searches());
                    assertEquals(searched, firstCases(kata, entryPoint, memo), "read back");
                    assertEquals(1, memo.searches(), "the kept probes were used, not searched again");
                    assertEquals(1, memo.reads());
                })));
    }

    @Test
    void aFileThatDoesNotReplayExactlyIsSearchedAgainAndWrittenAnew() throws IOException {
        Kata kata = Katas.byId("checkers-game-over").orElseThrow();
        EntryPoint entryPoint = kata.entryPoint("whiteMoves");
        List<String> searched = firstCases(kata, entryPoint, ProbeMemo.OFF);
        ProbeMemo memo = memo(temp.resolve("cache"));
        firstCases(kata, entryPoint, memo);
        Path file = keptFile(temp.resolve("cache"));
        String kept = Files.readString(file);

        // choices with a tail the generator does not read: they draw the same boards, but are not what it records
        Files.writeString(file, kept.replaceAll("(\\t[0-9.]+)", "$1.7.7.7"));
        assertEquals(searched, firstCases(kata, entryPoint, memo));
        assertEquals(2, memo.searches());
        assertEquals(kept, Files.readString(file), "written anew");

        for (String damaged : List.of("", "kata-judge collision probes 1\nend 3\n", kept.replace("end ", "end 1"),
                kept.replaceFirst("\\t", " "), "\u0000\u0001 not probes at all")) {
            Files.writeString(file, damaged, StandardCharsets.ISO_8859_1);
            assertEquals(searched, firstCases(kata, entryPoint, memo), damaged);
            assertEquals(kept, Files.readString(file));
        }
        assertEquals(0, memo.reads());
    }

    @Test
    void theProbesAreTheJudgeUsersAlone() throws IOException {
        Kata kata = Katas.byId("knight-moves").orElseThrow();
        EntryPoint entryPoint = kata.entryPoints().get(0);
        Path cache = temp.resolve("cache");
        ProbeMemo memo = memo(cache);
        firstCases(kata, entryPoint, memo);
        Path file = keptFile(cache);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));

        // a directory other users may read is not used: searched every time, nothing read from it
        Files.setPosixFilePermissions(file.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
        firstCases(kata, entryPoint, memo);
        firstCases(kata, entryPoint, memo);
        assertEquals(3, memo.searches());
        assertEquals(0, memo.reads());
    }

    @Test
    void codeThatIsNotInAJarIsNeverKept() {
        // this test's classes are a directory: what is loaded from one may change without its key changing
        EntryPoint entryPoint = EntryPoint.method("m").returns(org.katajudge.kata.ValueType.INT)
                .parameter(org.katajudge.kata.ValueType.INT, "n")
                .reference(args -> new org.katajudge.kata.Explanation(args[0], "the same", List.of()))
                .generator(choices -> new Object[]{choices.choose(10)}).renderer(args -> "n = " + args[0]).build();
        assertEquals(Optional.empty(), ProbeMemo.jarKey(entryPoint));
    }

    private static ProbeMemo memo(Path cache) {
        return ProbeMemo.in(cache, entryPoint -> Optional.of("test"));
    }

    private static Path keptFile(Path cache) throws IOException {
        try (Stream<Path> files = Files.walk(cache)) {
            List<Path> kept = files.filter(p -> p.toString().endsWith(".pairs")).toList();
            assertEquals(1, kept.size(), kept.toString());
            return kept.get(0);
        }
    }

    /** The first cases of seed 0, each as its choices and arguments. */
    private static List<String> firstCases(Kata kata, EntryPoint entryPoint, ProbeMemo memo) {
        CaseSchedule schedule = new CaseSchedule(entryPoint, 0, DrawnCalls.salt(kata.id(), entryPoint),
                new Coverage(entryPoint.method(), entryPoint.rules()), false, memo);
        List<String> cases = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            Optional<GeneratedCase> next = schedule.next();
            if (next.isEmpty()) {
                break;
            }
            cases.add(next.get().choices() + " " + Arrays.deepToString(next.get().args()) + (schedule.leadsPair() ? " leads" : ""));
        }
        assertTrue(cases.size() > 10, "cases drawn: " + cases.size());
        return cases;
    }
}

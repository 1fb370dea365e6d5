package org.katajudge.shard;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Shares of submissions: each in exactly one, the same everywhere. */
class ShardTest {

    @Test
    void parsesKOfN() {
        assertEquals(new Shard(2, 8), Shard.parse("2/8"));
        assertEquals(new Shard(1, 1), Shard.parse(" 1 / 1 "));
        for (String bad : List.of("0/3", "4/3", "3", "a/b", "1/0", "-1/3", "1/3/4", "")) {
            assertThrows(IllegalArgumentException.class, () -> Shard.parse(bad), bad);
        }
    }

    @Test
    void everySubmissionIsInExactlyOneShareAndTheSharesAreNotEmpty() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            keys.add("knight-moves/student-" + i);
        }
        int n = 4;
        int total = 0;
        for (int k = 1; k <= n; k++) {
            Shard shard = new Shard(k, n);
            List<String> share = shard.select(keys, key -> key);
            assertTrue(share.size() > 300 / n / 2, "roughly even: " + share.size());
            total += share.size();
            for (String key : share) {
                for (int other = 1; other <= n; other++) {
                    assertEquals(other == k, new Shard(other, n).contains(key), key);
                }
            }
        }
        assertEquals(keys.size(), total);
    }

    @Test
    void theShareOfAPathIsFixedForeverSoEveryMachineAgrees() {
        // Pinned, computed apart from this code (Python: struct.unpack(">q", sha256(key).digest()[:8]), then % 3):
        // a share depends only on the path, never on the JVM, the OS or the run.
        assertEquals(2432223098418735568L, Shard.hash("knight-moves/alice"));
        List<String> keys = List.of("knight-moves/alice", "knight-moves/bob", "knight-moves/carol", "knight-moves/dave");
        assertEquals(List.of("knight-moves/carol", "knight-moves/dave"), new Shard(1, 3).select(keys, key -> key));
        assertEquals(List.of("knight-moves/alice"), new Shard(2, 3).select(keys, key -> key));
        assertEquals(List.of("knight-moves/bob"), new Shard(3, 3).select(keys, key -> key));
    }

    @Test
    void theKeyIsThePathBelowTheFolderGradedSoAbsoluteAndRelativeRunsAgree() {
        Path root = Path.of("solutions");
        assertEquals("knight-moves/carol", Shard.key(Path.of("solutions/knight-moves/carol"), List.of(root)));
        assertEquals("knight-moves/carol", Shard.key(Path.of("solutions/knight-moves/carol").toAbsolutePath(),
                List.of(root.toAbsolutePath())));
        assertEquals("carol", Shard.key(Path.of("solutions/knight-moves/carol"),
                List.of(root, Path.of("solutions/knight-moves"))), "the deepest root that holds it");
        assertEquals("carol", Shard.key(Path.of("solutions/knight-moves/carol"), List.of(Path.of("solutions/knight-moves/carol"))),
                "a submission given itself is known by its name");
    }
}

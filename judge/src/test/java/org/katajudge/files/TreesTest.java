package org.katajudge.files;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Deleting a scratch tree that another cleanup deletes at the same time. */
class TreesTest {

    @Test
    void aTreeDeletedFromUnderTheWalkIsDeletedWithoutComplaint(@TempDir Path tmp) throws IOException {
        Path root = Files.createDirectory(tmp.resolve("kata-judge-1"));
        for (String child : new String[] {"child-a", "child-b", "child-c"}) {
            Path dir = Files.createDirectories(root.resolve("children").resolve(child).resolve("tmp"));
            Files.writeString(dir.resolve("out.txt"), "x");
        }
        AtomicBoolean raced = new AtomicBoolean();
        // at the first entry, the other children's directories go, as their own cleanups would delete them
        Trees.deleteQuietly(root, visiting -> {
            if (raced.compareAndSet(false, true)) {
                for (String child : new String[] {"child-a", "child-b", "child-c"}) {
                    Path other = root.resolve("children").resolve(child);
                    if (!visiting.startsWith(other)) {
                        Trees.deleteQuietly(other);
                    }
                }
            }
        });
        assertTrue(raced.get());
        assertFalse(Files.exists(root), "deleted all the same");
    }

    @Test
    void aLinkIsDeletedNotWhatItPointsTo(@TempDir Path tmp) throws IOException {
        Path kept = Files.writeString(tmp.resolve("kept.txt"), "not the judge's to delete");
        Path root = Files.createDirectory(tmp.resolve("scratch"));
        Files.createSymbolicLink(root.resolve("link"), kept);
        Files.createSymbolicLink(root.resolve("dir-link"), tmp);
        Trees.deleteQuietly(root);
        assertFalse(Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(kept));
    }

    @Test
    void aMissingDirectoryIsNothingToDo(@TempDir Path tmp) {
        Trees.deleteQuietly(tmp.resolve("never-made"));
        assertFalse(Files.exists(tmp.resolve("never-made")));
    }
}

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The repository's own rule: a solution lives in solutions/<kata>/<contributor>/. */
class LayoutTest {

    @Test
    void everySolutionIsInAFolderOfItsKataAndContributor() throws IOException {
        Path solutions = Path.of("solutions");
        try (Stream<Path> files = Files.walk(solutions)) {
            List<Path> misplaced = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> solutions.relativize(file).getNameCount() != 3)
                    .toList();
            assertTrue(misplaced.isEmpty(), () -> "put each solution in solutions/<kata>/<your name>/: " + misplaced);
        }
    }
}

package org.katajudge.sandbox;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The sandbox's wrappers are named by their path along the judge's PATH, not left to a child's PATH. */
class ToolsTest {

    @Test
    void aToolIsNamedByItsAbsolutePathAlongTheJudgesPath() {
        String sh = Tools.path("sh");
        assertTrue(Path.of(sh).isAbsolute() && Files.isExecutable(Path.of(sh)), sh);
        assertEquals("no-such-tool-kata-judge", Tools.path("no-such-tool-kata-judge"), "not there: the bare name, which fails as before");
    }

    @Test
    void everyWrapperOfAChildsCommandIsAnAbsolutePath() {
        assumeTrue(Tools.PRLIMIT, "no prlimit here");
        List<String> limits = ResourceLimits.prefix(Limits.DEFAULT, false);
        assertTrue(Path.of(limits.get(0)).isAbsolute(), limits.toString());
        assertTrue(Path.of(IsolationProbe.unshareCommand().get(0)).isAbsolute() || !Tools.onPath("unshare"),
                IsolationProbe.unshareCommand().toString());
        List<String> bubblewrap = ChildCommand.bubblewrap(ChildRuntime.get(), Path.of("/tmp/runner"), Path.of("/tmp/scratch"), Optional.empty(), false);
        assertTrue(Path.of(bubblewrap.get(0)).isAbsolute() || !Tools.onPath("bwrap"), bubblewrap.toString());
    }
}

package org.katajudge.engine.plan;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The options of a run that a printed command (replay, rerun) must carry to show the same failure
 * again, beyond the kata, the seed and the submission: the katas directory the run was given
 * ({@code --katas}: a teacher's copy may hold hidden examples the built-in katas lack) and the
 * assignment file ({@code --scoring}), both absolute so a command runs from any directory.
 *
 * @param katas   the katas directory given to the run, absolute; empty when none was given
 * @param scoring the assignment file given to the run, absolute; empty when none
 */
public record CommandOptions(Optional<Path> katas, Optional<Path> scoring) {

    /** Nothing beyond the kata and the submission. */
    public static final CommandOptions NONE = new CommandOptions(Optional.empty(), Optional.empty());

    public CommandOptions {
        katas = katas.map(p -> p.toAbsolutePath().normalize());
        scoring = scoring.map(p -> p.toAbsolutePath().normalize());
    }
}

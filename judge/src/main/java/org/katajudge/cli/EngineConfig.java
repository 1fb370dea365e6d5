package org.katajudge.cli;

import org.katajudge.engine.EngineSettings;
import org.katajudge.sandbox.Isolation;
import org.katajudge.sandbox.Limits;
import org.katajudge.sandbox.SandboxException;
import org.katajudge.sandbox.SandboxLauncher;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Builds the engine's configuration parameters from command-line options, checking them first. */
final class EngineConfig {

    private final Map<String, String> parameters = new LinkedHashMap<>();

    EngineConfig(Workspace workspace) {
        workspace.katas().ifPresent(dir -> parameters.put(EngineSettings.KATAS, dir.toString()));
        parameters.put(EngineSettings.COMMAND, Main.command());
    }

    EngineConfig put(String key, Object value) {
        parameters.put(key, String.valueOf(value));
        return this;
    }

    /**
     * Checks {@code --isolation} and that the sandbox works here, before anything is graded.
     *
     * @return the isolation that will be used
     */
    Isolation isolation(String command, Optional<String> option) throws UsageException {
        String value = option.orElse("auto").toLowerCase(Locale.ROOT);
        Optional<Isolation> requested;
        switch (value) {
            case "auto" -> requested = Optional.empty();
            case "bwrap", "unshare", "none" -> requested = Optional.of(Isolation.valueOf(value.toUpperCase(Locale.ROOT)));
            default -> throw new UsageException(command + ": --isolation must be auto, bwrap, unshare or none, got \""
                    + option.get() + "\"");
        }
        parameters.put(EngineSettings.ISOLATION, value);
        try {
            return SandboxLauncher.create(requested, Limits.DEFAULT).isolation();
        } catch (SandboxException e) {
            throw new UsageException(command + ": " + e.getMessage());
        }
    }

    Map<String, String> parameters() {
        return Map.copyOf(parameters);
    }
}

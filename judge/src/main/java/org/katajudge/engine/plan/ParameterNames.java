package org.katajudge.engine.plan;

/**
 * The names of the engine's JUnit Platform configuration parameters ({@code katajudge.*}): how a
 * build (Maven Surefire in a challenge repository) sets the options, and how the replay commands
 * printed for it set them again. Contracts: users write them in {@code pom.xml},
 * {@code junit-platform.properties} and on the command line. {@code org.katajudge.engine.EngineSettings}
 * reads them and says what each means.
 */
public final class ParameterNames {

    public static final String PREFIX = "katajudge.";
    public static final String KATAS = PREFIX + "katas";
    public static final String KATA = PREFIX + "kata";
    public static final String PATHS = PREFIX + "paths";
    public static final String SEED = PREFIX + "seed";
    public static final String CASES = PREFIX + "cases";
    public static final String JOBS = PREFIX + "jobs";
    public static final String MODE = PREFIX + "mode";
    public static final String TIME = PREFIX + "time";
    public static final String ISOLATION = PREFIX + "isolation";
    public static final String POLICY = PREFIX + "policy";
    public static final String REPLAY_METHOD = PREFIX + "replay.method";
    public static final String REPLAY_CHOICES = PREFIX + "replay.choices";
    public static final String PRINT_RESULTS = PREFIX + "print.results";
    public static final String REPLAY_CALLS = PREFIX + "replay.calls";
    public static final String REPLAY_DRAWN = PREFIX + "replay.drawn";
    public static final String STARTED = PREFIX + "started";
    public static final String COMMAND = PREFIX + "command";
    public static final String SCORING = PREFIX + "scoring";
    public static final String PARTIAL_CREDIT = PREFIX + "partialCredit";
    public static final String STUDENT_VIEW = PREFIX + "studentView";
    public static final String COMPILE_TIME = PREFIX + "compile.time";
    public static final String COMPILE_HEAP = PREFIX + "compile.heapMegabytes";
    public static final String COMPILE_SOURCE_BYTES = PREFIX + "compile.maxSourceBytes";

    private ParameterNames() {
    }
}

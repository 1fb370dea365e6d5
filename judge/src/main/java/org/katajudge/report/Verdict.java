package org.katajudge.report;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The judge's verdict on a submission, Kattis-style. A sample submission's folder is named by
 * the lower-case form ({@code wrong_answer/}).
 */
public enum Verdict {
    ACCEPTED,
    WRONG_ANSWER,
    RUNTIME_ERROR,
    TIME_LIMIT_EXCEEDED,
    MEMORY_LIMIT_EXCEEDED,
    OUTPUT_LIMIT_EXCEEDED,
    COMPILE_ERROR,
    REJECTED,
    /** Nothing gradable was handed in (an empty folder, only a README, a .class file). */
    NO_SUBMISSION,
    /** The judge failed; never the student's fault. */
    JUDGE_ERROR;

    /**
     * The sample folder name, Kattis' spelling: {@code accepted}, {@code wrong_answer},
     * {@code run_time_error}, ...
     */
    public String folderName() {
        return this == RUNTIME_ERROR ? "run_time_error" : name().toLowerCase(Locale.ROOT);
    }

    /** The verdict in words: {@code wrong answer}, {@code time limit exceeded}. */
    public String words() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    public static Optional<Verdict> ofFolderName(String folder) {
        return Arrays.stream(values()).filter(v -> v.folderName().equals(folder)).findFirst();
    }

    /** A short form for tables: AC, WA, RTE, TLE, MLE, OLE, CE, REJ, NS, JE. */
    public String abbreviation() {
        return switch (this) {
            case ACCEPTED -> "AC";
            case WRONG_ANSWER -> "WA";
            case RUNTIME_ERROR -> "RTE";
            case TIME_LIMIT_EXCEEDED -> "TLE";
            case MEMORY_LIMIT_EXCEEDED -> "MLE";
            case OUTPUT_LIMIT_EXCEEDED -> "OLE";
            case COMPILE_ERROR -> "CE";
            case REJECTED -> "REJ";
            case NO_SUBMISSION -> "NS";
            case JUDGE_ERROR -> "JE";
        };
    }
}

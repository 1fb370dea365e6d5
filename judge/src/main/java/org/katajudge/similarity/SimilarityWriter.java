package org.katajudge.similarity;

import java.io.IOException;
import java.nio.file.Path;

/** One format of a similarity report, for the teacher's records. Never part of what students see. */
public interface SimilarityWriter {

    /** Writes the report to {@code target}, creating its folder. */
    void write(SimilarityReport report, Path target) throws IOException;
}

package org.katajudge.engine.pipeline;

/**
 * When a submission's first child JVM starts. Starting it while the sources compile takes its
 * start-up (about a tenth of a second of wall-clock time) off the path of a submission graded
 * while cores are free; it is wasted on a source that does not compile.
 */
public enum ChildTiming {
    /** Once the sources compiled: nothing is started for a source that does not compile. */
    AFTER_COMPILE,
    /** While the sources compile, in the background; ended unused when they do not. */
    WHILE_COMPILING
}

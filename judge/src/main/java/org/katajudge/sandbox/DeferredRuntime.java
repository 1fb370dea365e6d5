package org.katajudge.sandbox;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The child runtime of a judge process that has no on-disk cache to keep a runtime image in (the
 * cache off, as in PrairieLearn's container per submission, or refused) and finds none in the
 * temp directory: the image would be made for this process alone, or for a temp directory that
 * dies with its container, and making it costs more than one submission's grading (jlink and the
 * image's CDS archive: about 4 s of CPU time on a 2-core machine, 8 s while jlink ran in the judge's
 * JVM, where a child on the image saves about 0.3 s against one on the JDK narrowed by {@code
 * --limit-modules}, which cannot map the JDK's archive). So the first {@link #CHILDREN} children run
 * on the narrowed JDK, as narrow as the image, and only a process that goes on starting children (a
 * class, a fuzzing run's fresh starts) makes the image, when its {@link #CHILDREN}th child starts,
 * for the children after.
 * That child's grading thread makes it (jlink and the dump, tools of their own), so that a run that
 * ends does not leave one half made; the other grading threads go on meanwhile.
 */
final class DeferredRuntime {

    /** Children started on the narrowed JDK before the image is made: about where making it pays. */
    static final int CHILDREN = 8;

    private final AtomicInteger started = new AtomicInteger();
    private final Callable<ChildRuntime> image;
    private final CompletableFuture<ChildRuntime> made = new CompletableFuture<>();
    private volatile ChildRuntime current;

    /** Children run on {@code narrowed} until {@code image}, called once, has made the image. */
    DeferredRuntime(ChildRuntime narrowed, Callable<ChildRuntime> image) {
        this.current = narrowed;
        this.image = image;
    }

    /** The runtime for everything but a child (which it would count). */
    ChildRuntime current() {
        return current;
    }

    /** The runtime for a child about to start; the {@link #CHILDREN}th has the image made first, and runs on it. */
    ChildRuntime forChild() {
        if (started.incrementAndGet() == CHILDREN) {
            make();
        }
        return current;
    }

    /** The image, once made (or why not); children run on the narrowed JDK before and after a failure. */
    CompletableFuture<ChildRuntime> made() {
        return made;
    }

    private void make() {
        try {
            ChildRuntime linked = image.call();
            current = linked;
            made.complete(linked);
        } catch (Exception | LinkageError e) {
            made.completeExceptionally(e);
        }
    }
}

package org.katajudge.sandbox;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A process without a cache does not make a runtime image for one submission: its first children
 * run on the narrowed JDK, and the image is made once, only when more children come ({@link
 * DeferredRuntime}).
 */
class DeferredRuntimeTest {

    private static final ChildRuntime NARROWED = ChildRuntime.narrowed(Path.of(System.getProperty("java.home")));
    private static final ChildRuntime IMAGE = ChildRuntime.narrowed(Path.of("/image-made-later"));

    @Test
    void theFirstChildrenRunOnTheNarrowedJdkAndNoImageIsMadeForThem() {
        AtomicInteger made = new AtomicInteger();
        DeferredRuntime runtime = new DeferredRuntime(NARROWED, () -> {
            made.incrementAndGet();
            return IMAGE;
        });
        for (int child = 1; child < DeferredRuntime.CHILDREN; child++) {
            assertSame(NARROWED, runtime.forChild(), "child " + child);
        }
        assertSame(NARROWED, runtime.current());
        assertFalse(runtime.made().isDone());
        assertEquals(0, made.get(), "one submission's children pay for no image");
    }

    @Test
    void moreChildrenHaveTheImageMadeOnceAndRunOnIt() throws Exception {
        AtomicInteger made = new AtomicInteger();
        DeferredRuntime runtime = new DeferredRuntime(NARROWED, () -> {
            made.incrementAndGet();
            return IMAGE;
        });
        for (int child = 1; child < DeferredRuntime.CHILDREN; child++) {
            runtime.forChild();
        }
        assertSame(IMAGE, runtime.forChild(), "the child that has it made runs on it");
        assertSame(IMAGE, runtime.made().getNow(null));
        for (int child = 0; child < 3 * DeferredRuntime.CHILDREN; child++) {
            assertSame(IMAGE, runtime.forChild());
        }
        assertSame(IMAGE, runtime.current());
        assertEquals(1, made.get(), "made once");
    }

    @Test
    void anImageThatCannotBeMadeLeavesTheChildrenOnTheNarrowedJdk() throws Exception {
        DeferredRuntime runtime = new DeferredRuntime(NARROWED, () -> {
            throw new IOException("jlink failed");
        });
        for (int child = 1; child <= DeferredRuntime.CHILDREN; child++) {
            runtime.forChild();
        }
        ExecutionException failed = assertThrows(ExecutionException.class, () -> runtime.made().get(0, TimeUnit.SECONDS));
        assertEquals("jlink failed", failed.getCause().getMessage());
        assertSame(NARROWED, runtime.forChild());
    }
}

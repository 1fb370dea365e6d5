package org.katajudge.engine;

import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;

/** Serializes events from the grading threads: listeners such as the XML reporter are not thread-safe. */
final class SynchronizedListener implements EngineExecutionListener {

    private final EngineExecutionListener delegate;

    SynchronizedListener(EngineExecutionListener delegate) {
        this.delegate = delegate;
    }

    @Override
    public synchronized void executionSkipped(TestDescriptor descriptor, String reason) {
        delegate.executionSkipped(descriptor, reason);
    }

    @Override
    public synchronized void executionStarted(TestDescriptor descriptor) {
        delegate.executionStarted(descriptor);
    }

    @Override
    public synchronized void executionFinished(TestDescriptor descriptor, TestExecutionResult result) {
        delegate.executionFinished(descriptor, result);
    }

    @Override
    public synchronized void reportingEntryPublished(TestDescriptor descriptor, ReportEntry entry) {
        delegate.reportingEntryPublished(descriptor, entry);
    }
}

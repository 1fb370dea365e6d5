/**
 * Runs one submission in a sandboxed child JVM and calls its methods, one job per class.
 *
 * <p>Starting a child: {@link org.katajudge.sandbox.SandboxLauncher} picks the isolation
 * ({@link org.katajudge.sandbox.IsolationProbe}), builds the command
 * ({@link org.katajudge.sandbox.ChildCommand}: limits, user, bwrap or unshare, the JVM's options,
 * the runner's class path {@link org.katajudge.sandbox.RunnerClassPath} and archive
 * {@link org.katajudge.sandbox.RunnerArchive}) and starts it ({@link org.katajudge.sandbox.ChildProcess},
 * its output drained by {@link org.katajudge.sandbox.ChildStreams}).
 *
 * <p>Talking to it: {@link org.katajudge.sandbox.SandboxSession} is the client (load, batches,
 * reset, close) over an {@link org.katajudge.sandbox.AnswerChannel}; it writes
 * {@link org.katajudge.sandbox.Frames} and reads answers with {@link org.katajudge.sandbox.AnswerReader}.
 * {@link org.katajudge.sandbox.ChildMonitor} kills a child past a limit, in the child's own time
 * ({@link org.katajudge.jvm.ChildClock}); {@link org.katajudge.sandbox.ExitDiagnosis} says what a
 * call did when its child died instead of answering.
 *
 * <p>The child's code is {@code org.katajudge.sandbox.runner}, and only the classes
 * {@link org.katajudge.sandbox.RunnerClassPath} lists reach a child.
 */
package org.katajudge.sandbox;

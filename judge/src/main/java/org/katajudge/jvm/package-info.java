/**
 * What every JVM the judge starts has in common: the environment variables the java launcher
 * reads options from ({@link org.katajudge.jvm.JvmEnvironment}), and the clock the judge's
 * deadlines for such a JVM count in ({@link org.katajudge.jvm.ChildClock}: wall-clock time less
 * its waits for a CPU). Depends on nothing of the judge.
 */
package org.katajudge.jvm;

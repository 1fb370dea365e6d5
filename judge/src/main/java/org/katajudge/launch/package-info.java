/**
 * How the judge's own JVM is started ({@link org.katajudge.launch.Relaunch}): a plain
 * {@code java -jar judge.jar grade ...} cannot name a class-data archive on JDK 17, so for the
 * commands that grade the judge starts itself again with the archive of its own classes from the
 * judge's cache ({@link org.katajudge.launch.JudgeArchive}). Depends on the cache package only;
 * the command line calls it first, before anything else is loaded.
 */
package org.katajudge.launch;

/**
 * What every JVM the judge starts has in common ({@link org.katajudge.jvm.JvmEnvironment}): the
 * environment variables the java launcher reads options from. Depends on nothing of the judge.
 */
package org.katajudge.jvm;

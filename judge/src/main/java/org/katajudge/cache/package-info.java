/**
 * The judge's on-disk cache ({@link org.katajudge.cache.JudgeCache}): what the judge computes once
 * and keeps across runs (the children's runtime, the runner's and the compiler workers' class-data
 * archives), safe to share between judge processes and never writable by a submission. Depends on
 * nothing of the judge.
 */
package org.katajudge.cache;

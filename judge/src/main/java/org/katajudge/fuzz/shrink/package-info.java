/**
 * The shrinker's passes: each a pure function from the {@link org.katajudge.fuzz.shrink.Shape}
 * of a failing case's choices (values, bounds, the parts the generator marked) to the candidate
 * sequences to try instead, most promising first. {@link org.katajudge.fuzz.shrink.ShrinkPasses#ALL}
 * lists them in the order the shrinker ({@code org.katajudge.fuzz.Shrinker}) runs them; which
 * candidate is kept (smaller, and failing the same way) is decided there, not here.
 */
package org.katajudge.fuzz.shrink;

/**
 * File-system chores every part of the judge shares ({@link org.katajudge.files.Trees}: deleting a
 * tree of its own, quietly, whatever else deletes it at the same time). Depends on nothing of the judge.
 */
package org.katajudge.files;

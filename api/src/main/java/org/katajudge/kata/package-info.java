/**
 * The kata authoring API: what a kata is as code.
 *
 * <p>A kata is a folder {@code katas/<id>/} holding {@code kata.json} (title, difficulty, class,
 * method signatures, time limit), {@code README.md} (the kata as a solver reads it),
 * {@code examples.json} (the fixed examples) and, in {@code src/}, its Java sources written
 * against this package:
 * <ul>
 *   <li>the <b>rule</b>: a public class with the kata's class name and methods, depending only on
 *       {@code java.base}, which is itself a valid solution;</li>
 *   <li>one class implementing {@link org.katajudge.kata.Kata}: the kata's id, the class name, and
 *       one {@link org.katajudge.kata.EntryPoint} per method, built with
 *       {@link org.katajudge.kata.EntryPoint#method(String)};</li>
 *   <li>per entry point, a <b>reference</b> returning an {@link org.katajudge.kata.Explanation}
 *       (the answer, a reason for a student, the {@link org.katajudge.kata.RuleCheck}s for rule
 *       coverage), a {@link org.katajudge.kata.Generator} of random valid inputs drawn from
 *       {@link org.katajudge.choice.Choices} (or
 *       {@link org.katajudge.kata.EntryPoint.Builder#examplesOnly()} for none) and a
 *       <b>renderer</b> drawing an input for a person.</li>
 * </ul>
 * Values cross the API as plain Java objects of the {@link org.katajudge.kata.ValueType}s.
 *
 * <p>The judge compiles a folder's sources when it loads its katas (with this API and the JDK on
 * the class path, nothing else) and runs them in its own JVM: kata code is the teacher's and is
 * trusted; submissions are not, and run sandboxed. {@code java -jar judge.jar new-kata ID}
 * writes a complete, working kata folder to start from; {@code katas/README.md} is the guide.
 */
package org.katajudge.kata;

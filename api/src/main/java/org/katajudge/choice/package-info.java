/**
 * Choices: the recorded stream of random decisions generators draw from, Hypothesis-style.
 *
 * <p>A {@link org.katajudge.kata.Generator} makes every random decision with
 * {@link org.katajudge.choice.Choices#choose(int)} (or its helpers {@code flip}, {@code between},
 * {@code pick}). The judge records the values drawn as a {@link org.katajudge.choice.ChoiceSequence},
 * so an input is replayed from its choices ({@code fuzz --replay 3.0.1}) and shrunk by editing
 * them: lowering values and deleting draws, then replaying. For that to find simple
 * counterexamples a generator follows three rules:
 * <ol>
 *   <li><b>smaller choices mean simpler inputs</b>: fewer pieces, smaller boards, shorter vectors,
 *       squares nearer a1;</li>
 *   <li><b>the first choice picks the kind of input</b> (its shape, or the rule it aims at), kind 0
 *       being the simplest: the fuzzer tries every kind before it draws at random;</li>
 *   <li><b>all zeros give the simplest input</b>, and any stream ends: a replayed sequence
 *       answers 0 past its end, so a generator must terminate when it keeps drawing zeros.</li>
 * </ol>
 * {@link org.katajudge.choice.ChoiceRecorder} and {@link org.katajudge.choice.ChoiceSource} are
 * the judge's side: kata code only needs {@code Choices}, but tests of a generator can use them to
 * draw at random ({@link org.katajudge.choice.ChoiceRecorder#random(long)}) and to replay.
 */
package org.katajudge.choice;

import org.katajudge.choice.Choices;

// Random inputs for squaresApart, drawn from Choices: the judge records every choice, replays a
// failing input from them (fuzz --replay 2.0.0.1.0) and shrinks it by lowering and deleting
// choices. That finds the simplest failing input only if the generator keeps three rules:
//   1. a smaller choice means a simpler input (here: squares nearer a1, nearer each other);
//   2. the first choice picks the kind of input, kind 0 the simplest: the fuzzer tries every
//      kind first, in its simplest form, before drawing at random;
//   3. all zeros give the simplest input (here a1 to a1), and the generator always ends.
// Never use another source of randomness (Math.random, Random, the clock).
//
// TODO: draw your kata's inputs. Every input drawn must be valid: the reference must answer it.

/** Draws a pair of squares for {@code {{CLASS}}.squaresApart}. */
public final class {{CLASS}}Generator {

    private {{CLASS}}Generator() {
    }

    /** The arguments of one call: {@code {from, to}}. */
    public static Object[] generate(Choices choices) {
        int kind = choices.choose(4);
        int fromFile = choices.choose(8);
        int fromRank = choices.choose(8);
        int toFile = fromFile;
        int toRank = fromRank;
        switch (kind) {
            case 0 -> { }                                   // the same square: 0 apart
            case 1 -> {                                     // a neighbour (or the square itself)
                toFile = clamp(fromFile + step(choices));
                toRank = clamp(fromRank + step(choices));
            }
            case 2 -> {                                     // along a rank or a file
                if (choices.flip()) {
                    toFile = choices.choose(8);
                } else {
                    toRank = choices.choose(8);
                }
            }
            default -> {                                    // anywhere
                toFile = choices.choose(8);
                toRank = choices.choose(8);
            }
        }
        return new Object[] {square(fromFile, fromRank), square(toFile, toRank)};
    }

    /** 0, +1 or -1: the smallest choice is no step at all. */
    private static int step(Choices choices) {
        return new int[] {0, 1, -1}[choices.choose(3)];
    }

    private static int clamp(int coordinate) {
        return Math.max(0, Math.min(7, coordinate));
    }

    private static String square(int file, int rank) {
        return "" + (char) ('a' + file) + (char) ('1' + rank);
    }
}

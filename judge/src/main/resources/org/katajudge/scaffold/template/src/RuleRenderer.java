// How the judge draws an input for a person, under a failing case: "input, squaresApart:" then this.
// Draw it as a player would picture it: a board as rows, squares by name.
//
// TODO: draw your kata's inputs.

/** Draws {@code squaresApart(from, to)}: the board seen from White, F on {@code from}, T on {@code to}. */
public final class {{CLASS}}Renderer {

    private {{CLASS}}Renderer() {
    }

    public static String render(Object[] args) {
        String from = (String) args[0];
        String to = (String) args[1];
        StringBuilder text = new StringBuilder(from + " to " + to + "\n  a b c d e f g h\n");
        for (char rank = '8'; rank >= '1'; rank--) {
            text.append(rank);
            for (char file = 'a'; file <= 'h'; file++) {
                String square = "" + file + rank;
                text.append(' ').append(square.equals(from) && square.equals(to) ? '*'
                        : square.equals(from) ? 'F' : square.equals(to) ? 'T' : '.');
            }
            text.append(' ').append(rank).append('\n');
        }
        return text.append("  a b c d e f g h").toString();
    }
}

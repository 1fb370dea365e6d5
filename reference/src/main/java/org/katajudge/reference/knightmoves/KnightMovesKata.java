package org.katajudge.reference.knightmoves;

import org.katajudge.choice.Choices;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.Kata;
import org.katajudge.kata.RuleCheck;

import java.util.List;

import static org.katajudge.kata.ValueType.INT;
import static org.katajudge.kata.ValueType.STRING;

/** The {@code knight-moves} kata: {@code KnightMoves.minMoves(String, String)}. */
public final class KnightMovesKata implements Kata {

    private static final EntryPoint MIN_MOVES = EntryPoint.method("minMoves")
            .returns(INT)
            .parameter(STRING, "start")
            .parameter(STRING, "end")
            .reference(args -> {
                KnightMoves.Why why = KnightMoves.explain((String) args[0], (String) args[1]);
                List<RuleCheck> checks = why.checks().stream()
                        .map(check -> new RuleCheck(check.rule(), check.holds()))
                        .toList();
                return new Explanation(why.moves(), why.reason(), checks, cited(checks));
            })
            .generator(KnightMovesKata::squarePair)
            .renderer(args -> render((String) args[0], (String) args[1]))
            .svg(args -> KnightMovesSvg.draw((String) args[0], (String) args[1]))
            .size(args -> distance((String) args[0], (String) args[1]))
            .rules(KnightMoves.SAME_SQUARE, KnightMoves.ONE_MOVE, KnightMoves.CORNER_DETOUR)
            .smallDomain(true)
            .build();

    @Override
    public String id() {
        return "knight-moves";
    }

    @Override
    public String className() {
        return "KnightMoves";
    }

    @Override
    public List<EntryPoint> entryPoints() {
        return List.of(MIN_MOVES);
    }

    /**
     * The rule a pair of squares is about: the corner detour for diagonal neighbours, the one-move
     * and same-square cases when they apply; none for an ordinary distance.
     */
    static RuleCheck cited(List<RuleCheck> checks) {
        RuleCheck cited = null;
        for (RuleCheck check : checks) {
            if (check.rule().equals(KnightMoves.CORNER_DETOUR) || check.holds()) {
                cited = check;
            }
        }
        return cited;
    }

    /**
     * A start and an end square: start file, start rank, end file, end rank, one draw each, so the
     * 4096 pairs can be enumerated. All-zero choices give a1 → a1; lowering a choice moves a square
     * towards a1.
     */
    static Object[] squarePair(Choices choices) {
        String start = square(choices);
        String end = square(choices);
        return new Object[] {start, end};
    }

    private static String square(Choices choices) {
        char file = (char) ('a' + choices.choose(8));
        char rank = (char) ('1' + choices.choose(8));
        return "" + file + rank;
    }

    /** How far apart two squares are, in files or ranks, whichever is more: the size a shrinker makes smallest. */
    static long distance(String start, String end) {
        return Math.max(Math.abs(start.charAt(0) - end.charAt(0)), Math.abs(start.charAt(1) - end.charAt(1)));
    }

    /**
     * {@code "g2 → a8"} and the board seen from White, S on the start and E on the end square (only
     * S when they are the same square).
     */
    static String render(String start, String end) {
        StringBuilder text = new StringBuilder()
                .append(start).append(" → ").append(end).append('\n')
                .append("  a b c d e f g h\n");
        for (char rank = '8'; rank >= '1'; rank--) {
            text.append(rank);
            for (char file = 'a'; file <= 'h'; file++) {
                String square = "" + file + rank;
                char mark = square.equals(start) ? 'S' : square.equals(end) ? 'E' : '.';
                text.append(' ').append(mark);
            }
            text.append(' ').append(rank).append('\n');
        }
        return text.append("  a b c d e f g h").toString();
    }
}

package org.katajudge.reference.threemanchess;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.Kata;
import org.katajudge.kata.RuleCheck;

import java.util.List;

import static org.katajudge.kata.ValueType.INT_ARRAY;
import static org.katajudge.reference.threemanchess.ThreeManChess.DIAGONAL_THROUGH_CENTRE;
import static org.katajudge.reference.threemanchess.ThreeManChess.KNIGHT_THROUGH_CENTRE;
import static org.katajudge.reference.threemanchess.ThreeManChess.PIECE_VECTOR;
import static org.katajudge.reference.threemanchess.ThreeManChess.RANK_THROUGH_CENTRE;
import static org.katajudge.reference.threemanchess.ThreeManChess.STAYS_ON_BOARD;

/**
 * The {@code three-man-chess-vectors} kata: {@code ThreeManChess.addVec(int[] from, int[] vec)}.
 *
 * <p>Rules reported (see {@link ThreeManChess}): {@code piece-vector} on every input;
 * {@code stays-on-board} on rank, knight and diagonal vectors (zero and file moves cannot leave
 * the board); {@code rank-}, {@code knight-} and {@code diagonal-through-centre} on inward
 * vectors of that kind, holding when the move passes through the centre (even if it then
 * leaves the board), breaking when it stays on its own side.
 */
public final class ThreeManChessKata implements Kata {

    private static final EntryPoint ADD_VEC = EntryPoint.method("addVec")
            .returns(INT_ARRAY)
            .parameter(INT_ARRAY, "from")
            .parameter(INT_ARRAY, "vec")
            .reference(args -> {
                ThreeManChess.Why why = ThreeManChess.explain((int[]) args[0], (int[]) args[1]);
                List<RuleCheck> checks = why.checks().stream()
                        .map(check -> new RuleCheck(check.rule(), check.holds()))
                        .toList();
                // A broken rule when there is one (no piece's vector, off the board), else the
                // crossing of the centre the move made or did not make.
                RuleCheck cited = Explanation.firstBroken(checks);
                if (cited == null && checks.size() == 3) {
                    cited = checks.get(2);
                }
                return new Explanation(why.square(), why.reason(), checks, cited);
            })
            .generator(new AddVecGenerator())
            .renderer(args -> render((int[]) args[0], (int[]) args[1]))
            .svg(args -> ThreeManChessSvg.draw((int[]) args[0], (int[]) args[1]))
            .size(args -> AddVecGenerator.length((int[]) args[1]))
            .encoder(args -> AddVecGenerator.encode((int[]) args[0], (int[]) args[1]))
            .rules(PIECE_VECTOR, STAYS_ON_BOARD, RANK_THROUGH_CENTRE, KNIGHT_THROUGH_CENTRE, DIAGONAL_THROUGH_CENTRE)
            .build();

    @Override
    public String id() {
        return "three-man-chess-vectors";
    }

    @Override
    public String className() {
        return "ThreeManChess";
    }

    @Override
    public List<EntryPoint> entryPoints() {
        return List.of(ADD_VEC);
    }

    /**
     * E.g. {@code from (rank 3, file 24) + vector (5,-5): diagonal, 5 steps inward, toward lower
     * files}. Malformed arrays are shown as they are.
     */
    static String render(int[] from, int[] vec) {
        String start = from != null && from.length == 2
                ? "(rank " + from[0] + ", file " + from[1] + ")" : show(from);
        String vector = vec != null && vec.length == 2
                ? "(" + vec[0] + "," + vec[1] + "): " + describe(vec[0], vec[1]) : show(vec);
        return "from " + start + " + vector " + vector;
    }

    /** The vector in words: its kind, length and direction. */
    static String describe(int dr, int df) {
        ThreeManChess.Kind kind = ThreeManChess.kindOf(dr, df);
        String inward = dr > 0 ? "inward" : "outward";
        String files = df > 0 ? "toward higher files" : "toward lower files";
        return switch (kind) {
            case ZERO -> "zero vector (the null move)";
            case FILE -> "file move, " + steps(df) + " " + files;
            case RANK -> "rank move, " + steps(dr) + " " + inward;
            case KNIGHT -> "knight move, " + Math.abs(dr) + " rank(s) " + inward + " and "
                    + Math.abs(df) + " file(s) " + files;
            case DIAGONAL -> "diagonal, " + steps(dr) + " " + inward + ", " + files;
            case NONE -> "no piece's vector";
        };
    }

    private static String steps(long count) {
        long n = Math.abs(count);
        return n + (n == 1 ? " step" : " steps");
    }

    private static String show(int[] array) {
        return array == null ? "null" : java.util.Arrays.toString(array);
    }
}

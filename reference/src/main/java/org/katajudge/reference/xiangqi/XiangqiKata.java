package org.katajudge.reference.xiangqi;

import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.kata.Kata;
import org.katajudge.kata.RuleCheck;

import java.util.List;

import static org.katajudge.kata.ValueType.BOOLEAN;
import static org.katajudge.kata.ValueType.STRING;
import static org.katajudge.reference.xiangqi.XiangqiBoardGenerator.ASCII_MARKS;
import static org.katajudge.reference.xiangqi.XiangqiBoardGenerator.FULL_WIDTH_MARKS;
import static org.katajudge.reference.xiangqi.XiangqiValidator.ADVISOR_SPOTS;
import static org.katajudge.reference.xiangqi.XiangqiValidator.ELEPHANT_SPOTS;
import static org.katajudge.reference.xiangqi.XiangqiValidator.FLYING_GENERAL;
import static org.katajudge.reference.xiangqi.XiangqiValidator.GENERAL_IN_PALACE;
import static org.katajudge.reference.xiangqi.XiangqiValidator.ONE_GENERAL_EACH;
import static org.katajudge.reference.xiangqi.XiangqiValidator.PIECE_COUNTS;
import static org.katajudge.reference.xiangqi.XiangqiValidator.SOLDIER_COUNT;
import static org.katajudge.reference.xiangqi.XiangqiValidator.SOLDIER_EVEN_FILE;
import static org.katajudge.reference.xiangqi.XiangqiValidator.SOLDIER_NOT_BEHIND_START;
import static org.katajudge.reference.xiangqi.XiangqiValidator.SOLDIER_ONE_PER_FILE;

/**
 * The {@code xiangqi-board-validator} kata: {@code XiangqiValidator.chessValidator(String)}.
 *
 * <p>When a rule is reported: {@value XiangqiValidator#ONE_GENERAL_EACH} always; the count and
 * position rules when the board has a piece they are about; the soldier-file rules when a soldier
 * stands before the river (two of one side for the one-per-file rule); the flying-general rule
 * when there is one general each and they share a column.
 */
public final class XiangqiKata implements Kata {

    private static final EntryPoint CHESS_VALIDATOR = EntryPoint.method("chessValidator")
            .returns(BOOLEAN)
            .parameter(STRING, "board")
            .reference(args -> {
                XiangqiValidator.Verdict verdict = XiangqiValidator.explain((String) args[0]);
                List<RuleCheck> checks = verdict.checks().stream()
                        .map(check -> new RuleCheck(check.rule(), check.holds()))
                        .toList();
                // An illegal board cites its first broken rule (the one in the reason's brackets); a
                // legal one cites flying-general when a piece between facing generals saved it.
                RuleCheck cited = verdict.legal()
                        ? checks.stream().filter(check -> check.rule().equals(FLYING_GENERAL)).findFirst().orElse(null)
                        : Explanation.firstBroken(checks);
                return new Explanation(verdict.legal(), verdict.reason(), checks, cited);
            })
            .generator(XiangqiBoardGenerator::generate)
            .renderer(args -> render((String) args[0]))
            .svg(args -> XiangqiSvg.draw((String) args[0]))
            .size(args -> XiangqiBoardGenerator.pieces((String) args[0]))
            .encoder(args -> XiangqiBoardGenerator.encode((String) args[0]))
            .rules(ONE_GENERAL_EACH, PIECE_COUNTS, SOLDIER_COUNT, GENERAL_IN_PALACE, ELEPHANT_SPOTS,
                    ADVISOR_SPOTS, SOLDIER_NOT_BEHIND_START, SOLDIER_EVEN_FILE, SOLDIER_ONE_PER_FILE,
                    FLYING_GENERAL)
            .build();

    @Override
    public String id() {
        return "xiangqi-board-validator";
    }

    @Override
    public String className() {
        return "XiangqiValidator";
    }

    @Override
    public List<EntryPoint> entryPoints() {
        return List.of(CHESS_VALIDATOR);
    }

    /**
     * The board with row and column indices, every square two terminal columns wide: pieces and
     * full-width background are wide characters already, an ASCII background character is
     * followed by a space. So the two background styles stay distinguishable ({@code - - -}
     * against {@code －－－}), which matters to a solution that only knows one of them. A last
     * line names the style. Malformed boards are drawn line by line as they are.
     */
    static String render(String board) {
        if (board == null) {
            return "null";
        }
        StringBuilder text = new StringBuilder("  0 1 2 3 4 5 6 7 8\n");
        boolean ascii = false;
        boolean fullWidth = false;
        String[] lines = board.split("\n", -1);
        for (int row = 0; row < lines.length; row++) {
            if (row == lines.length - 1 && lines[row].isEmpty() && row > 0) {
                break; // the tolerated trailing newline
            }
            text.append(row).append(row < 10 ? " " : "");
            int[] codePoints = lines[row].codePoints().toArray();
            for (int codePoint : codePoints) {
                text.appendCodePoint(codePoint);
                if (codePoint < 0x1100) { // a narrow character: pad it to two columns
                    ascii |= ASCII_MARKS.indexOf(codePoint) >= 0;
                    text.append(' ');
                } else {
                    fullWidth |= FULL_WIDTH_MARKS.indexOf(codePoint) >= 0;
                }
            }
            text.append('\n');
        }
        return text.append("(background: ")
                .append(ascii && fullWidth ? "mixed ASCII and full-width" : fullWidth ? "full-width" : "ASCII")
                .append(')').toString();
    }
}

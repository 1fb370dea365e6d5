package org.katajudge.reference.xiangqi;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.reference.xiangqi.Boards.G;
import static org.katajudge.reference.xiangqi.Boards.emptyWith;
import static org.katajudge.reference.xiangqi.Boards.gWith;
import static org.katajudge.reference.xiangqi.Boards.swapBackground;

/** The seed's examples, RULES.md's derived vectors, reasons and invalid input. */
class XiangqiValidatorTest {

    static final String STARTING_BOARD = String.join("\n",
            "車馬象士將士象馬車",
            "   |X|   ",
            " 砲 +-+ 砲 ",
            "卒 卒 卒 卒 卒",
            "---------",
            "---------",
            "兵 兵 兵 兵 兵",
            " 炮 +-+ 炮 ",
            "   |X|   ",
            "俥傌相仕帥仕相傌俥");

    static final String GENERALS_FACING = String.join("\n",
            "   +將+   ",
            "   |X|   ",
            "   +-+   ",
            "         ",
            "---------",
            "---------",
            "         ",
            "   +帥+   ",
            "   |X|   ",
            "   +-+   ");

    /** K3 example 3: the statement's rows 3-6, embedded in G (generals in different columns). */
    static final String SOLDIER_FRAGMENT_LEGAL = String.join("\n",
            "   將-+   ",
            "   |X|   ",
            "   +-+   ",
            "         ",
            "----兵----",
            "--------兵",
            "兵        ",
            "   +-+   ",
            "   |X|   ",
            "   +帥+   ");

    /** K3 example 4: the statement's rows 4-6 (the last one padded with spaces), embedded in G. */
    static final String SOLDIER_FRAGMENT_ILLEGAL = String.join("\n",
            "   將-+   ",
            "   |X|   ",
            "   +-+   ",
            "         ",
            "----兵-兵-兵",
            "兵--------",
            "兵        ",
            "   +-+   ",
            "   |X|   ",
            "   +帥+   ");

    static Stream<Arguments> seedExamples() {
        return Stream.of(
                Arguments.of("starting board", STARTING_BOARD, true),
                Arguments.of("starting board, full-width", swapBackground(STARTING_BOARD), true),
                Arguments.of("generals facing", GENERALS_FACING, false),
                Arguments.of("generals facing, full-width", swapBackground(GENERALS_FACING), false),
                Arguments.of("soldier fragment, legal", SOLDIER_FRAGMENT_LEGAL, true),
                Arguments.of("soldier fragment, two in column 0", SOLDIER_FRAGMENT_ILLEGAL, false));
    }

    static Stream<Arguments> derivedVectors() {
        Object[] sixCrossed = {'兵', 1, 0, '兵', 1, 1, '兵', 1, 2, '兵', 2, 6, '兵', 2, 7, '兵', 2, 8};
        Object[] fiveCrossed = java.util.Arrays.copyOf(sixCrossed, 15);
        return Stream.of(
                Arguments.of("G", G, true),
                Arguments.of("G, full-width", swapBackground(G), true),
                Arguments.of("generals face in column 4", emptyWith('將', 0, 4, '帥', 9, 4), false),
                Arguments.of("generals in column 4, 兵 between", emptyWith('將', 0, 4, '帥', 9, 4, '兵', 5, 4), true),
                Arguments.of("generals face in column 4, full-width",
                        swapBackground(emptyWith('將', 0, 4, '帥', 9, 4)), false),
                Arguments.of("no 將", emptyWith('帥', 9, 4), false),
                Arguments.of("two 帥", gWith('帥', 8, 4), false),
                Arguments.of("帥 at (9,2)", emptyWith('將', 0, 3, '帥', 9, 2), false),
                Arguments.of("將 at (2,5)", emptyWith('將', 2, 5, '帥', 9, 4), true),
                Arguments.of("相 at (5,4)", gWith('相', 5, 4), false),
                Arguments.of("相 at (4,2), crossed the river", gWith('相', 4, 2), false),
                Arguments.of("象 at (4,6)", gWith('象', 4, 6), true),
                Arguments.of("仕 at (8,3)", gWith('仕', 8, 3), false),
                Arguments.of("士 at (1,4)", gWith('士', 1, 4), true),
                Arguments.of("three 俥", gWith('俥', 9, 0, '俥', 9, 8, '俥', 8, 0), false),
                Arguments.of("six 兵, all crossed", gWith(sixCrossed), false),
                Arguments.of("five 兵, all crossed", gWith(fiveCrossed), true),
                Arguments.of("兵 at (7,0), behind its start", gWith('兵', 7, 0), false),
                Arguments.of("兵 at (5,1), odd column before the river", gWith('兵', 5, 1), false),
                Arguments.of("兵 at (4,1), crossed", gWith('兵', 4, 1), true),
                Arguments.of("兵 at (0,4), last row", gWith('兵', 0, 4), true),
                Arguments.of("卒 at (2,0)", gWith('卒', 2, 0), false),
                Arguments.of("卒 at (3,2) and (4,2)", gWith('卒', 3, 2, '卒', 4, 2), false),
                Arguments.of("卒 at (9,0)", gWith('卒', 9, 0), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"seedExamples", "derivedVectors"})
    void examples(String name, String board, boolean legal) {
        assertEquals(legal, XiangqiValidator.chessValidator(board), () -> XiangqiValidator.explain(board).reason());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"seedExamples", "derivedVectors"})
    void aTrailingNewlineIsTolerated(String name, String board, boolean legal) {
        assertEquals(legal, XiangqiValidator.chessValidator(board + "\n"));
    }

    @Test
    void reasonsNameTheRulePieceAndSquare() {
        assertReason(gWith('兵', 1, 0, '兵', 1, 1, '兵', 1, 2, '兵', 2, 6, '兵', 2, 7, '兵', 2, 8),
                "red has 6 soldiers 兵 (at (1,0), (1,1), (1,2), (2,6), (2,7), (2,8)), at most 5 [soldier-count]");
        assertReason(gWith('相', 4, 2),
                "相 at (4,2) has crossed the river (elephants stay on their own side) [elephant-spots]");
        assertReason(gWith('相', 5, 4), "相 at (5,4) is not on one of its side's 7 elephant spots [elephant-spots]");
        assertReason(GENERALS_FACING, "將 at (0,4) and 帥 at (7,4) face each other with nothing between [flying-general]");
        assertReason(emptyWith('帥', 9, 4), "black has no 將, exactly one general each is required [one-general-each]");
        assertReason(gWith('帥', 8, 4),
                "red has 2 帥 (at (8,4), (9,4)), exactly one general each is required [one-general-each]");
        assertReason(emptyWith('將', 0, 3, '帥', 9, 2),
                "帥 at (9,2) is outside its palace (rows 7-9, columns 3-5) [general-in-palace]");
        assertReason(gWith('仕', 8, 3), "仕 at (8,3) is not on a corner or the centre of its palace [advisor-spots]");
        assertReason(gWith('俥', 9, 0, '俥', 9, 8, '俥', 8, 0),
                "red has 3 chariots 俥 (at (8,0), (9,0), (9,8)), at most 2 [piece-counts]");
        assertReason(gWith('兵', 7, 0), "兵 at (7,0) is behind its start row 6 (soldiers never move back)"
                + " [soldier-not-behind-start]");
        assertReason(gWith('卒', 4, 1), "卒 at (4,1) is on odd column 1 before crossing the river"
                + " (it cannot have moved sideways yet) [soldier-even-file-before-river]");
        assertReason(SOLDIER_FRAGMENT_ILLEGAL, "兵 at (5,0) and (6,0) share column 0 before crossing the river"
                + " (only one can have come from that start square) [soldier-one-per-file-before-river]");
        assertReason(G, "legal: one general each, every piece count and square allowed");
        assertReason(emptyWith('將', 0, 4, '帥', 9, 4, '卒', 5, 4), "legal: one general each, every piece count and"
                + " square allowed; the generals share column 4 but 卒 at (5,4) stands between them");
    }

    @Test
    void everyBrokenRuleIsNamedFirstBrokenFirst() {
        String board = emptyWith('將', 0, 4, '帥', 9, 4, '相', 4, 4);
        assertReason(board, "相 at (4,4) has crossed the river (elephants stay on their own side) [elephant-spots]");
        board = emptyWith('將', 0, 4, '帥', 9, 4, '兵', 7, 0, '兵', 6, 1, '兵', 5, 1);
        assertEquals("兵 at (7,0) is behind its start row 6 (soldiers never move back) [soldier-not-behind-start];"
                        + " also broken: soldier-even-file-before-river, soldier-one-per-file-before-river, flying-general",
                XiangqiValidator.explain(board).reason());
    }

    @Test
    void rulesAreReportedOnlyWhenTheyHaveSomethingToDecide() {
        assertEquals(List.of(check(XiangqiValidator.ONE_GENERAL_EACH, true), check(XiangqiValidator.GENERAL_IN_PALACE, true)),
                XiangqiValidator.explain(G).checks());
        assertEquals(List.of(check(XiangqiValidator.ONE_GENERAL_EACH, false)),
                XiangqiValidator.explain(Boards.EMPTY).checks());
        assertEquals(List.of(
                        check(XiangqiValidator.ONE_GENERAL_EACH, true),
                        check(XiangqiValidator.GENERAL_IN_PALACE, true),
                        check(XiangqiValidator.FLYING_GENERAL, false)),
                XiangqiValidator.explain(GENERALS_FACING).checks());
        // one uncrossed soldier: the even-file rule decides, the one-per-file rule needs two
        assertEquals(List.of(
                        check(XiangqiValidator.ONE_GENERAL_EACH, true),
                        check(XiangqiValidator.SOLDIER_COUNT, true),
                        check(XiangqiValidator.GENERAL_IN_PALACE, true),
                        check(XiangqiValidator.SOLDIER_NOT_BEHIND_START, true),
                        check(XiangqiValidator.SOLDIER_EVEN_FILE, true)),
                XiangqiValidator.explain(gWith('兵', 6, 0)).checks());
        assertTrue(XiangqiValidator.explain(gWith('兵', 6, 0, '兵', 5, 2)).checks()
                .contains(check(XiangqiValidator.SOLDIER_ONE_PER_FILE, true)));
        // the starting board: every rule but the flying general (a soldier stands between them)
        assertEquals(10, XiangqiValidator.explain(STARTING_BOARD).checks().size());
        assertTrue(XiangqiValidator.explain(STARTING_BOARD).checks().stream().allMatch(XiangqiValidator.Check::holds));
    }

    @Test
    void anyPieceOfEitherColourBlocksTheGenerals() {
        for (char piece : "俥傌炮相仕兵車馬砲象士卒".toCharArray()) {
            String board = emptyWith('將', 0, 4, '帥', 9, 4, piece, 4, 4);
            for (String drawn : List.of(board, swapBackground(board))) {
                boolean flyingHolds = XiangqiValidator.explain(drawn).checks()
                        .contains(check(XiangqiValidator.FLYING_GENERAL, true));
                assertTrue(flyingHolds, () -> piece + " at (4,4) blocks the generals");
            }
        }
    }

    @Test
    void invalidBoardsAreRejectedWithWhatIsWrong() {
        assertInvalid(null, "board is null");
        assertInvalid("", "board has 1 line, expected 10");
        assertInvalid(G.substring(0, G.lastIndexOf('\n')), "board has 9 lines, expected 10");
        assertInvalid(G + "\n\n", "board has 11 lines, expected 10");
        assertInvalid(G + "\n         ", "board has 11 lines, expected 10");
        assertInvalid(G.replace("---------\n---------", "---------\n--------"), "line 5 has 8 characters, expected 9");
        assertInvalid(G.replace("\n   |X|   \n   +-+   \n", "\n   |X|    \n   +-+   \n"),
                "line 1 has 10 characters, expected 9");
        assertInvalid(G.replace("\n", "\r\n"), "line 0 has 10 characters, expected 9 (it ends with '\\r'");
        assertInvalid(gWith('Q', 3, 5), "unknown character 'Q' (U+0051) at line 3, column 5");
        assertInvalid(gWith('Ｏ', 2, 4), "unknown character 'Ｏ' (U+FF2F) at line 2, column 4");
        assertInvalid(gWith('王', 9, 4), "unknown character '王' (U+738B) at line 9, column 4");
        assertInvalid(gWith('\t', 0, 0), "unknown character U+0009 at line 0, column 0");
        // a character outside the BMP is one character: the line length is right, the character is not
        String emoji = G.replaceFirst("   \n", "  \uD83D\uDE00\n");
        assertInvalid(emoji, "unknown character '\uD83D\uDE00' (U+1F600) at line 0, column 8");
    }

    @Test
    void theArgumentIsOnlyRead() {
        String board = STARTING_BOARD;
        String copy = new String(board.toCharArray());
        XiangqiValidator.chessValidator(board);
        assertEquals(copy, board);
    }

    private static XiangqiValidator.Check check(String rule, boolean holds) {
        return new XiangqiValidator.Check(rule, holds);
    }

    private static void assertReason(String board, String reason) {
        XiangqiValidator.Verdict verdict = XiangqiValidator.explain(board);
        assertEquals(reason, verdict.reason());
        assertEquals(verdict.legal(), reason.startsWith("legal"));
    }

    private static void assertInvalid(String board, String messageStart) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> XiangqiValidator.chessValidator(board));
        assertTrue(e.getMessage().startsWith(messageStart), e.getMessage());
        assertFalse(e.getMessage().isBlank());
    }
}

package org.katajudge.reference.xiangqi;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.choice.ChoiceSequence;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Explanation;
import org.katajudge.reference.Katas;
import org.katajudge.kata.RuleCheck;
import org.katajudge.reference.testing.EntryPointContract;
import org.katajudge.reference.xiangqi.XiangqiBoardGenerator.Kind;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.katajudge.reference.xiangqi.XiangqiValidator.*;

/** The kata service, its generator, and properties of the rule over generated boards. */
class XiangqiKataTest {

    private static final int DRAWS = 3000;

    private final EntryPoint chessValidator = new XiangqiKata().entryPoint("chessValidator");

    @Test
    void isRegistered() {
        assertTrue(Katas.byId("xiangqi-board-validator").isPresent());
        assertEquals("public static boolean chessValidator(String board)", chessValidator.signature());
    }

    @Test
    void generatorContract() {
        assertEquals(Boards.G, EntryPointContract.simplestInput(chessValidator)[0]);
        EntryPointContract.sameChoicesGiveSameInput(chessValidator, 500);
        EntryPointContract.coversEveryRuleBothWays(chessValidator, 1000);
        EntryPointContract.encoderInvertsTheGenerator(chessValidator, 2000);
    }

    /**
     * The kata's domain is every well-formed board in one background style, any background
     * character standing on any empty square: the generator reaches both styles, each of the ten
     * background characters off the decoration's places, each of the 14 pieces on every row,
     * boards of 0, 1, 2 pieces, a full 32 and more than 32 (illegal) pieces, legal and illegal.
     */
    @Test
    void generatorReachesEveryRegionOfTheDomain() {
        Set<String> seen = new TreeSet<>();
        String[] decoration = XiangqiBoardGenerator.ASCII_BACKGROUND;
        for (int seed = 0; seed < 20_000; seed++) {
            String board = (String) chessValidator.generate(ChoiceRecorder.random(seed))[0];
            String[] lines = board.split("\n");
            seen.add(Boards.isFullWidth(board) ? "full-width" : "ASCII");
            seen.add(XiangqiValidator.chessValidator(board) ? "legal" : "illegal");
            int pieces = XiangqiBoardGenerator.pieces(board);
            seen.add(pieces <= 2 ? "pieces " + pieces : pieces == 32 ? "pieces 32" : pieces > 32 ? "more than 32 pieces" : "");
            for (int row = 0; row < 10; row++) {
                for (int column = 0; column < 9; column++) {
                    char cell = lines[row].charAt(column);
                    char decorated = decoration[row].charAt(column);
                    if (Boards.isPiece(cell)) {
                        seen.add(cell + " on row " + row);
                    } else if (ASCII_MARKS_AND_FULL_WIDTH.indexOf(cell) % 5 != ASCII_MARKS_AND_FULL_WIDTH.indexOf(decorated)) {
                        seen.add("'" + cell + "' off the decoration");
                    }
                }
            }
        }
        List<String> missing = new ArrayList<>(List.of("ASCII", "full-width", "legal", "illegal", "pieces 0", "pieces 1",
                "pieces 2", "pieces 32", "more than 32 pieces"));
        for (char mark : ASCII_MARKS_AND_FULL_WIDTH.toCharArray()) {
            missing.add("'" + mark + "' off the decoration");
        }
        for (char piece : (Boards.RED + Boards.BLACK).toCharArray()) {
            for (int row = 0; row < 10; row++) {
                missing.add(piece + " on row " + row);
            }
        }
        missing.removeAll(seen);
        assertTrue(missing.isEmpty(), "never generated: " + missing);
    }

    private static final String ASCII_MARKS_AND_FULL_WIDTH = Boards.ASCII_MARKS + Boards.FULL_WIDTH_MARKS;

    @Test
    void theFreeKindPlacesAnyPiecesAndKeepsItsBackground() {
        // FREE, ASCII, decoration, 2 pieces: 兵 (the 7th piece) on square 0, 卒 (the 14th) on square 0 again: the next free, (0,1)
        String board = generate(ChoiceSequence.of(Kind.FREE.ordinal(), 0, 0, 2, 0, 6, 0, 13));
        assertEquals(Boards.emptyWith('兵', 0, 0, '卒', 0, 1), board);
        assertEquals(2, XiangqiBoardGenerator.pieces(board));
        assertEquals(board, generate(XiangqiBoardGenerator.encode(board)));
        // one mark everywhere: every empty square is 'X'
        String crosses = generate(ChoiceSequence.of(Kind.FREE.ordinal(), 0, 1, 3));
        assertEquals("XXXXXXXXX", crosses.split("\n")[5]);
        assertEquals(crosses, generate(XiangqiBoardGenerator.encode(crosses)));
    }

    /** Each kind, on both backgrounds, breaks exactly the rule it aims at, and nothing else. */
    @ParameterizedTest
    @EnumSource(value = Kind.class, mode = EnumSource.Mode.EXCLUDE, names = "FREE")
    void everyKindBreaksExactlyItsRule(Kind kind) {
        Set<Boolean> backgrounds = new TreeSet<>();
        for (int seed = 0; seed < 300; seed++) {
            String board = board(kind, seed);
            XiangqiValidator.Verdict verdict = XiangqiValidator.explain(board);
            List<String> broken = verdict.checks().stream().filter(c -> !c.holds()).map(Check::rule).toList();
            String expected = brokenRule(kind);
            assertEquals(expected == null ? List.of() : List.of(expected), broken,
                    () -> kind + ":\n" + chessValidator.render(board) + "\n" + verdict.reason());
            if (kind == Kind.GENERALS_FACING || kind == Kind.GENERALS_BLOCKED) {
                assertTrue(verdict.checks().stream().anyMatch(c -> c.rule().equals(FLYING_GENERAL)));
            }
            backgrounds.add(Boards.isFullWidth(board));
        }
        assertEquals(Set.of(false, true), backgrounds, "both background styles");
    }

    @Test
    void zeroChoicesAfterTheKindGiveTheSimplestBoardOfThatKind() {
        assertEquals(Boards.gWith('兵', 6, 0, '兵', 6, 2, '兵', 6, 4, '兵', 6, 6, '兵', 6, 8, '兵', 4, 0),
                generate(ChoiceSequence.of(Kind.TOO_MANY_SOLDIERS.ordinal())));
        assertEquals(Boards.gWith('相', 4, 6),
                generate(ChoiceSequence.of(Kind.ELEPHANT_ACROSS_RIVER.ordinal())));
        assertEquals(Boards.emptyWith('將', 0, 4, '帥', 9, 4),
                generate(ChoiceSequence.of(Kind.GENERALS_FACING.ordinal())));
        assertEquals(Boards.emptyWith('將', 0, 4, '帥', 9, 4, '俥', 1, 4),
                generate(ChoiceSequence.of(Kind.GENERALS_BLOCKED.ordinal())));
        assertEquals(Boards.swapBackground(Boards.G), generate(ChoiceSequence.of(0, 1)));
    }

    @Test
    void legalBoardsGrowWithTheFillerCount() {
        // kind LEGAL, ASCII, decorated, 帥 (9,4), 將 (0,3), then 30 fillers all drawn as 0: red pieces fill up in type order
        int[] choices = new int[6 + 30 * 3];
        choices[5] = XiangqiBoardGenerator.MAX_FILLERS;
        String board = generate(ChoiceSequence.of(choices));
        assertTrue(XiangqiValidator.chessValidator(board), board);
        assertEquals(Boards.with(Boards.EMPTY, '將', 0, 3, '帥', 9, 4,
                        '俥', 9, 0, '俥', 9, 8, '傌', 9, 1, '傌', 9, 7, '炮', 7, 1, '炮', 7, 7,
                        '相', 9, 2, '相', 9, 6, '仕', 9, 3, '仕', 9, 5,
                        '兵', 6, 0, '兵', 6, 2, '兵', 6, 4, '兵', 6, 6, '兵', 6, 8),
                board);
    }

    @Test
    void rendererShowsIndicesAndKeepsColumnsAligned() {
        assertEquals(String.join("\n",
                        "  0 1 2 3 4 5 6 7 8",
                        "0       將- +       ",
                        "1       | X |       ",
                        "2       + - +       ",
                        "3                   ",
                        "4 - - - - - - - - - ",
                        "5 - - - - - - - - - ",
                        "6                   ",
                        "7       + - +       ",
                        "8       | X |       ",
                        "9       + 帥+       ",
                        "(background: ASCII)"),
                chessValidator.render(Boards.G));
        assertTrue(chessValidator.render(Boards.swapBackground(Boards.G))
                .contains("\n4 －－－－－－－－－\n"));
        assertTrue(chessValidator.render(Boards.swapBackground(Boards.G)).endsWith("(background: full-width)"));
        assertTrue(chessValidator.render("bad").startsWith("  0 1 2 3 4 5 6 7 8\n0 b a d \n"));
    }

    @Test
    void theAnswerIsLegalIffNoReportedRuleBreaks() {
        forGeneratedBoards(board -> {
            Explanation explanation = chessValidator.explain(board);
            boolean noneBroken = explanation.checks().stream().allMatch(RuleCheck::holds);
            assertEquals(explanation.answer(), noneBroken, board);
            assertEquals(XiangqiValidator.chessValidator(board), explanation.answer());
        });
    }

    @Test
    void mirroringLeftAndRightKeepsTheAnswer() {
        forGeneratedBoards(board -> assertEquals(legal(board), legal(Boards.mirror(board)), board));
    }

    @Test
    void swappingAsciiAndFullWidthBackgroundKeepsTheAnswer() {
        forGeneratedBoards(board -> assertEquals(legal(board), legal(Boards.swapBackground(board)), board));
    }

    /**
     * Every rule is symmetric under the half turn with colours exchanged: palace, elephant spots,
     * advisor points and the soldiers' start, river and even columns all map onto the other
     * side's (column c goes to 8 - c, which keeps parity), and counts and the flying-general test
     * do not care about sides.
     */
    @Test
    void turningTheBoardAndSwappingColoursKeepsTheAnswer() {
        forGeneratedBoards(board -> {
            XiangqiValidator.Verdict verdict = XiangqiValidator.explain(board);
            XiangqiValidator.Verdict turned = XiangqiValidator.explain(Boards.rotateAndSwapColours(board));
            assertEquals(verdict.legal(), turned.legal(), board);
            assertEquals(verdict.checks(), turned.checks(), board);
        });
    }

    /**
     * Taking a chariot, horse or cannon off a legal board keeps it legal, unless it was the only
     * piece between two generals in one column: then they face each other. The same holds for
     * every piece but a general, since no other rule can be broken by removing a piece.
     */
    @Test
    void removingAPieceKeepsALegalBoardLegalUnlessItWasTheOnlyBlocker() {
        int[] removed = new int[2];
        forGeneratedBoards(board -> {
            if (!legal(board)) {
                return;
            }
            char[][] grid = Boards.grid(board);
            for (int row = 0; row < 10; row++) {
                for (int column = 0; column < 9; column++) {
                    char piece = grid[row][column];
                    if (!Boards.isPiece(piece) || piece == '帥' || piece == '將') {
                        continue;
                    }
                    String without = Boards.remove(board, row, column, Boards.isFullWidth(board) ? '　' : ' ');
                    boolean onlyBlocker = onlyBlockerBetweenGenerals(grid, row, column);
                    assertEquals(!onlyBlocker, legal(without), () -> board + "\nwithout\n" + without);
                    removed["俥傌炮車馬砲".indexOf(piece) >= 0 ? 0 : 1]++;
                }
            }
        });
        assertTrue(removed[0] > 1000 && removed[1] > 1000, "removed chariots/horses/cannons and other pieces");
    }

    private static boolean onlyBlockerBetweenGenerals(char[][] grid, int row, int column) {
        int red = -1;
        int black = -1;
        for (int r = 0; r < 10; r++) {
            red = grid[r][column] == '帥' ? r : red;
            black = grid[r][column] == '將' ? r : black;
        }
        if (red < 0 || black < 0 || row <= Math.min(red, black) || row >= Math.max(red, black)) {
            return false;
        }
        for (int r = Math.min(red, black) + 1; r < Math.max(red, black); r++) {
            if (r != row && Boards.isPiece(grid[r][column])) {
                return false;
            }
        }
        return true;
    }

    @Test
    void generatedBoardsAreWellFormed() {
        forGeneratedBoards(board -> {
            String[] lines = board.split("\n", -1);
            assertEquals(10, lines.length);
            for (String line : lines) {
                assertEquals(9, line.length(), board);
            }
            assertFalse(Boards.isFullWidth(board) && board.matches("(?s).*[ \\-|X+].*"), "one background style");
        });
    }

    // ---- helpers ------------------------------------------------------------------------------

    private interface BoardCheck {
        void check(String board);
    }

    /** {@link #DRAWS} boards, spread evenly over the kinds. */
    private void forGeneratedBoards(BoardCheck check) {
        List<String> boards = new ArrayList<>();
        for (int seed = 0; seed < DRAWS; seed++) {
            boards.add(board(Kind.values()[seed % Kind.values().length], seed));
        }
        boards.forEach(check::check);
    }

    private static String board(Kind kind, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return (String) XiangqiBoardGenerator.generate(
                new ChoiceRecorder((index, bound) -> index == 0 ? kind.ordinal() : random.nextInt(bound)))[0];
    }

    private static String generate(ChoiceSequence choices) {
        return (String) XiangqiBoardGenerator.generate(choices.replay())[0];
    }

    private static boolean legal(String board) {
        return XiangqiValidator.chessValidator(board);
    }

    private static String brokenRule(Kind kind) {
        return switch (kind) {
            case LEGAL, GENERALS_BLOCKED -> null;
            case TOO_MANY_SOLDIERS -> SOLDIER_COUNT;
            case TOO_MANY_OF_A_KIND -> PIECE_COUNTS;
            case ELEPHANT_ACROSS_RIVER, ELEPHANT_OFF_SPOTS -> ELEPHANT_SPOTS;
            case ADVISOR_OFF_POINTS -> ADVISOR_SPOTS;
            case GENERAL_OUTSIDE_PALACE -> GENERAL_IN_PALACE;
            case GENERAL_MISSING, GENERAL_DOUBLED -> ONE_GENERAL_EACH;
            case GENERALS_FACING -> FLYING_GENERAL;
            case SOLDIERS_SHARE_FILE -> SOLDIER_ONE_PER_FILE;
            case SOLDIER_ODD_FILE -> SOLDIER_EVEN_FILE;
            case SOLDIER_BEHIND_START -> SOLDIER_NOT_BEHIND_START;
            case FREE -> throw new IllegalArgumentException("a free board breaks any number of rules");
        };
    }
}

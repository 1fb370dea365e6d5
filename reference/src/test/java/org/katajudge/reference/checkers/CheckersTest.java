package org.katajudge.reference.checkers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.katajudge.reference.checkers.Checkers.Side;
import org.katajudge.reference.checkers.CheckersBoards.Kind;
import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.kata.EntryPoint;
import org.katajudge.reference.testing.EntryPointContract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CheckersTest {

    private static final CheckersKata KATA = new CheckersKata();
    /** Random boards per property; a few thousand keep the class well under two seconds. */
    private static final int BOARDS = 5_000;

    /** A board with the given pieces, e.g. {@code board("w70", "b61")} (letter, row, column). */
    private static String board(String... pieces) {
        char[] cells = CheckersBoards.EMPTY_BOARD.toCharArray();
        for (String piece : pieces) {
            cells[(piece.charAt(1) - '0') * 8 + (piece.charAt(2) - '0')] = piece.charAt(0);
        }
        return new String(cells);
    }

    private static List<String> randomBoards() {
        List<String> boards = new ArrayList<>();
        for (int seed = 0; seed < BOARDS; seed++) {
            boards.add(CheckersBoards.generate(ChoiceRecorder.random(seed)));
        }
        return boards;
    }

    // ----- the seed's tests and RULES.md's derived vectors -----

    /** The 13 tests of the post: name, board, white's count (and blue's on the inverted board). */
    static Stream<Arguments> seedTests() {
        return Stream.of(
                Arguments.of("must have piece to move", 0, ".b.b.b.b" + "b.b.b.b." + ".b.b.b.b" + " . . . ."
                        + ". . . . " + " . . . ." + ". . . . " + " . . . ."),
                Arguments.of("one move", 1, board("w70")),
                Arguments.of("one king move", 1, board("W70")),
                Arguments.of("two moves", 2, board("w72")),
                Arguments.of("king can move back from end", 2, board("W05")),
                Arguments.of("can jump opponent pawn", 1, board("w70", "b61")),
                Arguments.of("can't jump blocked opponent", 0, board("w70", "b61", "b52")),
                Arguments.of("can jump opponent king", 1, board("w70", "B61")),
                Arguments.of("king can jump trailing opponent", 1, board("W07", "b16")),
                Arguments.of("king can't jump protected opponent", 0, board("W07", "b16", "b25")),
                Arguments.of("king can't jump onto own piece", 1, board("W07", "b16", "w25")),
                Arguments.of("king has four moves", 4, board("W34")),
                Arguments.of("cannot displace opponent on king row", 0, board("b05", "b07", "w16")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seedTests")
    void seedTestsHoldForBothColours(String name, int moves, String board) {
        assertEquals(moves, Checkers.whiteMoves(board), "white: " + name);
        assertEquals(moves, Checkers.blueMoves(CheckersBoards.invert(board)), "blue: " + name);
    }

    @Test
    void seedBoardsAsPrinted() {
        String oneMove = """
                . . . . \s
                 . . . .
                . . . . \s
                 . . . .
                . . . . \s
                 . . . .
                . . . . \s
                w. . . .""".replace("\n", "").replace(" \s", " ");
        assertEquals(board("w70"), oneMove);
        String ontoOwnPiece = """
                . . . .W
                 . . .b.
                . . .w. \s
                 . . . .
                . . . . \s
                 . . . .
                . . . . \s
                 . . . .""".replace("\n", "").replace(" \s", " ");
        assertEquals(board("W07", "b16", "w25"), ontoOwnPiece);
        assertEquals(1, Checkers.whiteMoves(ontoOwnPiece));
    }

    /** RULES.md K4 "Derived vectors": board, white, blue, gameOver. */
    static Stream<Arguments> derivedVectors() {
        return Stream.of(
                Arguments.of(CheckersBoards.START_BOARD, 7, 7, false),
                Arguments.of(CheckersBoards.EMPTY_BOARD, 0, 0, true),
                Arguments.of(board("w70", "b61", "b43"), 1, 3, false),
                Arguments.of(board("w52", "b41"), 2, 2, false),
                Arguments.of(board("w70", "w72"), 3, 0, true),
                Arguments.of(board("W70", "w61"), 2, 0, true),
                Arguments.of(board("w01"), 0, 0, true),
                Arguments.of(board("W23", "b34"), 4, 2, false),
                Arguments.of(board("w23", "b34"), 2, 2, false));
    }

    @ParameterizedTest
    @MethodSource("derivedVectors")
    void derivedVectorsOfRules(String board, int white, int blue, boolean over) {
        assertEquals(white, Checkers.whiteMoves(board));
        assertEquals(blue, Checkers.blueMoves(board));
        assertEquals(over, Checkers.gameOver(board));
    }

    @Test
    void examplesFileAgreesWithTheRule() throws IOException {
        JsonNode examples = new ObjectMapper().readTree(Files.readString(examplesFile())).get("examples");
        Set<String> names = new HashSet<>();
        for (JsonNode example : examples) {
            String name = example.get("name").asText();
            String board = example.get("args").get(0).asText();
            JsonNode expected = example.get("expected");
            switch (example.get("method").asText()) {
                case "whiteMoves" -> assertEquals(expected.intValue(), Checkers.whiteMoves(board), name);
                case "blueMoves" -> assertEquals(expected.intValue(), Checkers.blueMoves(board), name);
                case "gameOver" -> assertEquals(expected.booleanValue(), Checkers.gameOver(board), name);
                default -> throw new AssertionError(name + ": unknown method");
            }
            names.add(name);
        }
        seedTests().forEach(test -> {
            String name = (String) test.get()[0];
            assertTrue(names.contains("white: " + name), "white: " + name);
            assertTrue(names.contains("blue: " + name), "blue: " + name);
            assertTrue(names.contains("gameOver: " + name), "gameOver: " + name);
        });
        assertEquals(13 * 3 + 9 * 3, examples.size(), "seed tests (white, blue, gameOver) and the derived rows");
    }

    private static Path examplesFile() {
        Path here = Path.of("katas/checkers-game-over/examples.json");
        return Files.exists(here) ? here : Path.of("..").resolve(here);
    }

    // ----- properties -----

    @Test
    void invertingTheBoardSwapsTheCounts() {
        for (String board : randomBoards()) {
            String inverted = CheckersBoards.invert(board);
            assertEquals(Checkers.whiteMoves(board), Checkers.blueMoves(inverted), board);
            assertEquals(Checkers.blueMoves(board), Checkers.whiteMoves(inverted), board);
            assertEquals(board, CheckersBoards.invert(inverted));
        }
    }

    @Test
    void gameIsOverExactlyWhenASideHasNoMove() {
        for (String board : randomBoards()) {
            boolean expected = Checkers.whiteMoves(board) == 0 || Checkers.blueMoves(board) == 0;
            assertEquals(expected, Checkers.gameOver(board), board);
        }
    }

    @Test
    void crowningAManNeverLowersItsSidesCountNorChangesTheOthers() {
        for (String board : randomBoards()) {
            int square = board.indexOf('w');
            if (square < 0) {
                continue;
            }
            String crowned = board.substring(0, square) + 'W' + board.substring(square + 1);
            assertTrue(Checkers.whiteMoves(crowned) >= Checkers.whiteMoves(board), board);
            assertEquals(Checkers.blueMoves(board), Checkers.blueMoves(crowned), board);
        }
    }

    @Test
    void aManHasAtMostTwoMovesAndAKingFour() {
        for (String board : randomBoards()) {
            for (Side side : Side.values()) {
                int men = 0;
                int kings = 0;
                for (char cell : board.toCharArray()) {
                    men += cell == side.man() ? 1 : 0;
                    kings += cell == side.king() ? 1 : 0;
                }
                int moves = Checkers.explainMoves(board, side).moves();
                assertTrue(moves <= 2 * men + 4 * kings, board);
                assertTrue(men + kings > 0 || moves == 0, board);
            }
        }
    }

    @Test
    void explanationListsExactlyTheCountedMovesAndAgreesWithTheFastPath() {
        for (String board : randomBoards()) {
            Checkers.Count white = Checkers.explainMoves(board, Side.WHITE);
            Checkers.Count blue = Checkers.explainMoves(board, Side.BLUE);
            assertEquals(Checkers.whiteMoves(board), white.moves());
            assertEquals(Checkers.blueMoves(board), blue.moves());
            assertEquals(white.moves(), white.list().size());
            assertEquals(blue.moves(), blue.list().size());
            assertEquals(Checkers.gameOver(board), Checkers.explainGameOver(board).over());
            Set<String> distinct = new HashSet<>();
            for (Checkers.Move move : white.list()) {
                assertTrue(distinct.add(move.toString()), "each move once: " + move);
                assertTrue(Side.WHITE.owns(move.piece()));
                assertEquals(' ', board.charAt(move.toRow() * 8 + move.toCol()), "lands on an empty square");
            }
        }
    }

    // ----- reasons -----

    @Test
    void reasonsNameTheMoves() {
        assertEquals("2 moves for white: w (7,2)→(6,1), w (7,2)→(6,3)",
                Checkers.explainMoves(board("w72"), Side.WHITE).reason());
        assertEquals("1 move for white: w (7,0)→(5,2) over b (6,1)",
                Checkers.explainMoves(board("w70", "b61"), Side.WHITE).reason());
        assertEquals("7 moves for blue: b (2,1)→(3,0), b (2,1)→(3,2), b (2,3)→(3,2), b (2,3)→(3,4),"
                        + " b (2,5)→(3,4), b (2,5)→(3,6) and 1 more",
                Checkers.explainMoves(CheckersBoards.START_BOARD, Side.BLUE).reason());
        assertEquals("0 moves for blue: blue has no pieces", Checkers.explainMoves(board("w72"), Side.BLUE).reason());
        assertEquals("0 moves for white: white's only piece, w (7,0), can neither step nor jump (men move up only)",
                Checkers.explainMoves(board("w70", "b61", "b52"), Side.WHITE).reason());
        assertEquals("0 moves for blue: none of blue's 2 pieces (b (7,2), b (7,4)) can step or jump"
                        + " (men move down only)", Checkers.explainMoves(board("b72", "b74", "W70"), Side.BLUE).reason());
    }

    @Test
    void gameOverReasonSaysWhichSideIsStuck() {
        assertEquals("not over: white has 7 moves and blue has 7 moves",
                Checkers.explainGameOver(CheckersBoards.START_BOARD).reason());
        assertEquals("game over: blue has no moves (blue has no pieces) while white has 1 move, so blue loses",
                Checkers.explainGameOver(board("w70")).reason());
        assertEquals("game over: neither side has a move (white has no pieces; blue has no pieces), a tie",
                Checkers.explainGameOver(CheckersBoards.EMPTY_BOARD).reason());
    }

    @Test
    void checksReportTheRulesThatDecided() {
        // The seed's "king can't jump onto own piece": the man at (2,5) cannot jump (1,6) because
        // its own king holds (0,7), and it may not step back to (3,4) or (3,6).
        List<Checkers.Check> checks = Checkers.explainMoves(board("W07", "b16", "w25"), Side.WHITE).checks();
        assertTrue(checks.contains(new Checkers.Check(Checkers.JUMP_NEEDS_EMPTY_LANDING, false)), checks.toString());
        assertTrue(checks.contains(new Checkers.Check(Checkers.BACKWARD_NEEDS_KING, false)), checks.toString());
        List<Checkers.Check> offBoard = Checkers.explainMoves(board("b05", "b07", "w16"), Side.WHITE).checks();
        assertTrue(offBoard.contains(new Checkers.Check(Checkers.JUMP_STAYS_ON_BOARD, false)), offBoard.toString());
        assertFalse(offBoard.contains(new Checkers.Check(Checkers.JUMP_STAYS_ON_BOARD, true)), offBoard.toString());
    }

    // ----- invalid input -----

    static Stream<Arguments> invalidBoards() {
        String empty = CheckersBoards.EMPTY_BOARD;
        return Stream.of(
                Arguments.of(null, "board is null"),
                Arguments.of(empty.substring(1), "board has 63 characters, expected 64"),
                Arguments.of(empty + " ", "board has 65 characters, expected 64"),
                Arguments.of("", "board has 0 characters"),
                Arguments.of(empty.substring(0, 63) + "x", "unknown character 'x' at (7,7)"),
                Arguments.of("w" + empty.substring(1), "'w' at (0,0) (index 0) is on a light square"),
                Arguments.of(" " + empty.substring(1), "' ' at (0,0) (index 0) is on a light square"),
                Arguments.of(empty.substring(0, 1) + "." + empty.substring(2), "'.' at (0,1) (index 1) marks a light square"),
                Arguments.of(empty.substring(0, 9) + "\n" + empty.substring(10), "unknown character '\\u000a' at (1,1)"));
    }

    @ParameterizedTest
    @MethodSource("invalidBoards")
    void invalidBoardsAreRejectedNamingThePosition(String board, String message) {
        for (Side side : Side.values()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Checkers.explainMoves(board, side));
            assertTrue(e.getMessage().contains(message), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Checkers.whiteMoves(board));
        assertThrows(IllegalArgumentException.class, () -> Checkers.blueMoves(board));
        assertThrows(IllegalArgumentException.class, () -> Checkers.gameOver(board));
    }

    // ----- generator and renderer -----

    @Test
    void renderDrawsRowsWithIndicesAndDirections() {
        assertEquals("""
                    0 1 2 3 4 5 6 7
                  0 . _ . _ . _ . _   blue (b, B) moves down
                  1 _ . _ . _ . _ .
                  2 . _ . _ . _ . _
                  3 _ . _ . _ . _ .
                  4 . _ . _ . _ . _
                  5 _ . _ . _ . _ .
                  6 . b . _ . _ . _
                  7 w . _ . _ . _ .   white (w, W) moves up
                '.' light square, '_' empty dark square, b/w man, B/W king""",
                CheckersBoards.render(board("w70", "b61")));
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void everyKindGivesValidBoards(Kind kind) {
        for (int seed = 0; seed < 500; seed++) {
            String board = CheckersBoards.generate(kind, ChoiceRecorder.random(seed));
            Checkers.Count white = Checkers.explainMoves(board, Side.WHITE);
            Checkers.Count blue = Checkers.explainMoves(board, Side.BLUE);
            switch (kind) {
                case JUMP_AVAILABLE -> assertTrue(Stream.concat(white.list().stream(), blue.list().stream())
                        .anyMatch(Checkers.Move::isJump), board);
                case ONE_SIDE_BLOCKED -> assertTrue(
                        white.moves() == 0 && board.chars().anyMatch(c -> c == 'w' || c == 'W')
                                || blue.moves() == 0 && board.chars().anyMatch(c -> c == 'b' || c == 'B'),
                        "a side with pieces but no move: " + board);
                case ONE_SIDE_ONLY -> assertTrue(board.chars().noneMatch(c -> "wW".indexOf(c) >= 0)
                        || board.chars().noneMatch(c -> "bB".indexOf(c) >= 0), board);
                default -> { }
            }
        }
    }

    @Test
    void generatorContract() {
        for (EntryPoint entryPoint : KATA.entryPoints()) {
            assertEquals(CheckersBoards.EMPTY_BOARD, EntryPointContract.simplestInput(entryPoint)[0]);
            EntryPointContract.sameChoicesGiveSameInput(entryPoint, 300);
            EntryPointContract.coversEveryRuleBothWays(entryPoint, 300);
            EntryPointContract.encoderInvertsTheGenerator(entryPoint, 2_000);
        }
    }

    /**
     * The kata's domain is every valid board ("any number of pieces of either colour"): the
     * generator reaches every piece count from 0 to 32, every piece on every row (men on the far
     * row, kings on their own home row), the start position, and one colour with more than 12.
     */
    @Test
    void generatorReachesEveryRegionOfTheDomain() {
        Set<String> seen = new HashSet<>();
        for (int seed = 0; seed < 40_000; seed++) {
            String board = CheckersBoards.generate(ChoiceRecorder.random(seed));
            int pieces = CheckersBoards.pieces(board);
            seen.add("pieces " + pieces);
            long white = board.chars().filter(c -> c == 'w' || c == 'W').count();
            long blue = board.chars().filter(c -> c == 'b' || c == 'B').count();
            if (white > 12 || blue > 12) {
                seen.add("more than 12 of one colour");
            }
            if (board.equals(CheckersBoards.START_BOARD)) {
                seen.add("start");
            }
            for (int i = 0; i < 64; i++) {
                if (board.charAt(i) != ' ' && board.charAt(i) != '.') {
                    seen.add(board.charAt(i) + " on row " + i / 8);
                }
            }
        }
        List<String> missing = new ArrayList<>();
        for (int pieces = 0; pieces <= 32; pieces++) {
            missing.add("pieces " + pieces);
        }
        for (char piece : "wbWB".toCharArray()) {
            for (int row = 0; row < 8; row++) {
                missing.add(piece + " on row " + row);
            }
        }
        missing.addAll(List.of("more than 12 of one colour", "start"));
        missing.removeAll(seen);
        assertTrue(missing.isEmpty(), "never generated: " + missing);
    }

    @Test
    void theGeneralKindDrawsExactlyTheCountedPieces() {
        // PIECES, 3 pieces: square 0 a white man, square 0 again (taken: the next free, 1) a blue king, square 31 a blue man
        String board = CheckersBoards.generate(org.katajudge.choice.ChoiceSequence.of(
                Kind.PIECES.ordinal(), 3, 0, 0, 0, 3, 31, 1).replay());
        assertEquals(board("w01", "B03", "b76"), board);
        assertEquals(3, CheckersBoards.pieces(board));
        assertEquals(24, CheckersBoards.pieces(CheckersBoards.START_BOARD));
        assertEquals(board, CheckersBoards.generate(CheckersBoards.encode(board).replay()));
    }

    @Test
    void kataNamesItsClassAndEntryPoints() {
        assertEquals("checkers-game-over", KATA.id());
        assertEquals("Checkers", KATA.className());
        assertEquals(List.of("public static int whiteMoves(String board)", "public static int blueMoves(String board)",
                        "public static boolean gameOver(String board)"),
                KATA.entryPoints().stream().map(EntryPoint::signature).toList());
    }
}

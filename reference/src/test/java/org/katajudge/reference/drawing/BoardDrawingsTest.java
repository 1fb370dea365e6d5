package org.katajudge.reference.drawing;

import org.junit.jupiter.api.Test;
import org.katajudge.choice.ChoiceRecorder;
import org.katajudge.kata.EntryPoint;
import org.katajudge.kata.Kata;
import org.katajudge.reference.Katas;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every kata draws its inputs as SVG that can sit inline in an offline HTML page: well-formed,
 * one {@code <svg>} root, no ids, scripts or external references; and each picture shows what a
 * player looks for.
 */
class BoardDrawingsTest {

    @Test
    void everyEntryPointDrawsGeneratedInputsAsSelfContainedSvg() throws Exception {
        for (Kata kata : Katas.all()) {
            for (EntryPoint entryPoint : kata.entryPoints()) {
                assertTrue(entryPoint.hasSvg(), kata.id() + "." + entryPoint.method() + " has a drawing");
                for (int seed = 0; seed < 200; seed++) {
                    Object[] args = entryPoint.generate(ChoiceRecorder.random(seed));
                    String svg = entryPoint.svg(args);
                    String where = kata.id() + "." + entryPoint.method() + " seed " + seed + ":\n" + entryPoint.render(args);
                    assertNotNull(svg, where);
                    Element root = parse(svg).getDocumentElement();
                    assertEquals("svg", root.getTagName(), where);
                    assertEquals("http://www.w3.org/2000/svg", root.getAttribute("xmlns"), where);
                    assertFalse(svg.contains(" id="), "no ids: many drawings share a page; " + where);
                    assertFalse(svg.contains("<script") || svg.contains("href") || svg.contains("url("),
                            "nothing to run or fetch; " + where);
                    assertFalse(root.getAttribute("aria-label").isBlank(), where);
                }
            }
        }
    }

    @Test
    void xiangqiShowsPalacesPiecesAndFacingGenerals() throws Exception {
        EntryPoint validator = Katas.byId("xiangqi-board-validator").orElseThrow().entryPoint("chessValidator");
        String board = String.join("\n",
                "   +將+   ", "   |X|   ", "   +-+   ", "         ", "---------",
                "---------", "         ", "   +-+   ", "   |X|   ", "   +帥+   ");
        Document svg = parse(validator.svg(board));
        assertEquals(4, groupChildren(svg, "palace", "line"), "two diagonals in each palace");
        assertEquals(2, groupChildren(svg, "pieces", "circle"), "the two generals");
        assertTrue(texts(svg).containsAll(List.of("將", "帥", "river")), texts(svg)::toString);
        assertEquals(1, groupChildren(svg, "facing-generals", "line"), "the generals face each other");

        String blocked = board.replace("   |X|   \n   +帥+", "   |兵|   \n   +帥+");
        assertEquals(0, groupChildren(parse(validator.svg(blocked)), "facing-generals", "line"), "a soldier between");
        assertNull(validator.svg("too short"), "a malformed board falls back to the text drawing");
    }

    @Test
    void checkersDrawsMenAndKings() throws Exception {
        EntryPoint gameOver = Katas.byId("checkers-game-over").orElseThrow().entryPoint("gameOver");
        StringBuilder board = new StringBuilder();
        for (int i = 0; i < 64; i++) {
            board.append((i / 8 + i % 8) % 2 == 0 ? '.' : ' ');
        }
        board.setCharAt(1, 'b');
        board.setCharAt(3, 'B');
        board.setCharAt(62, 'w');
        Document svg = parse(gameOver.svg(board.toString()));
        assertEquals(64, groupChildren(svg, "squares", "rect"));
        assertEquals(4, groupChildren(svg, "pieces", "circle"), "three pieces, the king with a ring");
        assertNull(gameOver.svg("short"));
    }

    @Test
    void safeSpacesDrawsTheMatrixAndItsAttacks() throws Exception {
        EntryPoint isSafe = Katas.byId("checkers-safe-spaces").orElseThrow().entryPoint("isSafe");
        Document svg = parse(isSafe.svg((Object) new int[][] {{0, 3, 0}, {1, 0, 1}}));
        assertEquals(6, groupChildren(svg, "squares", "rect"));
        assertEquals(3, groupChildren(svg, "pieces", "circle"));
        assertEquals(2, groupChildren(svg, "attacks", "line"), "red at (0,1) attacks both blacks");
        assertNotNull(isSafe.svg((Object) new int[0][]), "an empty board is drawn too");
        assertNull(isSafe.svg((Object) new int[][] {{0, 1}, {1}}), "a ragged board is not");
    }

    @Test
    void chessBoardsMarkTheSquaresAndTheKnightsPath() throws Exception {
        EntryPoint isLight = Katas.byId("chess-square-color").orElseThrow().entryPoint("isLight");
        Document square = parse(isLight.svg("d5"));
        assertEquals(64, groupChildren(square, "squares", "rect"));
        assertTrue(texts(square).contains("d5"));
        assertNull(isLight.svg("z9"));

        EntryPoint minMoves = Katas.byId("knight-moves").orElseThrow().entryPoint("minMoves");
        Document path = parse(minMoves.svg("a1", "b2"));
        assertEquals(4, groupChildren(path, "path", "line"), "a1 to b2 is the 4-move corner detour");
        assertTrue(texts(path).containsAll(List.of("S", "E")));
    }

    @Test
    void threeManChessDrawsTheRoundBoardWithStartAndEnd() throws Exception {
        EntryPoint addVec = Katas.byId("three-man-chess-vectors").orElseThrow().entryPoint("addVec");
        Document svg = parse(addVec.svg(new int[] {6, 1}, new int[] {1, 0}));
        assertEquals(6 * 24, groupChildren(svg, "squares", "path"), "6 rings of 24 files");
        assertEquals(1, groupChildren(svg, "mark start", "path"));
        assertEquals(1, groupChildren(svg, "mark end", "path"), "through the centre to (6,13)");
        Document off = parse(addVec.svg(new int[] {1, 1}, new int[] {-1, 0}));
        assertEquals(0, groupChildren(off, "mark end", "path"), "off the board: no end square");
        assertTrue(texts(off).stream().anyMatch(t -> t.contains("null")));
        assertNull(addVec.svg(new int[] {0, 1}, new int[] {1, 0}), "rank 0 is no square");
    }

    @Test
    void textIsEscaped() {
        String svg = new Svg(10, 10, "<script>&\"", "k").text(1, 1, 1, "#000", "</svg><script>").build();
        assertFalse(svg.contains("<script>"), svg);
        assertTrue(svg.contains("&lt;/svg&gt;&lt;script&gt;"), svg);
    }

    private static Document parse(String svg) throws Exception {
        assertNotNull(svg);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
    }

    /** How many {@code tag} elements the groups with class {@code cssClass} hold. */
    private static int groupChildren(Document svg, String cssClass, String tag) {
        int count = 0;
        NodeList groups = svg.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element group = (Element) groups.item(i);
            if (group.getAttribute("class").equals(cssClass)) {
                count += group.getElementsByTagName(tag).getLength();
            }
        }
        return count;
    }

    private static List<String> texts(Document svg) {
        List<String> texts = new ArrayList<>();
        NodeList nodes = svg.getElementsByTagName("text");
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent());
        }
        return texts;
    }
}

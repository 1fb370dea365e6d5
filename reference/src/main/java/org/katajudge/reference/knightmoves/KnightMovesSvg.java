package org.katajudge.reference.knightmoves;

import org.katajudge.reference.drawing.ChessBoard;
import org.katajudge.reference.drawing.Svg;

import java.util.List;

/**
 * The {@code knight-moves} input drawn: the chess board with the start square (S, green), the
 * end square (E, blue) and one shortest knight path between them, as the reference finds it.
 */
final class KnightMovesSvg {

    private KnightMovesSvg() {
    }

    /** Null when either argument names no square. */
    static String draw(String start, String end) {
        if (!ChessBoard.isSquare(start) || !ChessBoard.isSquare(end)) {
            return null;
        }
        List<String> path = KnightMoves.explain(start, end).path();
        Svg svg = ChessBoard.board("chess board, knight from " + start + " to " + end + ": "
                + String.join(" → ", path), "knight-moves");
        svg.group("path");
        for (int i = 1; i < path.size(); i++) {
            double[] from = ChessBoard.centre(path.get(i - 1));
            double[] to = ChessBoard.centre(path.get(i));
            svg.line(from[0], from[1], to[0], to[1], Svg.WARN, 3);
        }
        for (int i = 1; i < path.size() - 1; i++) {
            double[] stop = ChessBoard.centre(path.get(i));
            svg.circle(stop[0], stop[1], 5, Svg.WARN, null, 0);
        }
        svg.endGroup();
        mark(svg, end, "E", Svg.END, "mark end");
        mark(svg, start, "S", Svg.START, "mark start");
        return svg.build();
    }

    private static void mark(Svg svg, String square, String letter, String colour, String cssClass) {
        double[] centre = ChessBoard.centre(square);
        svg.group(cssClass);
        ChessBoard.outline(svg, square, colour);
        svg.circle(centre[0], centre[1], 11, colour, "#ffffff", 1.5);
        svg.text(centre[0], centre[1], 13, "#ffffff", letter);
        svg.endGroup();
    }
}

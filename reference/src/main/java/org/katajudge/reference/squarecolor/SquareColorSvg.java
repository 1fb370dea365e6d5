package org.katajudge.reference.squarecolor;

import org.katajudge.reference.drawing.ChessBoard;
import org.katajudge.reference.drawing.Svg;

/** The {@code chess-square-color} input drawn: the chess board with the asked square marked. */
final class SquareColorSvg {

    private SquareColorSvg() {
    }

    /** Null for a string that names no square. */
    static String draw(String coordinate) {
        if (!ChessBoard.isSquare(coordinate)) {
            return null;
        }
        Svg svg = ChessBoard.board("chess board, square " + coordinate, "chess-square-color");
        double[] centre = ChessBoard.centre(coordinate);
        svg.group("mark start");
        ChessBoard.outline(svg, coordinate, Svg.START);
        svg.text(centre[0], centre[1], 13, Svg.START, coordinate);
        svg.endGroup();
        return svg.build();
    }
}

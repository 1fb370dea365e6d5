package org.katajudge.reference.threemanchess;

import org.katajudge.reference.drawing.Svg;

import java.util.Locale;

/**
 * The {@code three-man-chess-vectors} input drawn on the round board: 6 rings (rank 1 outermost,
 * rank 6 around the empty centre) of 24 files, file 1 at the top and files counting clockwise;
 * the start square is marked S (green) and the reference's destination E (blue), or the picture
 * says the move leaves the board.
 */
final class ThreeManChessSvg {

    private static final int RANKS = 6;
    private static final int FILES = 24;
    private static final double HOLE = 44;
    private static final double RING = 24;
    private static final double OUTER = HOLE + RANKS * RING;
    private static final double PAD = 24;
    private static final double CENTRE = OUTER + PAD;
    private static final double SIDE = 2 * CENTRE;

    private ThreeManChessSvg() {
    }

    /** Null when {@code from} is no square or {@code vec} is malformed. */
    static String draw(int[] from, int[] vec) {
        if (from == null || from.length != 2 || vec == null || vec.length != 2
                || from[0] < 1 || from[0] > RANKS || from[1] < 1 || from[1] > FILES) {
            return null;
        }
        int[] to = ThreeManChess.addVec(from, vec);
        String label = "three-man chess board: from (rank " + from[0] + ", file " + from[1] + ") by vector ("
                + vec[0] + "," + vec[1] + ") " + (to == null ? "leaves the board (null)"
                : "to (rank " + to[0] + ", file " + to[1] + ")");
        Svg svg = new Svg(SIDE, SIDE + 22, label, "three-man-chess");
        svg.group("squares");
        for (int rank = 1; rank <= RANKS; rank++) {
            for (int file = 1; file <= FILES; file++) {
                svg.path(sector(rank, file), (rank + file) % 2 == 0 ? Svg.LIGHT : Svg.DARK, Svg.LINE, 0.5);
            }
        }
        svg.endGroup();
        for (int file = 1; file <= FILES; file++) {
            double[] at = polar(OUTER + PAD / 2, middle(file));
            svg.text(at[0], at[1], 10, Svg.LINE, String.valueOf(file));
        }
        for (int rank = 1; rank <= RANKS; rank++) {
            double[] at = polar(radius(rank) + RING / 2, 0); // on the boundary between files 24 and 1
            svg.text(at[0], at[1], 9, "#ffffff", String.valueOf(rank));
        }
        svg.text(CENTRE, CENTRE, 10, Svg.LINE, "centre");
        double[] start = centre(from[0], from[1]);
        if (to != null) {
            double[] end = centre(to[0], to[1]);
            svg.group("path");
            svg.line(start[0], start[1], end[0], end[1], Svg.WARN, 2.5);
            svg.endGroup();
            mark(svg, to, "E", Svg.END, "mark end");
        }
        mark(svg, from, "S", Svg.START, "mark start");
        svg.text(CENTRE, SIDE + 10, 12, to == null ? Svg.WARN : Svg.LINE, to == null
                ? "vector (" + vec[0] + "," + vec[1] + "): leaves the board or is no piece's move (null)"
                : "vector (" + vec[0] + "," + vec[1] + "): S (" + from[0] + "," + from[1] + ") to E ("
                        + to[0] + "," + to[1] + ")");
        return svg.build();
    }

    private static void mark(Svg svg, int[] square, String letter, String colour, String cssClass) {
        double[] at = centre(square[0], square[1]);
        svg.group(cssClass);
        svg.path(sector(square[0], square[1]), colour, "#ffffff", 1.5);
        svg.text(at[0], at[1], 11, "#ffffff", letter);
        svg.endGroup();
    }

    /** The inner radius of a rank's ring: rank 6 touches the hole, rank 1 is outermost. */
    private static double radius(int rank) {
        return HOLE + (RANKS - rank) * RING;
    }

    /** The angle (degrees clockwise from the top) where a file's sector starts. */
    private static double startAngle(int file) {
        return (file - 1) * 360.0 / FILES;
    }

    private static double middle(int file) {
        return startAngle(file) + 180.0 / FILES;
    }

    private static double[] centre(int rank, int file) {
        return polar(radius(rank) + RING / 2, middle(file));
    }

    private static double[] polar(double r, double degrees) {
        double radians = Math.toRadians(degrees);
        return new double[] {CENTRE + r * Math.sin(radians), CENTRE - r * Math.cos(radians)};
    }

    /** The annular sector of one square, as path data. */
    private static String sector(int rank, int file) {
        double inner = radius(rank);
        double outer = inner + RING;
        double a0 = startAngle(file);
        double a1 = a0 + 360.0 / FILES;
        double[] p0 = polar(outer, a0);
        double[] p1 = polar(outer, a1);
        double[] p2 = polar(inner, a1);
        double[] p3 = polar(inner, a0);
        return String.format(Locale.ROOT, "M%.2f %.2fA%.2f %.2f 0 0 1 %.2f %.2fL%.2f %.2fA%.2f %.2f 0 0 0 %.2f %.2fZ",
                p0[0], p0[1], outer, outer, p1[0], p1[1], p2[0], p2[1], inner, inner, p3[0], p3[1]);
    }
}

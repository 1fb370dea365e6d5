package org.katajudge.reference.drawing;

import java.util.Locale;

/**
 * A tiny writer of inline SVG for the katas' board drawings: one {@code <svg>} element with
 * shapes and escaped text, no ids, scripts or external references, so many drawings can share
 * one offline HTML page.
 */
public final class Svg {

    /** Colours shared by the drawings, so boards of different katas look like one family. */
    public static final String LIGHT = "#f0d9b5";
    public static final String DARK = "#b58863";
    public static final String LINE = "#5a4632";
    public static final String START = "#2e7d32";
    public static final String END = "#1565c0";
    public static final String WARN = "#e65100";

    private final StringBuilder text = new StringBuilder();

    /**
     * @param width  the picture's width in pixels (also its view box)
     * @param height its height
     * @param label  what it shows, for screen readers and as a tooltip
     * @param kind   a CSS class naming the drawing, e.g. {@code xiangqi}
     */
    public Svg(double width, double height, String label, String kind) {
        text.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board-svg ").append(escape(kind))
                .append("\" width=\"").append(n(width)).append("\" height=\"").append(n(height))
                .append("\" viewBox=\"0 0 ").append(n(width)).append(' ').append(n(height))
                .append("\" role=\"img\" aria-label=\"").append(escape(label)).append("\">")
                .append("<title>").append(escape(label)).append("</title>");
    }

    public Svg rect(double x, double y, double width, double height, String fill, String stroke) {
        text.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(width))
                .append("\" height=\"").append(n(height)).append("\" fill=\"").append(fill).append('"');
        return stroke(stroke, 1).close();
    }

    public Svg circle(double cx, double cy, double r, String fill, String stroke, double strokeWidth) {
        text.append("<circle cx=\"").append(n(cx)).append("\" cy=\"").append(n(cy)).append("\" r=\"").append(n(r))
                .append("\" fill=\"").append(fill).append('"');
        return stroke(stroke, strokeWidth).close();
    }

    public Svg line(double x1, double y1, double x2, double y2, String stroke, double strokeWidth) {
        text.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append('"');
        return stroke(stroke, strokeWidth).close();
    }

    /** A path ({@code d} built by the caller from numbers only). */
    public Svg path(String d, String fill, String stroke, double strokeWidth) {
        text.append("<path d=\"").append(escape(d)).append("\" fill=\"").append(fill).append('"');
        return stroke(stroke, strokeWidth).close();
    }

    /** Text centred on (x, y). */
    public Svg text(double x, double y, double size, String fill, String content) {
        text.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" font-size=\"").append(n(size))
                .append("\" font-family=\"sans-serif\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"")
                .append(fill).append("\">").append(escape(content)).append("</text>");
        return this;
    }

    /** Opens a group with a CSS class (for tests and styling), e.g. {@code piece}. */
    public Svg group(String cssClass) {
        text.append("<g class=\"").append(escape(cssClass)).append("\">");
        return this;
    }

    public Svg endGroup() {
        text.append("</g>");
        return this;
    }

    /** The finished {@code <svg>} element. */
    public String build() {
        return text + "</svg>";
    }

    /** XML-escapes text for an attribute value or element content. */
    public static String escape(String raw) {
        StringBuilder out = new StringBuilder(raw.length());
        raw.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    if (c < 0x20 || (c >= 0x7f && c < 0xa0)) {
                        out.append('?'); // not allowed in XML 1.0, and never meaningful in a drawing
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.toString();
    }

    private Svg stroke(String stroke, double width) {
        if (stroke != null) {
            text.append(" stroke=\"").append(stroke).append("\" stroke-width=\"").append(n(width)).append('"');
        }
        return this;
    }

    private Svg close() {
        text.append("/>");
        return this;
    }

    /** A number as SVG wants it: no exponent, at most two decimals, a dot whatever the locale. */
    static String n(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e9) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%.2f", value);
    }
}

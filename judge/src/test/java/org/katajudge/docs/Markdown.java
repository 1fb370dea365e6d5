package org.katajudge.docs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the documentation tests read in a Markdown file, as GitHub renders it: the headings' anchors,
 * the links, and the fenced code blocks.
 */
final class Markdown {

    private static final Pattern FENCE = Pattern.compile("^\\s{0,3}(```+|~~~+)\\s*([\\w-]*).*$");
    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
    /** {@code [text](target)} and {@code ![alt](target)}, with an optional "title". */
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");

    private final List<String> lines;

    private Markdown(List<String> lines) {
        this.lines = lines;
    }

    static Markdown of(String text) {
        return new Markdown(text.lines().toList());
    }

    /**
     * A link as written.
     *
     * @param line   its line number, from 1
     * @param target what is between the parentheses
     */
    record Link(int line, String target) {
    }

    /**
     * A fenced code block.
     *
     * @param language what follows the opening fence ({@code sh}, {@code json}...), or empty
     * @param text     its lines
     */
    record CodeBlock(String language, String text) {
    }

    /** Every link outside code blocks and code spans. */
    List<Link> links() {
        List<Link> links = new ArrayList<>();
        forEachProseLine((number, line) -> {
            Matcher link = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
            while (link.find()) {
                links.add(new Link(number, link.group(2)));
            }
        });
        return links;
    }

    /**
     * The anchors GitHub gives the headings: the heading's text lower-cased, its punctuation dropped,
     * each space a hyphen; the second heading of the same text gets {@code -1}, the third {@code -2}.
     * Also the anchors of {@code <a name="...">}.
     */
    Set<String> anchors() {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        forEachProseLine((number, line) -> {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(2));
                int count = seen.merge(slug, 1, Integer::sum);
                anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
            }
            Matcher html = HTML_ANCHOR.matcher(line);
            while (html.find()) {
                anchors.add(html.group(1));
            }
        });
        return anchors;
    }

    /** Every fenced code block, in order. */
    List<CodeBlock> codeBlocks() {
        List<CodeBlock> blocks = new ArrayList<>();
        String fence = null;
        String language = "";
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            Matcher opening = FENCE.matcher(line);
            if (fence == null) {
                if (opening.matches()) {
                    fence = opening.group(1);
                    language = opening.group(2);
                    text.setLength(0);
                }
            } else if (closes(line, fence)) {
                blocks.add(new CodeBlock(language, text.toString()));
                fence = null;
            } else {
                text.append(line).append('\n');
            }
        }
        return blocks;
    }

    /** GitHub's anchor of a heading's Markdown text. */
    static String slug(String heading) {
        String text = LINK.matcher(heading).replaceAll("$1");       // a link shows its text
        text = CODE_SPAN.matcher(text).replaceAll("$2");             // a code span its content
        text = text.replaceAll("(\\*\\*|__|\\*)", "");               // emphasis markers are not text
        StringBuilder slug = new StringBuilder();
        text.toLowerCase(Locale.ROOT).codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                slug.appendCodePoint(c);
            } else if (c == ' ') {
                slug.append('-');
            }
        });
        return slug.toString();
    }

    /** Whether {@code line} closes a block opened with {@code fence}: the same character, at least as many. */
    private static boolean closes(String line, String fence) {
        String stripped = line.strip();
        char mark = fence.charAt(0);
        return stripped.length() >= fence.length() && stripped.chars().allMatch(c -> c == mark);
    }

    private interface LineVisitor {
        void visit(int number, String line);
    }

    private void forEachProseLine(LineVisitor visitor) {
        String fence = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher opening = FENCE.matcher(line);
            if (fence == null && opening.matches()) {
                fence = opening.group(1);
            } else if (fence != null && closes(line, fence)) {
                fence = null;
            } else if (fence == null) {
                visitor.visit(i + 1, line);
            }
        }
    }
}

package org.katajudge.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.katajudge.catalog.Example;
import org.katajudge.catalog.JsonValues;
import org.katajudge.catalog.KataCaseViews;
import org.katajudge.catalog.KataCatalog;
import org.katajudge.catalog.KataDefinition;
import org.katajudge.kata.EntryPoint;
import org.katajudge.report.CaseViews;
import org.katajudge.report.Counterexample;
import org.katajudge.report.ReportJson;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a kata page shows of a kata, as JSON: its README rendered (CommonMark; raw HTML in it is
 * escaped, links sanitised), its methods, the skeleton of a solution, and its visible examples
 * with their boards drawn. Hidden examples are counted, never shown.
 */
public final class KataView {

    private static final Parser MARKDOWN = Parser.builder().build();
    private static final HtmlRenderer HTML = HtmlRenderer.builder().escapeHtml(true).sanitizeUrls(true).build();

    private final KataCatalog catalog;
    private final CaseViews views;
    private final Map<String, String> readmes = new ConcurrentHashMap<>();

    public KataView(KataCatalog catalog) {
        this.catalog = catalog;
        this.views = new KataCaseViews(catalog);
    }

    public KataCatalog catalog() {
        return catalog;
    }

    public CaseViews views() {
        return views;
    }

    public Optional<KataDefinition> kata(String id) {
        return id == null ? Optional.empty() : catalog.byId(id);
    }

    /** The list entry: id, title, level. */
    public ObjectNode summary(KataDefinition kata) {
        ObjectNode node = ReportJson.mapper().createObjectNode();
        node.put("id", kata.id());
        node.put("title", kata.spec().title());
        node.put("level", kata.spec().difficulty());
        return node;
    }

    /** The kata page's content. */
    public ObjectNode detail(KataDefinition kata) {
        ObjectNode node = summary(kata);
        node.put("className", kata.spec().className());
        ArrayNode methods = node.putArray("methods");
        for (EntryPoint entryPoint : kata.entryPoints()) {
            methods.addObject().put("name", entryPoint.method()).put("signature", entryPoint.signature());
        }
        node.put("readmeHtml", readmes.computeIfAbsent(kata.id(), id -> HTML.render(MARKDOWN.parse(readme(kata)))));
        node.putObject("skeleton").put(kata.spec().className() + ".java", skeleton(kata));
        ArrayNode examples = node.putArray("examples");
        int hidden = 0;
        for (Example example : kata.examples()) {
            if (example.hidden()) {
                hidden++;
                continue;
            }
            JsonNode args = JsonValues.toJson(example.args());
            JsonNode expected = JsonValues.toJson(example.expected());
            ObjectNode shown = examples.addObject();
            shown.put("name", example.name());
            shown.put("method", example.method());
            shown.set("args", args);
            shown.set("expected", expected);
            Counterexample asCase = new Counterexample(example.method(), example.name(), args, expected, null, null, null,
                    null, null, 0, null);
            shown.put("svg", views.svg(kata.id(), asCase));
            shown.put("call", views.javaCall(kata.id(), asCase));
        }
        node.put("hiddenExamples", hidden);
        return node;
    }

    /** The board of one call of a kata's method, or null when the kata draws none. */
    public String svg(String kata, String method, JsonNode args) {
        return views.svg(kata, new Counterexample(method, null, args, null, null, null, null, null, null, 0, null));
    }

    /** A class that compiles and declares every method, each failing until written. */
    static String skeleton(KataDefinition kata) {
        StringBuilder text = new StringBuilder("public class ").append(kata.spec().className()).append(" {\n");
        for (EntryPoint entryPoint : kata.entryPoints()) {
            text.append("\n    ").append(entryPoint.signature()).append(" {\n")
                    .append("        // your solution here\n")
                    .append("        throw new UnsupportedOperationException(\"").append(entryPoint.method())
                    .append(" is not written yet\");\n")
                    .append("    }\n");
        }
        return text.append("}\n").toString();
    }

    private static String readme(KataDefinition kata) {
        try {
            Optional<Path> file = kata.folder().map(f -> f.resolve("README.md")).filter(Files::isRegularFile);
            if (file.isPresent()) {
                return Files.readString(file.get(), StandardCharsets.UTF_8);
            }
            try (InputStream in = KataView.class.getClassLoader().getResourceAsStream("katas/" + kata.id() + "/README.md")) {
                if (in != null) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        } catch (IOException e) {
            // shown as missing below
        }
        return "# " + kata.spec().title() + "\n\n(This kata has no README.)\n";
    }

    /** Every kata, in the catalog's order. */
    public List<KataDefinition> katas() {
        return catalog.katas();
    }
}

package org.katajudge.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The published schemas themselves: each is a JSON Schema (2020-12) by JSON Schema's own
 * meta-schema, and the report schema holds the contracts the judge writes to: a result's
 * verdicts, a test's kinds, nothing undeclared.
 */
class SchemasTest {

    static final List<String> RESOURCES = Schemas.RESOURCES;

    @ParameterizedTest
    @FieldSource("RESOURCES")
    void everyPublishedSchemaIsAJsonSchema(String resource) {
        Schemas.metaSchema().assertValid(HandMade.json(Schemas.text(resource)));
    }

    @Test
    void theMetaSchemaRejectsWhatIsNoSchema() {
        assertFalse(Schemas.metaSchema().problems(HandMade.json("{\"type\": \"text\"}")).isEmpty(),
                "a type JSON Schema does not have");
        assertFalse(Schemas.metaSchema().problems(HandMade.json("{\"required\": \"name\"}")).isEmpty(),
                "required is a list of names");
    }

    @Test
    void aReportOfAHandMadeResultConformsAndEachContractIsChecked() {
        ObjectNode report = report(HandMade.xiangqiWrong("carol", "class/xiangqi-board-validator/carol"));
        assertEquals(List.of(), Schemas.reportSchema().problems(report));

        ObjectNode unknownKind = report.deepCopy();
        ((ObjectNode) unknownKind.get("results").get(0).get("tests").get(0)).put("kind", "COMPILE");
        assertFalse(Schemas.reportSchema().problems(unknownKind).isEmpty(), "kind is compile, example or random");

        ObjectNode unknownVerdict = report.deepCopy();
        ((ObjectNode) unknownVerdict.get("results").get(0)).put("verdict", "WRONG");
        assertFalse(Schemas.reportSchema().problems(unknownVerdict).isEmpty(), "a verdict the judge never gives");

        ObjectNode undeclared = report.deepCopy();
        ((ObjectNode) undeclared.get("results").get(0)).put("grade", 1);
        List<String> problems = Schemas.reportSchema().problems(undeclared);
        assertTrue(problems.stream().anyMatch(p -> p.contains("grade")), "a field the schema does not declare: " + problems);

        ObjectNode noSummary = report.deepCopy();
        noSummary.remove("summary");
        assertFalse(Schemas.reportSchema().problems(noSummary).isEmpty(), "summary is required");
    }

    /** A report as {@code grade --json} writes one, of one result. */
    private static ObjectNode report(SubmissionResult result) {
        ObjectNode root = ReportJson.mapper().createObjectNode();
        root.putArray("results").add((JsonNode) ReportJson.mapper().valueToTree(result));
        ObjectNode summary = root.putObject("summary");
        summary.put("total", 1).put("accepted", 0);
        summary.putObject("verdicts").put(result.verdict().name(), 1);
        summary.put("seconds", 1.5).put("seed", 0);
        root.putObject("judge").put("version", "dev").put("command", "grade");
        return root;
    }
}
